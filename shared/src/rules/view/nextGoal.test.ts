import { describe, expect, it } from "vitest";
import { acting, withNodes } from "../../../testing/players.ts";
import { LAB_NODES } from "../../data/labNodes.ts";
import type { Player } from "../../protocol/player.ts";
import type { Quest } from "../../protocol/quests.ts";
import { addItems } from "../state/addItems.ts";
import { newPlayer } from "../state/newPlayer.ts";
import { nextGoal } from "./nextGoal.ts";
import { playerView } from "./playerView.ts";

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

/** A player owning every node that costs nothing: with no RP, nothing is affordable. */
function player(quests: Quest[] = [], rp = 0): Player {
  const p = newPlayer({ discordId: "p", username: "p", now: 0, seed: 1 });
  const nodes = { ...p.lab.nodes };
  for (const s of ["mining", "mycology", "botany"]) nodes[`south:${s}:unlock`] = { level: 1, boughtAt: 0 };
  for (const [id, node] of Object.entries(LAB_NODES))
    if (node.cost[0] === 0 && !node.unlockRoot) nodes[id] = { level: 1, boughtAt: 0 };
  return { ...p, lab: { ...p.lab, rp, nodes }, quests: { ...p.quests, day: 0, daily: quests } };
}
const goal = (p: Player) => nextGoal(playerView(p));

/** Every situation at once: each rule below is taken away in turn to show the next one. */
function everything(): Player {
  const ready = quest({ id: "ready", progress: 100 });
  const fresh = newPlayer({ discordId: "e", username: "e", now: 0, seed: 1 });
  let p = withNodes({ ...fresh, lab: { ...fresh.lab, rp: 1e9 } }, [
    "south:mining:unlock",
    "south:smithing:unlock",
    "south:melee:unlock",
  ]);
  p = { ...p, quests: { ...p.quests, day: 0, daily: [quest({ id: "near", progress: 90 }), ready] } };
  p = addItems(p, [{ id: 10001, quantity: 30 }]).player;
  p = { ...p, skills: { ...p.skills, mining: { level: 12, xp: 4000 } } };
  return acting(p, "mining", "garden");
}

describe("the next goal", () => {
  it("ranks a full inventory, a fight being lost, a quest to claim, an idle craft slot and a better place above any lab node", () => {
    const all = everything();
    const full = { ...all, inventory: all.inventory.map((_, i) => ({ id: 100 + i, stack: 1 })) };
    expect(goal(full)).toEqual({ kind: "full" });
    const fighting = { ...acting(all, "combat", "aphid_nest"), health: 1 };
    expect(goal(fighting)).toEqual({ kind: "losing", location: "aphid_nest" });
    expect(goal(all)).toMatchObject({ kind: "claim", quest: { id: "ready" } });
    const claimed = {
      ...all,
      quests: { ...all.quests, daily: all.quests.daily.filter((q) => q.id !== "ready") },
    };
    expect(goal(claimed)).toEqual({ kind: "craft", skill: "smithing", itemId: 20001 });
    const noDirt = { ...claimed, inventory: claimed.inventory.map(() => ({ id: -1, stack: 0 })) };
    // mining 12 opens the second mine (level 5) and the third (level 10): the highest is the one to go to
    expect(goal(noDirt)).toMatchObject({ kind: "place", skill: "mining" });
    const best = goal(noDirt);
    const there = acting(noDirt, "mining", best.kind === "place" ? best.location : "garden");
    expect(goal(there)).toMatchObject({ kind: "lab", affordable: true });
  });

  it("without RP: the quest closest to done, then the lab node to save for, with the RP so far", () => {
    const near = quest({ id: "near", progress: 90 });
    const far = quest({ id: "far", progress: 10 });
    expect(goal(player([far, near]))).toMatchObject({ kind: "quest", quest: { id: "near" } });
    expect(goal(player([], 3))).toMatchObject({ kind: "lab", affordable: false, rp: 3 });
  });

  it("a new player's first goal is the one lab node it can buy", () => {
    const fresh = newPlayer({ discordId: "n", username: "n", now: 0, seed: 1 });
    expect(goal(fresh)).toMatchObject({ kind: "lab" });
  });
});
