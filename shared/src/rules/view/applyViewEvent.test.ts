import { describe, expect, it } from "vitest";
import { freshFighter } from "../../../testing/fighters.ts";
import { gatherer } from "../../../testing/players.ts";
import type { PlayerView } from "../../protocol/player.ts";
import { advance } from "../simulation/advance.ts";
import type { PopupType } from "../simulation/combat/events.ts";
import { monsterProto } from "../simulation/combat/monsterProto.ts";
import { addItemsInPlace } from "../state/addItems.ts";
import { clonePlayer } from "../state/clonePlayer.ts";
import type { GameEvent } from "../state/events.ts";
import { xpAfterGain } from "../state/grantXp.ts";
import { applyViewEvent, placePatch, viewPatch } from "./applyViewEvent.ts";
import { playerView } from "./playerView.ts";

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

describe("a fight in the view", () => {
  /** The socket payloads (eventsToSocket on the server) of a fight's hits and bites, applied to the view. */
  function applyFight(view: PlayerView, events: readonly GameEvent[]): PlayerView {
    let v = view;
    for (const e of events) {
      if (e.type === "combatPopup" && e.target.kind === "monster")
        v = applyViewEvent(v, "popup", { type: e.popup, value: e.amount, target: e.target.uid });
      if (e.type === "monsterAttack")
        v = applyViewEvent(v, "monsterAttack", {
          playerId: view.discordId,
          at: e.at,
          uid: e.uid,
          damage: e.damage,
          health: e.health,
        });
    }
    return v;
  }

  it("a swing's damage and a bite's next attack come from the events, so the patch leaves the monsters out", () => {
    const start = advance(freshFighter("aphid_nest"), 1).player;
    let before = start;
    let predicted = 0;
    // swings and bites without a kill: the monster's next hp and attack follow without a draw
    for (let t = 1_000; t <= 12_000; t += 1_000) {
      const r = advance(before, start.settledAt + t);
      if (r.events.some((e) => e.type === "monsterLoot")) break;
      const known = applyFight(playerView(before), r.events);
      const hits = r.events.filter((e) => e.type === "combatPopup" && e.target.kind === "monster");
      if (hits.length > 0 || r.events.some((e) => e.type === "monsterAttack")) predicted++;
      expect(viewPatch(known, playerView(r.player)).currentMonsters, `at +${t} ms`).toBeUndefined();
      before = r.player;
    }
    expect(predicted).toBeGreaterThan(2);
  });

  it("takes a hit's amount off the monster it names, down to 0, the reader's or a room member's", () => {
    const view = playerView(advance(freshFighter("aphid_nest"), 1).player);
    const m = view.currentMonsters[0]!;
    const hit = (type: PopupType, value: number, playerId?: string) =>
      applyViewEvent(view, "popup", { type, value, target: m.uid, ...(playerId ? { playerId } : {}) });
    expect(hit("melee_dmg", 1.5).currentMonsters[0]!.hp).toBe(m.hp - 1.5);
    expect(hit("ranged_dmg_crit", 1e9).currentMonsters[0]!.hp).toBe(0);
    expect(hit("burn_tick", 1).currentMonsters[0]!.hp).toBe(m.hp - 1);
    // a member's hit on the monsters the room shares (settleRoom sends it before the reader's patch)
    expect(hit("melee_dmg", 1, "someone else").currentMonsters[0]!.hp).toBe(m.hp - 1);
    // a burn's popup says its strength, not damage
    expect(hit("burn", 4)).toBe(view);
    expect(applyViewEvent(view, "popup", { type: "melee_dmg", value: 1, target: "gone" })).toBe(view);
    expect(applyViewEvent(view, "popup", { type: "heal", value: 1, target: "player" })).toBe(view);
  });
});

describe("each event's own fields in the view", () => {
  const fighting = () => playerView(advance(freshFighter("aphid_nest"), 1).player);

  it("xp: picklelogy's share and the RP as granted; a gain of nothing keeps them as they were", () => {
    const view = playerView(gatherer(1));
    const gained = applyViewEvent(view, "xpUpdate", { ...xp, picklelogyGain: 3, rpGain: 0.5 });
    expect(gained.skills.picklelogy).toEqual(xpAfterGain(view.skills.picklelogy, 3));
    expect(gained.lab).toEqual({
      ...view.lab,
      rp: view.lab.rp + 0.5,
      earnedRpLifetime: view.lab.earnedRpLifetime + 0.5,
    });
    const plain = applyViewEvent(view, "xpUpdate", xp);
    expect(plain.skills.picklelogy).toBe(view.skills.picklelogy);
    expect(plain.lab).toBe(view.lab);
    expect(applyViewEvent(view, "xpUpdate", { ...xp, picklelogyGain: -1, rpGain: -1 }).lab).toBe(view.lab);
  });

  it("a patch sets its fields over the view", () => {
    const view = playerView(gatherer(1));
    expect(applyViewEvent(view, "playerPatch", { gold: 77 })).toEqual({ ...view, gold: 77 });
  });

  it("a death and a revival: the reader's own only, a revival at the health and mana it names or full", () => {
    const view = fighting();
    expect(applyViewEvent(view, "playerDeath", { playerId: view.discordId })).toEqual({
      ...view,
      dead: true,
      health: 0,
    });
    expect(applyViewEvent(view, "playerDeath", { playerId: "someone else" })).toBe(view);
    const dead = { ...view, dead: true, health: 0, mana: 0, deathInfo: { startedAt: 0, respawnAt: 10_000 } };
    expect(applyViewEvent(dead, "playerRevived", { playerId: view.discordId, health: 5, mana: 2 })).toEqual({
      ...dead,
      dead: false,
      deathInfo: null,
      health: 5,
      mana: 2,
    });
    expect(applyViewEvent(dead, "playerRevived", { playerId: view.discordId })).toMatchObject({
      health: view.maxHealth,
      mana: view.maxMana,
    });
    expect(applyViewEvent(dead, "playerRevived", { playerId: "someone else" })).toBe(dead);
  });

  it("a bite sets the reader's health and the biter's next attack; another's bite changes nothing", () => {
    const view = fighting();
    const m = view.currentMonsters[0]!;
    const bite = { playerId: view.discordId, damage: 2, health: 7 };
    expect(applyViewEvent(view, "monsterAttack", bite)).toEqual({ ...view, health: 7 });
    expect(applyViewEvent(view, "monsterAttack", { ...bite, maxHealth: 90 })).toEqual({
      ...view,
      health: 7,
      maxHealth: 90,
    });
    const timed = applyViewEvent(view, "monsterAttack", { ...bite, at: 5000, uid: m.uid });
    expect(timed.currentMonsters[0]).toEqual({ ...m, nextAttackAt: 5000 + monsterProto(m.id).intervalMs });
    expect(applyViewEvent(view, "monsterAttack", { ...bite, playerId: "someone else" })).toBe(view);
    // a bite naming its monster but no time leaves the monsters as they were
    expect(applyViewEvent(view, "monsterAttack", { ...bite, uid: m.uid })).toEqual({ ...view, health: 7 });
  });

  it("loot and drops of others, or without items, change nothing; a node seen without a time keeps the next hit", () => {
    const view = fighting();
    expect(
      applyViewEvent(view, "monsterLoot", {
        playerId: "someone else",
        monsterId: 1,
        items: [{ id: 10001, quantity: 1 }],
      }),
    ).toBe(view);
    expect(applyViewEvent(view, "monsterLoot", { playerId: view.discordId, monsterId: 1 })).toBe(view);
    const g = playerView(gatherer(1));
    const node = applyViewEvent(g, "gatheringNode", { nodeId: 101, nodeHp: 4, nodeMaxHp: 15 });
    expect(node.currentAction.nextHitAt).toBe(g.currentAction.nextHitAt);
    // a resting reader has no gathering speed: a node seen does not move its next hit
    const resting = { ...g, currentAction: { ...g.currentAction, skill: "none" as const, nextHitAt: null } };
    expect(
      applyViewEvent(resting, "gatheringNode", { nodeId: 101, nodeHp: 4, nodeMaxHp: 15, at: 9 }).currentAction
        .nextHitAt,
    ).toBeNull();
  });

  it("a popup naming no monster changes nothing; a patch catches the bookkeeping fields' shown neighbours", () => {
    const view = fighting();
    expect(applyViewEvent(view, "popup", { type: "melee_dmg", value: 1 })).toBe(view);
    // a shown part of combat gone from the next view, or the action going from none to a node
    const { spellReadyAt: _gone, ...combat } = { ...view.combat, spellReadyAt: { long_shot: 5 } };
    const known = { ...view, combat: { ...view.combat, spellReadyAt: { long_shot: 5 } } };
    expect(viewPatch(known, { ...view, combat: combat as typeof view.combat })).toHaveProperty("combat");
    const nodeless = { ...view, currentAction: { ...view.currentAction, nodeId: null } };
    expect(
      viewPatch(nodeless, { ...view, currentAction: { ...view.currentAction, nodeId: 2 } }),
    ).toHaveProperty("currentAction");
  });
});

describe("a whole view, and a member moved by its place alone", () => {
  it("a playerState replaces the view whole", () => {
    const view = playerView(gatherer(1));
    const next = playerView(gatherer(2));
    expect(applyViewEvent(view, "playerState", next)).toBe(next);
  });

  it("placePatch compares the place's fields only, never the generator or the time", () => {
    const p = gatherer(1);
    const known = playerView(p);
    // a view has no generator: the document's is left out, as its time and the fields no place writes
    const moved = {
      ...p,
      health: p.health - 3,
      rng: [1, 2, 3, 4] as typeof p.rng,
      settledAt: p.settledAt + 1000,
      gold: 99,
    };
    expect(placePatch(known, moved)).toEqual({ health: p.health - 3 });
    expect(placePatch(known, p)).toEqual({});
  });
});
