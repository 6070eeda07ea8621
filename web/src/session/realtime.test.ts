import { beforeEach, describe, expect, it } from "vitest";
import { dispatchServerEvent } from "../api/serverEvents.ts";
import { setPlayer } from "../stores/playerStore.ts";
import { useUiStore } from "../stores/uiStore.ts";
import { playerView } from "../test/fixtures.ts";
import { resetStores } from "../test/resetStores.ts";
import { startRealtime } from "./realtime.ts";
import "../i18n/index.ts";

beforeEach(resetStores);

const texts = () => useUiStore.getState().messages.map((m) => m.text);

/** A gathering reward for the fixture's player (guest-abc123 holds 5 Dirt, id 10001). */
function gathered(reward: { id: number; stack: number }, lost?: number, playerId = "guest-abc123") {
  dispatchServerEvent("gatheringUpdate", { skill: "mining", playerId, nodeId: 1, reward, lost });
}

describe("realtime: the inventory texts of a gathering reward (spec shell §8)", () => {
  it("logs the one text that fits, once per event", () => {
    // one slot, Dirt in it: the drops that did not fit are what the server says was lost
    setPlayer({ ...playerView(), inv_size: 1, inventory: [{ id: 10001, stack: 5 }] });
    const stop = startRealtime();
    gathered({ id: 10001, stack: 3 }); // all fit
    gathered({ id: 10001, stack: 3 }, 0);
    expect(texts()).toEqual([]);
    gathered({ id: 10001, stack: 3 }, 2); // one kept
    expect(texts()).toEqual(["Inventory full! Could not add full Dirt stack."]);
    gathered({ id: 10001, stack: 3 }, 3); // none kept, Dirt held
    expect(texts().at(-1)).toBe("No space to stack Dirt.");
    gathered({ id: 10002, stack: 4 }, 4); // none kept, not held
    expect(texts().at(-1)).toMatch(/^No space to add 4 \S.*\.$/);
    expect(texts()).toHaveLength(3);
    gathered({ id: 10001, stack: 3 }, 3, "someone-else");
    expect(texts()).toHaveLength(3);
    stop();
  });

  it("logs in the player's language", async () => {
    const { i18n } = await import("../i18n/index.ts");
    setPlayer(playerView());
    const stop = startRealtime();
    await i18n.changeLanguage("fr");
    try {
      gathered({ id: 10001, stack: 3 }, 3);
      expect(texts().at(-1)).toBe("Pas de place pour empiler Terre.");
    } finally {
      await i18n.changeLanguage("en");
      stop();
    }
  });
});
