import { describe, expect, it } from "vitest";
import { fighter } from "../../../../testing/fighters.ts";
import { gatherer } from "../../../../testing/players.ts";
import { afterDisconnectLeave, isInstanceRoom, multiplayerUnlocked } from "./roomEntry.ts";

describe("room entry", () => {
  it("an activity's room is recognised by its prefix; a web room needs the multiplayer node", () => {
    expect(isInstanceRoom("discord:123")).toBe(true);
    expect(isInstanceRoom("garden-club")).toBe(false);
    const p = gatherer(1);
    expect(multiplayerUnlocked(p)).toBe(false);
    expect(multiplayerUnlocked({ featureFlags: { ...p.featureFlags, multiplayer: true } })).toBe(true);
  });

  it("leaving by a disconnect sends a fighter home to rest and leaves a gatherer at work", () => {
    const f = fighter({ location: "aphid_nest", seed: 1 });
    const rested = afterDisconnectLeave(f, 5_000);
    expect(rested.currentAction).toMatchObject({ skill: "none", location: "home" });
    const g = gatherer(1);
    expect(afterDisconnectLeave(g, 5_000)).toBe(g);
  });
});
