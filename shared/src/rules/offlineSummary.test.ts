import { describe, expect, it } from "vitest";
import { advance } from "./advance.ts";
import { type AdvanceSummary, emptySummary } from "./EventSink.ts";
import {
  emptyOfflineSummary,
  mergeOfflineSummary,
  offlineHasGains,
  offlineWithPlayerState,
  shouldCancelCrafting,
} from "./offlineSummary.ts";
import { gatherer } from "./testing.ts";

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
});
