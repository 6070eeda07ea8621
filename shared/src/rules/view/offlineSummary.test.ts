import { describe, expect, it } from "vitest";
import { gatherer } from "../../../testing/players.ts";
import type { OfflineCombat, OfflineGathering } from "../../protocol/user.ts";
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
