import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { groupMember, playerView } from "../../testing/fixtures.ts";
import { resetStores } from "../../testing/resetStores.ts";
import { setPlayer } from "../stores/playerStore.ts";
import { applyGroupUpdate, setRoom } from "../stores/roomStore.ts";
import { useUiStore } from "../stores/uiStore.ts";
import { watchPartyComings } from "./partyComings.ts";
import "../i18n/index.ts";

const toasts = () =>
  useUiStore
    .getState()
    .messages.filter((m) => m.toast)
    .map((m) => m.text);

let stop: () => void = () => undefined;
beforeEach(() => {
  resetStores();
  stop = watchPartyComings();
});
afterEach(() => stop());

describe("join and leave toasts", () => {
  it("say who joined or left the room, never the player's own arrival", () => {
    setPlayer(playerView({ discordId: "me", username: "Alice" }));
    setRoom("garden-club");
    const me = groupMember("me", "Alice");
    applyGroupUpdate({ roomId: "garden-club", players: [me], members: ["me"] });
    expect(toasts()).toEqual([]);
    applyGroupUpdate({
      roomId: "garden-club",
      players: [groupMember("g1", "Guest Sprout"), groupMember("g2", "Guest Sprout")],
      members: ["me", "g1", "g2"],
    });
    const [one, two] = toasts();
    expect(one).toMatch(/^Guest Sprout #[0-9a-f]{4} joined the group$/);
    expect(two).toMatch(/^Guest Sprout #[0-9a-f]{4} joined the group$/);
    expect(one).not.toBe(two);
    applyGroupUpdate({ roomId: "garden-club", players: [], members: ["me", "g2"] });
    expect(toasts().at(-1)).toMatch(/^Guest Sprout #[0-9a-f]{4} left the group$/);
    // a progress change says nothing
    applyGroupUpdate({ roomId: "garden-club", players: [{ discordId: "g2", health: 10 }] });
    expect(toasts()).toHaveLength(3);
  });
});
