import { describe, expect, it } from "vitest";
import { fighter } from "../../../../testing/fighters.ts";
import { gatherer } from "../../../../testing/players.ts";
import type { Player } from "../../../protocol/player.ts";
import { placeOf } from "./places.ts";

const doing = (p: Player, skill: string, location: string): Player => ({
  ...p,
  currentAction: { ...p.currentAction, skill: skill as Player["currentAction"]["skill"], location },
});

describe("placeOf", () => {
  it("a gatherer's node and a fighter's monsters are places", () => {
    expect(placeOf(gatherer(1))).toEqual({
      kind: "gather",
      key: "mining@garden",
      skill: "mining",
      location: "garden",
    });
    expect(placeOf(fighter({ location: "aphid_nest" }))).toEqual({
      kind: "fight",
      key: "aphid_nest",
      location: "aphid_nest",
    });
  });

  it("is null for an action without its flag, a place with no nodes or monsters, a fighter out, a rest", () => {
    const g = gatherer(1);
    expect(placeOf({ ...g, featureFlags: { ...g.featureFlags, mining: false } })).toBeNull();
    expect(placeOf(doing(g, "mining", "nowhere"))).toBeNull();
    const f = fighter({ location: "aphid_nest" });
    expect(placeOf(doing(f, "combat", "nowhere"))).toBeNull();
    expect(placeOf({ ...f, combat: { ...f.combat, quit: true } })).toBeNull();
    expect(placeOf(doing(f, "none", "home"))).toBeNull();
  });
});
