import { describe, expect, it } from "vitest";
import { advance } from "./advance.ts";
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
});
