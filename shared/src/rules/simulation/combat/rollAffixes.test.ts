import { describe, expect, it } from "vitest";
import { AFFIX_NOTHING_WEIGHTS, AFFIX_TIER_WEIGHTS, AFFIXES } from "../../../data/affixes.ts";
import { gearItemId } from "../../../data/itemIds.ts";
import { ITEMS } from "../../../data/items.ts";
import { Rng } from "../../state/rng.ts";
import { affixPool, craftingTier, rollAffixes } from "./rollAffixes.ts";

const flags = (...tiers: number[]) => Object.fromEntries(tiers.map((t) => [`crafting:tier:${t}`, true]));

describe("crafting tier", () => {
  it("counts crafting:tier:1..3 taken consecutively", () => {
    expect(craftingTier({})).toBe(0);
    expect(craftingTier(flags(1))).toBe(1);
    expect(craftingTier(flags(1, 2))).toBe(2);
    expect(craftingTier(flags(1, 2, 3))).toBe(3);
    expect(craftingTier(flags(2, 3))).toBe(0);
    expect(craftingTier(flags(1, 3))).toBe(1);
  });
});

describe("affix tables", () => {
  it("weigh tiers 120/40/10/4 and 'nothing' 800/400/200/100", () => {
    expect(AFFIX_TIER_WEIGHTS).toEqual({ 1: 120, 2: 40, 3: 10, 4: 4 });
    expect(AFFIX_NOTHING_WEIGHTS).toEqual({ 1: 800, 2: 400, 3: 200, 4: 100 });
    for (const t of [1, 2, 3, 4]) {
      const nothing = affixPool(t, "melee").find((a) => Object.keys(a.stats).length === 0);
      expect(nothing?.weight).toBe(AFFIX_NOTHING_WEIGHTS[t as 1 | 2 | 3 | 4]);
    }
  });

  it("a pool holds its tier's affixes of the gear's class or any class", () => {
    for (const a of affixPool(2, "ranged")) {
      expect(a.tier).toBe(2);
      expect(["any", "ranged"]).toContain(a.clazz);
    }
    expect(affixPool(2, "ranged").some((a) => a.id === "bleed_chance_pct_t2")).toBe(true);
    expect(affixPool(2, "ranged").some((a) => a.id === "block_chance_pct_t2")).toBe(false);
  });
});

describe("rollAffixes", () => {
  const sword6 = ITEMS[gearItemId("melee", 6, "mainhand")]!;
  const sword1 = ITEMS[gearItemId("melee", 1, "mainhand")]!;

  it("rolls nothing without a crafting tier, and nothing for items without stat slots", () => {
    const rng = Rng.seed(1);
    const before = rng.state();
    expect(rollAffixes(sword6, { featureFlags: {} }, rng)).toEqual([]);
    expect(rollAffixes(ITEMS[10001]!, { featureFlags: flags(1, 2, 3) }, rng)).toEqual([]);
    expect(rng.state()).toEqual(before);
  });

  it("one roll per stat slot at most, tier up to min(crafting tier, item tier), 'nothing' adds none", () => {
    const rng = Rng.seed(42);
    const tierCount = [0, 0, 0, 0];
    let rolls = 0;
    let affixes = 0;
    for (let i = 0; i < 4000; i++) {
      const a = rollAffixes(sword6, { featureFlags: flags(1, 2, 3) }, rng);
      rolls += sword6.statslots;
      affixes += a.length;
      expect(a.length).toBeLessThanOrEqual(sword6.statslots);
      for (const x of a) {
        tierCount[x.tier]!++;
        const def = AFFIXES.find((d) => d.id === x.id)!;
        expect(def.clazz === "any" || def.clazz === "melee").toBe(true);
        expect(x.stats).toEqual(def.stats);
      }
    }
    expect(affixes).toBeLessThan(rolls);
    expect(tierCount[1]).toBeGreaterThan(tierCount[2]!);
    expect(tierCount[2]).toBeGreaterThan(tierCount[3]!);
    expect(tierCount[3]).toBeGreaterThan(0);
    // crafting tier 1 caps every roll at tier 1; a tier-1 item caps it too
    for (let i = 0; i < 300; i++) {
      for (const x of rollAffixes(sword6, { featureFlags: flags(1) }, rng)) expect(x.tier).toBe(1);
      for (const x of rollAffixes(sword1, { featureFlags: flags(1, 2, 3) }, rng)) expect(x.tier).toBe(1);
    }
  });

  it("is seeded: the same generator state gives the same affixes", () => {
    const a = rollAffixes(sword6, { featureFlags: flags(1, 2, 3) }, Rng.seed(9));
    const b = rollAffixes(sword6, { featureFlags: flags(1, 2, 3) }, Rng.seed(9));
    expect(a).toEqual(b);
  });
});
