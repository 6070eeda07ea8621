import { LAB_NODES, newPlayer, type Player, playerView, type Quest } from "@pickle-garden/shared";
import { describe, expect, it } from "vitest";
import { nextGoal } from "./nextGoal.ts";

const quest = (over: Partial<Quest>): Quest => ({
  id: "1.0",
  kind: "gather",
  skill: "mining",
  subject: null,
  location: null,
  count: 100,
  progress: 0,
  reward: { gold: 100, rp: 10, xp: 100 },
  claimed: false,
  ...over,
});

/** A player owning every node that costs nothing (the gathering, crafting and style unlocks): with no RP, nothing is affordable. */
function player(quests: Quest[], rp = 0): Player {
  const p = newPlayer({ discordId: "p", username: "p", now: 0, seed: 1 });
  const nodes = { ...p.lab.nodes };
  for (const s of ["mining", "mycology", "botany"]) nodes[`south:${s}:unlock`] = { level: 1, boughtAt: 0 };
  for (const [id, node] of Object.entries(LAB_NODES))
    if (node.cost[0] === 0 && !node.unlockRoot) nodes[id] = { level: 1, boughtAt: 0 };
  return { ...p, lab: { ...p.lab, rp, nodes }, quests: { ...p.quests, day: 0, daily: quests } };
}

describe("Home's next goal", () => {
  it("is a quest ready to claim first", () => {
    const ready = quest({ id: "r", progress: 100 });
    expect(nextGoal(playerView(player([quest({}), ready], 1e6))).kind).toBe("claim");
  });

  it("then a lab node affordable now, then the quest closest to done", () => {
    const near = quest({ id: "near", progress: 90 });
    const far = quest({ id: "far", progress: 10 });
    expect(nextGoal(playerView(player([far, near], 1e6))).kind).toBe("lab");
    const goal = nextGoal(playerView(player([far, near])));
    expect(goal).toMatchObject({ kind: "quest", quest: { id: "near" } });
  });

  it("without quests: the next lab node to save for, with the RP so far", () => {
    expect(nextGoal(playerView(player([], 3)))).toMatchObject({ kind: "lab", affordable: false, rp: 3 });
  });
});
