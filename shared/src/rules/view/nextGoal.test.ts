import { describe, expect, it } from "vitest";
import { fighter } from "../../../testing/fighters.ts";
import { acting, withNodes } from "../../../testing/players.ts";
import { LAB_NODES } from "../../data/labNodes.ts";
import type { Player } from "../../protocol/player.ts";
import type { Quest } from "../../protocol/quests.ts";
import { startCraft } from "../intents/startCraft.ts";
import { addItems } from "../state/addItems.ts";
import { newPlayer } from "../state/newPlayer.ts";
import { levelProgress } from "./levelProgress.ts";
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
    // the three gathering unlocks cost nothing at first: the first of the table wins the tie
    expect(goal(fresh)).toEqual({
      kind: "lab",
      nodeId: "south:mining:unlock",
      cost: 0,
      rp: 0,
      affordable: true,
    });
  });

  it("with the whole lab bought and no quest: the next level of the skill trained, or of the most trained one at rest", () => {
    const all = withNodes(newPlayer({ discordId: "m", username: "m", now: 0, seed: 1 }), [
      "south:mining:unlock",
    ]);
    const nodes = Object.fromEntries(
      Object.entries(LAB_NODES).map(([id, n]) => [id, { level: n.maxLevel, boughtAt: 0 }]),
    );
    const maxed: Player = {
      ...all,
      lab: { ...all.lab, nodes },
      skills: {
        ...all.skills,
        picklelogy: { level: 9, xp: 9000 },
        botany: { level: 4, xp: 700 },
        mining: { level: 3, xp: 300 },
      },
    };
    expect(goal(maxed)).toEqual({
      kind: "level",
      skill: "botany",
      level: 5,
      toNext: levelProgress(4, 700).toNext,
    });
    expect(goal(acting(maxed, "mining", "garden"))).toMatchObject({
      kind: "level",
      skill: "mining",
      level: 4,
    });
    // equal xp everywhere: the first skill listed
    const even = { ...maxed, skills: { ...all.skills, picklelogy: { level: 9, xp: 9000 } } };
    const first = Object.keys(even.skills).filter((s) => s !== "picklelogy")[0];
    expect(goal(even)).toMatchObject({ kind: "level", skill: first, level: 2 });
    // a fight at the highest place its level opens: the class's style
    const warrior = {
      ...fighter({ location: "aphid_nest", character: "warrior" }),
      lab: maxed.lab,
      quests: maxed.quests,
    };
    expect(goal(warrior)).toMatchObject({ kind: "level", skill: "melee", level: 2 });
  });

  it("a fight is being lost when dead, or below a quarter of the health; a quarter exactly is not", () => {
    const f = fighter({ location: "aphid_nest", level: 10 });
    expect(goal({ ...f, health: f.maxHealth / 4 })).not.toMatchObject({ kind: "losing" });
    expect(goal({ ...f, health: f.maxHealth / 4 - 1 })).toEqual({ kind: "losing", location: "aphid_nest" });
    expect(goal({ ...f, deathInfo: { startedAt: 0, respawnAt: 10_000 } })).toEqual({
      kind: "losing",
      location: "aphid_nest",
    });
    const resting = {
      ...f,
      health: 1,
      currentAction: { ...f.currentAction, skill: "none" as const, location: "home" },
    };
    expect(goal(resting)).not.toMatchObject({ kind: "losing" });
  });

  it("a better fighting place is the highest the class's level opens", () => {
    const f = { ...player(), ...fighter({ location: "aphid_nest", level: 12, character: "warrior" }) };
    expect(goal({ ...f, lab: player().lab, quests: player().quests })).toEqual({
      kind: "place",
      skill: "combat",
      location: "trash_can",
    });
  });

  it("an idle craft slot asks for the highest recipe the materials pay for, and only an unlocked slot counts", () => {
    let smith = withNodes(newPlayer({ discordId: "s", username: "s", now: 0, seed: 1 }), [
      "south:mining:unlock",
      "south:smithing:unlock",
    ]);
    smith = addItems(smith, [
      { id: 10001, quantity: 2 },
      { id: 10002, quantity: 2 },
      { id: 10003, quantity: 2 },
    ]).player;
    smith = { ...smith, skills: { ...smith.skills, smithing: { level: 10, xp: 0 } } };
    expect(goal(smith)).toEqual({ kind: "craft", skill: "smithing", itemId: 20003 });
    // slot 1 busy, slots 2 to 4 idle but locked: no idle slot
    const busy = startCraft(smith, { craftingSkill: "smithing", itemId: 20001, slotId: 0, quantity: 1 }, 0);
    if (!busy.ok) throw new Error(busy.message);
    expect(goal(busy.state)).not.toMatchObject({ kind: "craft" });
  });

  it("an idle slot asks only for its own skill's recipes at its level, every input held in full, while any slot is idle", () => {
    const smith = (level: number, items: { id: number; quantity: number }[]): Player => {
      const p = withNodes(newPlayer({ discordId: "s", username: "s", now: 0, seed: 1 }), [
        "south:mining:unlock",
        "south:smithing:unlock",
      ]);
      return { ...addItems(p, items).player, skills: { ...p.skills, smithing: { level, xp: 0 } } };
    };
    // a tanner's hide only, or one bar short of a level-88 piece: nothing to craft
    expect(goal(smith(10, [{ id: 11001, quantity: 1 }])).kind).toBe("lab");
    const short = smith(88, [
      { id: 15008, quantity: 4 },
      { id: 15009, quantity: 2 },
      { id: 20010, quantity: 1 },
    ]);
    expect(goal(short).kind).toBe("lab");
    // exactly one of each ore at level 1: only the first bar
    const ores = [10001, 10002, 10003].map((id) => ({ id, quantity: 1 }));
    expect(goal(smith(1, ores))).toEqual({ kind: "craft", skill: "smithing", itemId: 20001 });
    // a second slot idle beside a busy one
    const two = smith(10, ores);
    two.featureFlags = { ...two.featureFlags, "smithing:slot:2": true };
    const busy = startCraft(two, { craftingSkill: "smithing", itemId: 20001, slotId: 0, quantity: 1 }, 0);
    if (!busy.ok) throw new Error(busy.message);
    expect(goal(busy.state)).toEqual({ kind: "craft", skill: "smithing", itemId: 20003 });
  });

  it("a better place reads the level of the skill worked, up to the place it opens exactly", () => {
    const p = withNodes(newPlayer({ discordId: "m", username: "m", now: 0, seed: 1 }), [
      "south:mining:unlock",
      "south:botany:unlock",
    ]);
    const miner = acting(
      { ...p, skills: { ...p.skills, mining: { level: 10, xp: 1200 } } },
      "mining",
      "garden",
    );
    expect(goal(miner)).toEqual({ kind: "place", skill: "mining", location: "path" });
    // mining is the most trained skill, but botany at level 1 opens nothing past the fountain
    const botanist = acting(miner, "botany", "fountain");
    expect(goal(botanist).kind).toBe("lab");
  });

  it("the quest to work on is the unclaimed one closest to done by its share, not a claimed one", () => {
    const claimed = quest({ id: "claimed", progress: 100, claimed: true });
    const half = quest({ id: "half", progress: 1, count: 2 });
    const third = quest({ id: "third", progress: 3, count: 10 });
    expect(goal(player([claimed, third, half]))).toMatchObject({ kind: "quest", quest: { id: "half" } });
    expect(goal(player([half, third, claimed]))).toMatchObject({ kind: "quest", quest: { id: "half" } });
  });
});
