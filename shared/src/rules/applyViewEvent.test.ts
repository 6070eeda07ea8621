import { describe, expect, it } from "vitest";
import { addItemsInPlace } from "./addItems.ts";
import { applyViewEvent, viewPatch } from "./applyViewEvent.ts";
import { clonePlayer } from "./clonePlayer.ts";
import { playerView } from "./playerView.ts";
import { gatherer } from "./testing.ts";

describe("applyViewEvent and viewPatch", () => {
  it("an event applies its own fields; the patch holds only what the events left out, never settledAt", () => {
    const view = playerView(gatherer(1));
    const hit = applyViewEvent(view, "gatheringNode", { nodeId: 101, nodeHp: 4, nodeMaxHp: 15 });
    expect(hit.currentAction).toMatchObject({ nodeId: 101, nodeHp: 4, nodeMaxHp: 15 });
    expect(hit.skills).toBe(view.skills);
    const server = { ...hit, settledAt: hit.settledAt + 3000, gold: 9 };
    expect(viewPatch(hit, server)).toEqual({ gold: 9 });
    expect(viewPatch(hit, { ...hit, currentAction: { ...hit.currentAction } })).toEqual({});
    expect(applyViewEvent(view, "xpUpdate", { ...xp, playerId: "someone else" })).toBe(view);
    expect(applyViewEvent(view, "xpUpdate", xp).skills.mining).toEqual({ xp: 12, level: 1 });
  });

  it("the next hit follows the reader's own hit only; a patch leaves out the bookkeeping no client shows", () => {
    const view = playerView(gatherer(1));
    const node = { nodeId: 101, nodeHp: 4, nodeMaxHp: 15, at: 50_000 };
    expect(applyViewEvent(view, "gatheringNode", node).currentAction.nextHitAt).toBe(
      50_000 + view.miningSpeed,
    );
    const theirs = applyViewEvent(view, "gatheringNode", { ...node, playerId: "someone else" });
    expect(theirs.currentAction).toMatchObject({ nodeHp: 4, nextHitAt: view.currentAction.nextHitAt });
    const kept = {
      ...view,
      currentAction: { ...view.currentAction, lastUpdate: 99 },
      combat: { ...view.combat, regenAcc: { health: 0.5, mana: 0.25 }, nextRegenAt: 7, manaSpent: 3 },
    };
    expect(viewPatch(view, kept)).toEqual({});
    const cooled = { ...kept, combat: { ...kept.combat, spellReadyAt: { fireball: 9 } } };
    expect(viewPatch(view, cooled)).toEqual({ combat: cooled.combat });
  });
});

const xp = {
  playerId: "tester",
  skill: "mining" as const,
  delta: 12,
  xp: 12,
  level: 1,
  rpGain: 0,
  picklelogyGain: 0,
};

describe("a drop or loot in the view", () => {
  it("goes into the inventory as the rules put it, so no patch repeats the inventory", () => {
    const player = gatherer(1);
    const rules = clonePlayer(player);
    addItemsInPlace(rules, { id: 10001, quantity: 3 });
    addItemsInPlace(rules, { id: 15001, quantity: 1 });
    const view = playerView(player);
    const dropped = applyViewEvent(view, "gatheringUpdate", {
      skill: "mining",
      playerId: "tester",
      reward: { id: 10001, stack: 3 },
    });
    const looted = applyViewEvent(dropped, "monsterLoot", {
      playerId: "tester",
      monsterId: 1,
      items: [{ id: 15001, quantity: 1 }],
    });
    expect(looted.inventory).toEqual(rules.inventory);
    expect(viewPatch(looted, playerView(rules))).toEqual({});
    expect(view.inventory).toEqual(player.inventory);
    const theirs = { skill: "mining" as const, playerId: "someone else", reward: { id: 10001, stack: 3 } };
    expect(applyViewEvent(view, "gatheringUpdate", theirs)).toBe(view);
  });
});
