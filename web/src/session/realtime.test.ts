import type { InventoryFullCode } from "@pickle-garden/shared";
import { beforeEach, describe, expect, it } from "vitest";
import { playerView } from "../../testing/fixtures.ts";
import { resetStores } from "../../testing/resetStores.ts";
import { dispatchServerEvent } from "../api/serverEvents.ts";
import { useSocketStore } from "../api/socket.ts";
import { setPlayer } from "../stores/playerStore.ts";
import { useUiStore } from "../stores/uiStore.ts";
import { startRealtime } from "./realtime.ts";
import "../i18n/index.ts";

beforeEach(resetStores);

const texts = () => useUiStore.getState().messages.map((m) => m.text);

/** The server's info popup for items that did not all fit (the fixture's player is guest-abc123). */
function full(code: InventoryFullCode, itemId: number, lost: number, playerId = "guest-abc123") {
  dispatchServerEvent("popup", { type: "info", itemId, code, value: lost, playerId });
}

describe("realtime: the inventory texts the rules chose (spec shell §8)", () => {
  it("logs the text the popup's code names, once per event, and only the player's own", () => {
    setPlayer(playerView());
    const stop = startRealtime();
    // a drop that fitted says nothing: only the popup's code makes a line
    dispatchServerEvent("gatheringUpdate", {
      skill: "mining",
      playerId: "guest-abc123",
      nodeId: 1,
      reward: { id: 10001, stack: 3 },
      lost: 2,
    });
    dispatchServerEvent("popup", { type: "info", spellId: "heal", playerId: "guest-abc123" });
    expect(texts()).toEqual([]);
    full("inventory/full_stack", 10001, 2);
    expect(texts()).toEqual(["Inventory full! Could not add full Dirt stack."]);
    full("inventory/no_space_to_stack", 10001, 3);
    expect(texts().at(-1)).toBe("No space to stack Dirt.");
    full("inventory/no_space_to_add", 10002, 4);
    expect(texts().at(-1)).toMatch(/^No space to add 4 \S.*\.$/);
    expect(texts()).toHaveLength(3);
    full("inventory/no_space_to_add", 10001, 3, "someone-else");
    expect(texts()).toHaveLength(3);
    stop();
  });

  it("logs in the player's language", async () => {
    const { i18n } = await import("../i18n/index.ts");
    setPlayer(playerView());
    const stop = startRealtime();
    await i18n.changeLanguage("fr");
    try {
      full("inventory/no_space_to_stack", 10001, 3);
      expect(texts().at(-1)).toBe("Pas de place pour empiler Terre.");
    } finally {
      await i18n.changeLanguage("en");
      stop();
    }
  });
});

describe("realtime: a handshake the server refuses for too many sockets", () => {
  it("says so once, with the limit, in the log and a toast", () => {
    setPlayer(playerView());
    const stop = startRealtime();
    useSocketStore.setState({ refusal: { error: "TooManyConnections", limit: 10 } });
    expect(texts()).toEqual([
      "The game is open in too many tabs or devices (at most 10): close one, then reload this page.",
    ]);
    expect(useUiStore.getState().messages[0]).toMatchObject({ tone: "error", toast: true });
    // another refusal (a session that ended) is not this one
    useSocketStore.setState({ refusal: { error: "SessionRequired" } });
    expect(texts()).toHaveLength(1);
    stop();
  });
});

describe("realtime: a death and the fight going on", () => {
  it("says the player died, then where its fight goes on", () => {
    const fresh = playerView();
    setPlayer(
      playerView({
        currentAction: { ...fresh.currentAction, skill: "combat", location: "aphid_nest" },
      }),
    );
    const stop = startRealtime();
    dispatchServerEvent("playerDeath", { playerId: "guest-abc123", respawnAt: 10_000 });
    dispatchServerEvent("playerRevived", { playerId: "guest-abc123", health: 100, mana: 50 });
    expect(texts()).toEqual([
      "You died! In 10 seconds you regrow and fight on at Aphid Nest.",
      "You regrew! Back to the fight at Aphid Nest.",
    ]);
    stop();
  });
});
