import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deepFreeze, gatherer } from "../../../testing/players.ts";
import { DROP_TABLES } from "../../data/dropTables.ts";
import { GATHER_NODES } from "../../data/gatherNodes.ts";
import type { Player } from "../../protocol/player.ts";
import { countItem } from "../state/addItems.ts";
import { MAX_DETAILED_EVENTS } from "../state/EventSink.ts";
import { inventoryCapacity } from "../state/inventoryCapacity.ts";
import { newPlayer } from "../state/newPlayer.ts";
import { xpForLevel } from "../state/xpForLevel.ts";
import { advance } from "./advance.ts";

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const items = (p: Player) => {
  const out: Record<number, number> = {};
  for (const e of p.inventory) if (e.id > 0) out[e.id] = (out[e.id] ?? 0) + e.stack;
  return out;
};
const totalXp = (p: Player) => Object.values(p.skills).reduce((a, s) => a + s.xp, 0);

describe("advance: time and idleness", () => {
  it("changes nothing at or before settledAt", () => {
    const p = gatherer(1);
    const r = advance(p, 0);
    expect(r.player).toBe(p);
    expect(r.events).toEqual([]);
    expect(advance(p, -5).player).toBe(p);
  });

  it("makes nothing appear for a resting player", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.integer({ min: 1, max: 60 * DAY }),
        (seed, span) => {
          const p = deepFreeze(newPlayer({ discordId: "idle", username: "idle", now: 0, seed }));
          const r = advance(p, span);
          expect(items(r.player)).toEqual({});
          expect(totalXp(r.player)).toBe(0);
          expect(r.player.lab.rp).toBe(0);
          expect(r.player.settledAt).toBe(span);
          expect(r.summary.gathering).toBeNull();
          expect(r.summary.crafted).toEqual([]);
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe("advance: gathering", () => {
  it("hits every action time (3 s) and breaks nodes into drops and xp", () => {
    const p = gatherer(1);
    expect(p.currentAction).toMatchObject({ skill: "mining", location: "garden", nextHitAt: 3000 });
    const r = advance(p, MIN);
    const g = r.summary.gathering!;
    expect(g.cycles).toBe(20);
    expect(r.player.currentAction.nextHitAt).toBe(63_000);
    // seeded: this exact history
    expect({ nodes: g.nodes, items: g.items, xp: g.gainedXp, node: r.player.currentAction }).toEqual({
      nodes: 4,
      items: [{ id: 10001, quantity: 6 }],
      xp: 12,
      node: {
        skill: "mining",
        location: "garden",
        lastUpdate: 0,
        nodeId: 1,
        nodeHp: 15,
        nodeMaxHp: 15,
        nextHitAt: 63_000,
      },
    });
    expect(r.player.skills.mining.xp).toBe(12);
    expect(r.player.skills.picklelogy.xp).toBe(6);
    expect(r.player.lab.rp).toBe(0.24);
    expect(r.events.filter((e) => e.type === "gatheringUpdate")).toHaveLength(4);
  });

  it("a level-1 hit of 3.5 breaks a 15 HP Dirt node in 5 hits", () => {
    const p = gatherer(1);
    const first = { ...p, currentAction: { ...p.currentAction, nodeId: 1, nodeHp: 15, nodeMaxHp: 15 } };
    const r4 = advance(first, 3000 * 4);
    expect(r4.player.currentAction).toMatchObject({ nodeId: 1, nodeHp: 1, nextHitAt: 15_000 });
    expect(r4.summary.gathering!.nodes).toBe(0);
    // the hits short of a break tell the node's HP once, at the last of them
    expect(r4.events.filter((e) => e.type === "gatheringNode")).toEqual([
      { type: "gatheringNode", at: 12_000, nodeId: 1, nodeHp: 1, nodeMaxHp: 15 },
    ]);
    expect(r4.summary.gathering!.cycles).toBe(4);
    const r5 = advance(first, 3000 * 5);
    expect(r5.summary.gathering!.nodes).toBe(1);
    const drop = r5.summary.gathering!.items[0]!;
    expect(r5.events.find((e) => e.type === "gatheringUpdate")).toEqual({
      type: "gatheringUpdate",
      at: 15_000,
      skill: "mining",
      nodeId: 1,
      reward: { id: 10001, stack: drop.quantity },
      lost: 0,
      breaks: 1,
    });
    // the next node, whole, told at the break
    const next = r5.player.currentAction;
    expect(r5.events.filter((e) => e.type === "gatheringNode")).toEqual([
      {
        type: "gatheringNode",
        at: 15_000,
        nodeId: next.nodeId,
        nodeHp: next.nodeMaxHp,
        nodeMaxHp: next.nodeMaxHp,
      },
    ]);
    // a drop that finds no room is told at its break
    const full = deepFreeze({
      ...first,
      inventory: first.inventory.map((_, i) => ({ id: 100 + i, stack: 1 })),
    });
    const lost = advance(full, 3000 * 5);
    expect(lost.events.filter((e) => e.type === "inventoryMessage")).toEqual([
      {
        type: "inventoryMessage",
        at: 15_000,
        itemId: 10001,
        lost: drop.quantity,
        code: "inventory/no_space_to_add",
      },
    ]);
  });

  it("a place that no longer exists sends the gatherer home, saying why", () => {
    const p = advance(gatherer(1), MIN).player;
    const gone = deepFreeze({ ...p, currentAction: { ...p.currentAction, location: "moon" } });
    const r = advance(gone, 2 * MIN);
    expect(r.player.currentAction).toMatchObject({ skill: "none", location: "home" });
    expect(r.events).toEqual([
      {
        type: "actionChanged",
        at: MIN,
        skill: "none",
        location: "home",
        reason: "Unknown mining location: moon",
        code: "unavailable",
        from: "mining",
      },
    ]);
    expect(r.player.skills.mining.xp).toBe(p.skills.mining.xp);
  });

  it("tells every break once, within the span: the events' drops and breaks add up to the summary's", () => {
    const p = advance(gatherer(4), MIN).player;
    const r = advance(p, 2 * HOUR);
    const g = r.summary.gathering!;
    expect(g.durationMs).toBe(2 * HOUR - MIN);
    const updates = r.events.filter((e) => e.type === "gatheringUpdate");
    // a block of breaks is told together (no node; one update per item, each with the block's breaks), the
    // breaks around blocks one by one
    const blocks = new Map(updates.filter((e) => e.nodeId === null).map((e) => [e.at, e.breaks]));
    expect(blocks.size).toBeGreaterThan(0);
    const single = updates.filter((e) => e.nodeId !== null);
    expect(single.every((e) => e.breaks === 1)).toBe(true);
    expect(single.length + [...blocks.values()].reduce((n, b) => n + b, 0)).toBe(g.nodes);
    expect(updates.reduce((n, e) => n + e.reward.stack, 0)).toBe(g.totalamount);
    for (const e of r.events) expect(e.at).toBeGreaterThanOrEqual(MIN);
    for (const e of r.events) expect(e.at).toBeLessThanOrEqual(2 * HOUR);
  });

  it("comes back to the node it left: a stale kind is rolled afresh, stored HP clamped to the table's", () => {
    const p = gatherer(1);
    const at = (action: Partial<Player["currentAction"]>) =>
      deepFreeze({ ...p, currentAction: { ...p.currentAction, ...action } });
    // node 4 does not spawn at the garden: a garden node is rolled, whole
    const rolled = advance(at({ nodeId: 4, nodeHp: 7, nodeMaxHp: 120 }), 1).player.currentAction;
    expect([1, 2, 3]).toContain(rolled.nodeId);
    const max = GATHER_NODES[rolled.nodeId!]!.maxHp;
    expect(rolled).toMatchObject({ nodeHp: max, nodeMaxHp: max, nextHitAt: 3000 });
    // a garden node keeps its HP, within the table's maximum
    expect(advance(at({ nodeId: 2, nodeHp: 99, nodeMaxHp: 99 }), 1).player.currentAction).toMatchObject({
      nodeId: 2,
      nodeHp: 30,
      nodeMaxHp: 30,
    });
    expect(advance(at({ nodeId: 2, nodeHp: 12, nodeMaxHp: 99 }), 1).player.currentAction).toMatchObject({
      nodeHp: 12,
      nodeMaxHp: 30,
    });
  });

  it("a node at 0 HP breaks at the next hit; with no hit planned, the first is one action time away", () => {
    const p = gatherer(1);
    const spent = deepFreeze({ ...p, currentAction: { ...p.currentAction, nodeHp: 0 } });
    expect(advance(spent, 2999).summary.gathering!.nodes).toBe(0);
    const broke = advance(spent, 3000);
    expect(broke.summary.gathering).toMatchObject({ nodes: 1, cycles: 1 });
    expect(broke.player.currentAction.nextHitAt).toBe(6000);
    const unplanned = deepFreeze({ ...p, currentAction: { ...p.currentAction, nextHitAt: null } });
    expect(advance(unplanned, 2999).summary.gathering!.cycles).toBe(0);
    expect(advance(unplanned, 2999).player.currentAction.nextHitAt).toBe(3000);
    expect(advance(unplanned, 3000).summary.gathering!.cycles).toBe(1);
  });

  it("pins a seeded day away", () => {
    const r = advance(gatherer(1), DAY);
    expect(r.summary.gathering).toEqual({
      skill: "mining",
      location: "garden",
      cycles: 28_800,
      nodes: 27_097,
      // a day of the first node fills three slots of the twenty, one per kind (stacks never fill)
      items: [
        { id: 10001, quantity: 30_625 },
        { id: 10002, quantity: 1611 },
        { id: 10003, quantity: 317 },
      ],
      lostItems: [],
      gainedXp: 69_596,
      totalamount: 32_553,
      lost: 0,
      level: 37,
      durationMs: DAY,
    });
    expect(r.player.lab.rp).toBe(1391.92);
  });

  it("woken at each hit (online), gives the same hits as one call", () => {
    let q = gatherer(2);
    let hits = 0;
    while ((q.currentAction.nextHitAt ?? Number.POSITIVE_INFINITY) <= MIN) {
      const r = advance(q, q.currentAction.nextHitAt!);
      hits += r.summary.gathering?.cycles ?? 0;
      expect(r.events.some((e) => e.type === "gatheringNode")).toBe(true);
      q = r.player;
    }
    expect(hits).toBe(20);
    expect(q.currentAction.nextHitAt).toBe(advance(gatherer(2), MIN).player.currentAction.nextHitAt);
  });

  it("one call (breaks in blocks) ends exactly where a minute at a time (break by break) does, levels and a filling bag included", () => {
    // levels 1 to about 20 change the hits per node several times; every slot but two is taken, so the
    // garden's third kind finds no room and the blocks stop for a new slot
    const g = gatherer(5);
    const crowded = deepFreeze({
      ...g,
      inventory: g.inventory.map((e, i) => (i < 2 ? e : { id: 100 + i, stack: 1 })),
    });
    for (const p of [g, crowded]) {
      let online = p;
      for (let t = MIN; t <= 4 * HOUR; t += MIN) online = advance(online, t).player;
      const whole = advance(p, 4 * HOUR);
      expect(whole.player.skills.mining.level).toBeGreaterThan(15);
      expect(online).toEqual(whole.player);
    }
  });

  it("ends a block at level 99 when that level is the first to change the hits per node", () => {
    // chosen: damage 6 at level 98 (3 hits on the garden's 15 HP node), 7.5 at 99 (2 hits); the level is
    // reached about ten breaks in, inside the first block
    const g = gatherer(4);
    const p = deepFreeze({
      ...g,
      modifiers: { ...g.modifiers, "mining:damage:+": -143 },
      skills: { ...g.skills, mining: { ...g.skills.mining, level: 98, xp: xpForLevel(99) - 30 } },
    });
    let stepped: Player = p;
    for (let t = 3000; t <= 10 * MIN; t += 3000) stepped = advance(stepped, t).player;
    const whole = advance(p, 10 * MIN);
    expect(whole.player.skills.mining.level).toBe(99);
    expect(whole.summary.gathering!.nodes).toBeGreaterThan(80);
    expect(stepped).toEqual(whole.player);
  });

  it("is deterministic: the same player and until give the same result", () => {
    for (const span of [MIN, HOUR, DAY, 30 * DAY]) {
      const p = gatherer(7);
      expect(advance(p, span)).toEqual(advance(p, span));
    }
  });

  it("counts cycles exactly however the span is split", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.array(fc.integer({ min: 1, max: 6 * HOUR }), { minLength: 1, maxLength: 5 }),
        (seed, steps) => {
          const p = gatherer(seed);
          let q = p;
          let cycles = 0;
          let t = 0;
          for (const s of steps) {
            t += s;
            const r = advance(q, t);
            cycles += r.summary.gathering!.cycles;
            q = r.player;
          }
          const whole = advance(p, t);
          expect(cycles).toBe(whole.summary.gathering!.cycles);
          expect(cycles).toBe(Math.floor((t - 3000) / 3000) + 1);
          expect(q.currentAction.nextHitAt).toBe(whole.player.currentAction.nextHitAt);
          expect(q.settledAt).toBe(t);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("keeps the inventory within capacity and counts what is lost", () => {
    for (const span of [DAY, 30 * DAY]) {
      // every slot but one holds something the garden never drops: the first kind found takes it
      const g3 = gatherer(3);
      const p = { ...g3, inventory: g3.inventory.map((e, i) => (i === 0 ? e : { id: 100 + i, stack: 1 })) };
      const r = advance(p, span);
      const g = r.summary.gathering!;
      const kept = g.items.reduce((s, i) => s + i.quantity, 0);
      expect(g.totalamount).toBe(kept + g.lost);
      expect(r.summary.lost).toBe(g.lost);
      expect(g.lost).toBeGreaterThan(0);
      expect(r.player.inventory.filter((e) => e.id !== -1).length).toBeLessThanOrEqual(
        inventoryCapacity(r.player),
      );
      for (const { id, quantity } of g.items) expect(countItem(r.player, id)).toBe(quantity);
      expect(r.events.length).toBeLessThanOrEqual(MAX_DETAILED_EVENTS);
    }
  });

  it("says which of the spec's inventory texts applies to a drop that did not fit", () => {
    const p = gatherer(3);
    const cap = inventoryCapacity(p);
    const fullOf = (id: number, stack: number) => ({
      ...p,
      inventory: Array.from({ length: cap }, () => ({ id, stack })),
    });
    const limits = (q: Player) => advance(q, 10 * MIN).events.filter((e) => e.type === "inventoryMessage");
    // full of something the garden never drops: no drop was held
    const strange = limits(fullOf(101, 1));
    expect(strange.length).toBeGreaterThan(0);
    for (const e of strange) expect(e).toMatchObject({ code: "inventory/no_space_to_add" });
    // full, one slot of Dirt: Dirt always goes in (its stack never fills), the other kinds find no slot
    const withDirt = fullOf(101, 1);
    const dirt = limits({
      ...withDirt,
      inventory: [{ id: 10001, stack: 500 }, ...withDirt.inventory.slice(1)],
    });
    expect(dirt.length).toBeGreaterThan(0);
    for (const e of dirt) expect(e).toMatchObject({ code: "inventory/no_space_to_add" });
    expect(dirt.some((e) => e.itemId === 10001)).toBe(false);
  });

  it("gives only the location's drops and only gathering and picklelogy xp", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 40 * DAY }),
        (seed, span) => {
          const p = gatherer(seed, "mycology", "garden");
          const r = advance(p, span);
          const allowed = new Set(Object.values(DROP_TABLES.mycology).flatMap((t) => t.map((d) => d.itemId)));
          for (const id of Object.keys(items(r.player))) expect(allowed.has(+id)).toBe(true);
          for (const [skill, s] of Object.entries(r.player.skills)) {
            if (skill !== "mycology" && skill !== "picklelogy") expect(s.xp).toBe(0);
            expect(s.xp).toBeGreaterThanOrEqual(p.skills[skill as keyof Player["skills"]].xp);
          }
          expect(r.player.skills.mycology.level).toBeGreaterThanOrEqual(1);
          expect(r.player.inventory.filter((e) => e.id !== -1).length).toBeLessThanOrEqual(
            inventoryCapacity(r.player),
          );
        },
      ),
      { numRuns: 40 },
    );
  });

  it("sends a player whose flag is gone home", () => {
    const p = gatherer(1);
    const locked = deepFreeze({ ...p, featureFlags: { ...p.featureFlags, mining: false } });
    const r = advance(locked, HOUR);
    expect(r.player.currentAction).toMatchObject({ skill: "none", location: "home" });
    expect(totalXp(r.player)).toBe(0);
    expect(r.events[0]).toEqual({
      type: "actionChanged",
      at: 0,
      skill: "none",
      location: "home",
      reason: "feature locked",
      code: "locked",
      from: "mining",
    });
  });
});
