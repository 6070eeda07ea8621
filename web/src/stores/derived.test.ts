import { inventoryCapacity } from "@pickle-garden/shared";
import { describe, expect, it } from "vitest";
import { playerView } from "../../testing/fixtures.ts";
import { activityCycle, activityPath, inventoryUsed, skillBonus } from "./derived.ts";

describe("derived views", () => {
  it("inventory used/total with the inv_size:+ modifier", () => {
    const p = playerView({ modifiers: { "inv_size:+": 4 } });
    expect(inventoryUsed(p)).toBe(1);
    expect(inventoryCapacity(p)).toBe(24);
  });

  it("gear bonus of the active class", () => {
    const p = playerView({ activeCharacter: "warrior" });
    p.equipmentSlots.melee.mainhand = { id: 30107, stack: 1 };
    expect(skillBonus(p, "melee")).toBe(2);
    expect(skillBonus({ ...p, activeCharacter: "seed" }, "melee")).toBe(0);
  });

  it("activity cycle and path", () => {
    const p = playerView({
      currentAction: {
        skill: "mining",
        location: "garden",
        lastUpdate: 0,
        nodeId: 101,
        nodeHp: 5,
        nodeMaxHp: 10,
        nextHitAt: 10_000,
      },
    });
    expect(activityCycle(p)).toEqual({ cycleMs: 3000, startedAt: 7000 });
    expect(activityPath(p.currentAction)).toBe("/skills/mining/garden");
    expect(activityPath({ skill: "combat", location: "aphid_nest" })).toBe("/skills/combat/aphid_nest");
    expect(activityPath({ skill: "smithing", location: "home" })).toBe("/skills/smithing");
    expect(activityPath({ skill: "none", location: "home" })).toBe("/");
  });
});
