import { describe, expect, it } from "vitest";
import { gatherer } from "../../../testing/players.ts";
import { type OfflineCombat, type OfflineGathering, OfflineSummarySchema } from "../../protocol/user.ts";
import { advance } from "../simulation/advance.ts";
import { inventoryFull } from "../state/addItems.ts";
import { type AdvanceSummary, emptySummary } from "../state/EventSink.ts";
import { inventoryCapacity } from "../state/inventoryCapacity.ts";
import {
  emptyOfflineSummary,
  mergeOfflineSummary,
  offlineHasGains,
  offlineLost,
  offlineWithPlayerState,
  shouldCancelCrafting,
} from "./offlineSummary.ts";

const HOUR = 3_600_000;

describe("the offline summary", () => {
  it("two settles of one absence add up to one gathering entry, xp, rp and time", () => {
    const p = gatherer(5);
    const first = advance(p, HOUR);
    const second = advance(first.player, 3 * HOUR);
    const merged = mergeOfflineSummary(
      mergeOfflineSummary(emptyOfflineSummary(0), first.summary),
      second.summary,
    );
    const a = first.summary.gathering!;
    const b = second.summary.gathering!;
    expect(merged.awayMs).toBe(3 * HOUR);
    expect(merged.gathering).toMatchObject({
      skill: "mining",
      location: "garden",
      cycles: a.cycles + b.cycles,
      nodes: a.nodes + b.nodes,
      gainedXp: a.gainedXp + b.gainedXp,
      duration: 3 * 3600,
    });
    const dirt = (s: typeof a) => s.items.find((i) => i.id === 10001)?.quantity ?? 0;
    expect(merged.gathering!.items.find((i) => i.id === 10001)?.quantity).toBe(dirt(a) + dirt(b));
    expect(merged.gainedXp.mining).toBe((first.summary.xp.mining ?? 0) + (second.summary.xp.mining ?? 0));
    expect(merged.gainedRp).toBe(Math.round((first.summary.rp + second.summary.rp) * 1000) / 1000);
    expect(offlineHasGains(merged)).toBe(true);
    expect(offlineHasGains(emptyOfflineSummary(0))).toBe(false);
  });

  it("crafting stops for lost items or a full inventory, and the answer shows the player's inventory", () => {
    const p = gatherer(5);
    const empty = emptyOfflineSummary(0);
    expect(shouldCancelCrafting(empty, p)).toBe(false);
    const full = { ...p, inventory: p.inventory.map((_, i) => ({ id: 20001 + (i % 50), stack: 1 })) };
    expect(shouldCancelCrafting(empty, full)).toBe(true);
    const lost = { ...empty, combatLost: 2 };
    expect(shouldCancelCrafting(lost, p)).toBe(true);
    expect(offlineWithPlayerState(empty, p).updatedInventory).toBe(p.inventory);
  });

  it("lists only the activities that ran: a swing with no kill before 8 hours of mining is no fight", () => {
    const swing: AdvanceSummary = {
      ...emptySummary(0, 2000),
      combat: {
        skill: "melee",
        gainedXp: 1,
        gainedHealthXp: 0,
        gainedIntellectXp: 0,
        damageDealt: 3,
        kills: 0,
        items: [],
        lostItems: [],
        lost: 0,
        deaths: 0,
      },
      xp: { melee: 1 },
    };
    const mining = advance(gatherer(5), 8 * HOUR).summary;
    const merged = mergeOfflineSummary(mergeOfflineSummary(emptyOfflineSummary(0), swing), mining);
    expect(merged.combat).toBeNull();
    expect(merged.gathering?.cycles).toBeGreaterThan(0);
    // the swing's xp is still counted with the skills
    expect(merged.gainedXp.melee).toBe(1);
  });

  it("names every item lost while away, by kind, over every settle", () => {
    const g5 = gatherer(5);
    // every slot but the first holds a kind the garden never drops
    const crowded = {
      ...g5,
      inventory: g5.inventory.map((e, i) => (i === 0 ? e : { id: 100 + i, stack: 1 })),
    };
    const first = advance(crowded, HOUR);
    const second = advance(first.player, 2 * HOUR);
    const merged = mergeOfflineSummary(
      mergeOfflineSummary(emptyOfflineSummary(0), first.summary),
      second.summary,
    );
    const lost = merged.lostItems.reduce((n, i) => n + i.quantity, 0);
    expect(lost).toBeGreaterThan(0);
    expect(lost).toBe(first.summary.lost + second.summary.lost);
    expect(new Set(merged.lostItems.map((i) => i.id)).size).toBe(merged.lostItems.length);
  });

  it("has gains only when something was gained or lost, whatever entries the summary holds", () => {
    const empty = emptyOfflineSummary(0);
    expect(offlineHasGains(empty)).toBe(false);
    // an entry of zeros (a node hit for nothing, a fight with no kill) is not a gain
    const zeroGathering: OfflineGathering = {
      skill: "mining",
      location: "garden",
      cycles: 0,
      nodes: 0,
      items: [],
      gainedXp: 0,
      totalamount: 0,
      lost: 0,
      level: 1,
      duration: 16,
    };
    const zeroCombat: OfflineCombat = {
      skill: "melee",
      gainedXp: 0,
      gainedHealthXp: 0,
      kills: 0,
      items: [],
      lost: 0,
      deaths: 0,
    };
    expect(
      offlineHasGains({ ...empty, gathering: zeroGathering, combat: zeroCombat, gainedXp: { mining: 0 } }),
    ).toBe(false);
    // each of these alone is
    expect(offlineHasGains({ ...empty, gathering: { ...zeroGathering, cycles: 1 } })).toBe(true);
    expect(offlineHasGains({ ...empty, combat: { ...zeroCombat, deaths: 1 } })).toBe(true);
    expect(offlineHasGains({ ...empty, combatLost: 3 })).toBe(true);
    expect(offlineHasGains({ ...empty, craftStoppedForInventory: true })).toBe(true);
    expect(offlineHasGains({ ...empty, gainedXp: { mining: 4 } })).toBe(true);
    expect(offlineHasGains({ ...empty, gainedRp: 0.5 })).toBe(true);
    expect(offlineLost({ ...empty, gathering: { ...zeroGathering, lost: 2 }, combatLost: 3 })).toBe(5);
  });

  it("an inventory is full when no slot is free, counted in full stacks", () => {
    const p = gatherer(5);
    const cap = inventoryCapacity(p);
    const distinct = (i: number) => ({ id: 20001 + (i % 50), stack: 1 });
    expect(inventoryFull({ ...p, inventory: Array.from({ length: cap }, (_, i) => distinct(i)) })).toBe(true);
    // two part stacks of dirt need one slot: the layout fills every slot, yet one is free
    const layout = [
      { id: 10001, stack: 1 },
      { id: 10001, stack: 1 },
      ...Array.from({ length: cap - 2 }, (_, i) => distinct(i)),
    ];
    expect(inventoryFull({ ...p, inventory: layout })).toBe(false);
  });
});

/** One settle's summary from `from` to `until`, with the parts given. */
function settle(from: number, until: number, parts: Partial<AdvanceSummary> = {}): AdvanceSummary {
  return { ...emptySummary(from, until), ...parts };
}
function fight(kills: number, deaths: number, more: Partial<NonNullable<AdvanceSummary["combat"]>> = {}) {
  return {
    skill: "melee" as const,
    gainedXp: 10 * kills,
    gainedHealthXp: 3 * kills,
    gainedIntellectXp: 0,
    kills,
    deaths,
    damageDealt: 50,
    items: [{ id: 40001, quantity: kills }],
    lostItems: [],
    lost: 0,
    ...more,
  };
}
function crafted(
  id: number,
  quantity: number,
  crafts: number,
  affixes: AdvanceSummary["crafted"][number]["affixes"] = [],
) {
  return {
    skill: "smithing" as const,
    id,
    quantity,
    crafts,
    xp: 2 * crafts,
    lost: 0,
    affixes,
    durationMs: 3000 * crafts,
  };
}

describe("merging one settle into the offline summary", () => {
  it("sums the fights of every settle: xp, kills, deaths, loot and losses; a death alone is a fight", () => {
    const one = mergeOfflineSummary(emptyOfflineSummary(0), settle(0, 10, { combat: fight(2, 0) }));
    expect(one.combat).toEqual({
      skill: "melee",
      gainedXp: 20,
      gainedHealthXp: 6,
      kills: 2,
      items: [{ id: 40001, quantity: 2 }],
      lost: 0,
      deaths: 0,
    });
    const died = settle(10, 20, {
      combat: fight(0, 1, { items: [], gainedXp: 4, gainedHealthXp: 1, lost: 3 }),
    });
    const two = mergeOfflineSummary(one, died);
    expect(two.combat).toEqual({
      skill: "melee",
      gainedXp: 24,
      gainedHealthXp: 7,
      kills: 2,
      items: [{ id: 40001, quantity: 2 }],
      lost: 3,
      deaths: 1,
    });
    expect(two.combatLoot).toEqual([{ id: 40001, quantity: 2 }]);
    expect(two.combatLost).toBe(3);
    const three = mergeOfflineSummary(two, settle(20, 30, { combat: fight(1, 2) }));
    expect(three.combat).toMatchObject({ kills: 3, deaths: 3, items: [{ id: 40001, quantity: 3 }] });
    // the earlier summaries are left as they were
    expect(one.combat).toMatchObject({ kills: 2, deaths: 0, items: [{ id: 40001, quantity: 2 }] });
  });

  it("lists each crafted item once per affix roll, summing quantity, xp and time; nothing made is no entry", () => {
    const rolled = [{ id: "strength", tier: 1, stats: { strength: 2 } }];
    const first = mergeOfflineSummary(
      emptyOfflineSummary(0),
      settle(0, 10, { crafted: [crafted(20001, 2, 2), crafted(20002, 0, 0), crafted(30101, 1, 1, rolled)] }),
    );
    expect(first.craftedItemVariants).toEqual([
      { id: 20001, skill: "smithing", quantity: 2, xp: 4, affixes: [], level: 1, durationSec: 6 },
      {
        id: 30101,
        skill: "smithing",
        quantity: 1,
        xp: 2,
        affixes: rolled,
        level: expect.any(Number),
        durationSec: 3,
      },
    ]);
    const second = mergeOfflineSummary(
      first,
      settle(10, 20, { crafted: [crafted(20001, 3, 3), crafted(30101, 1, 1), crafted(20003, 0, 1)] }),
    );
    expect(second.craftedItemVariants).toEqual([
      { id: 20001, skill: "smithing", quantity: 5, xp: 10, affixes: [], level: 1, durationSec: 15 },
      first.craftedItemVariants[1],
      {
        id: 30101,
        skill: "smithing",
        quantity: 1,
        xp: 2,
        affixes: [],
        level: expect.any(Number),
        durationSec: 3,
      },
      { id: 20003, skill: "smithing", quantity: 0, xp: 2, affixes: [], level: 10, durationSec: 3 },
    ]);
    // the first summary's entries were copied, not changed
    expect(first.craftedItemVariants[0]).toMatchObject({ quantity: 2, xp: 4, durationSec: 6 });
  });

  it("adds only the xp gained, the time away never negative, and keeps the last crafting skill named", () => {
    const a = mergeOfflineSummary(
      emptyOfflineSummary(0),
      settle(0, 1000, { xp: { mining: 5, smithing: 0 }, craftingSkill: "smithing", bonusXp: 2, rp: 0.25 }),
    );
    const b = mergeOfflineSummary(
      a,
      settle(1000, 900, { xp: { mining: 3, botany: 1 }, bonusXp: 1, questProgress: { q1: 2 } }),
    );
    expect(b.gainedXp).toEqual({ mining: 8, botany: 1 });
    expect(b.awayMs).toBe(1000);
    expect(b.craftingSkill).toBe("smithing");
    expect(b.bonusXp).toBe(3);
    expect(b.gainedRp).toBe(0.25);
    expect(
      mergeOfflineSummary(b, settle(1000, 1000, { questProgress: { q1: 1, q2: 4 } })).questProgress,
    ).toEqual({
      q1: 3,
      q2: 4,
    });
    expect(mergeOfflineSummary(b, settle(1000, 1000, { craftingSkill: "tanning" })).craftingSkill).toBe(
      "tanning",
    );
  });

  it("one gathering entry: the same place sums, another place or skill replaces it, a settle without a hit leaves it", () => {
    const at = (skill: "mining" | "botany", location: string, cycles: number, lost: number) => ({
      skill,
      location,
      cycles,
      nodes: 1,
      items: [{ id: 10001, quantity: 2 }],
      lostItems: [],
      gainedXp: 4,
      totalamount: 2 + lost,
      lost,
      level: 3,
      durationMs: 3000 * cycles,
    });
    const one = mergeOfflineSummary(
      emptyOfflineSummary(0),
      settle(0, 10, { gathering: at("mining", "garden", 5, 1) }),
    );
    const two = mergeOfflineSummary(one, settle(10, 20, { gathering: at("mining", "garden", 3, 2) }));
    expect(two.gathering).toMatchObject({ cycles: 8, totalamount: 7, lost: 3, gainedXp: 8, duration: 24 });
    expect(
      mergeOfflineSummary(two, settle(20, 30, { gathering: at("mining", "garden", 0, 0) })).gathering,
    ).toEqual(two.gathering);
    expect(
      mergeOfflineSummary(two, settle(20, 30, { gathering: at("mining", "pond", 2, 0) })).gathering,
    ).toMatchObject({
      location: "pond",
      cycles: 2,
    });
    expect(
      mergeOfflineSummary(two, settle(20, 30, { gathering: at("botany", "garden", 2, 0) })).gathering,
    ).toMatchObject({
      skill: "botany",
      cycles: 2,
    });
  });

  it("starts empty and not repeated; a settle without a fight or a loss adds no loot; a stop for a full inventory stays", () => {
    // every field of the wire's shape, each empty: no list, map, count or flag left over
    const empty = emptyOfflineSummary(7);
    expect(OfflineSummarySchema.parse(empty)).toEqual(empty);
    expect(Object.keys(empty).sort()).toEqual(Object.keys(OfflineSummarySchema.shape).sort());
    for (const [key, value] of Object.entries(empty)) {
      if (key === "awaySince") expect(value).toBe(7);
      else if (Array.isArray(value)) expect(value, key).toEqual([]);
      else if (typeof value === "object" && value !== null) expect(value, key).toEqual({});
      else expect([0, null, false], key).toContain(value);
    }
    const quiet = mergeOfflineSummary(emptyOfflineSummary(0), settle(0, 1000));
    expect([quiet.combatLoot, quiet.lostItems, quiet.craftStoppedForInventory]).toEqual([[], [], false]);
    const stopped = mergeOfflineSummary(quiet, settle(1000, 2000, { craftStoppedForInventory: true }));
    expect(stopped.craftStoppedForInventory).toBe(true);
    expect(mergeOfflineSummary(stopped, settle(2000, 3000)).craftStoppedForInventory).toBe(true);
    // a gathering entry's items are the settle's, and only those
    const mined = advance(gatherer(5), HOUR).summary;
    expect(mergeOfflineSummary(quiet, mined).gathering!.items).toEqual(mined.gathering!.items);
  });
});
