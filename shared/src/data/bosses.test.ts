import { describe, expect, it } from "vitest";
import { BOSSES } from "./bosses.ts";
import { gearItemId, TIER_LEVELS } from "./itemIds.ts";
import { ITEMS } from "./items.ts";
import { LOCATION_IDS_BY_SKILL } from "./locations.ts";
import { RECIPES } from "./recipes.ts";
import { COMBAT_STYLES, EQUIPMENT_SLOTS } from "./skills.ts";

describe("party bosses", () => {
  it("one boss for each new tier, at its level and combat area", () => {
    expect(Object.values(BOSSES).map((b) => [b.tier, b.level, b.location])).toEqual(
      [7, 8, 9, 10].map((t) => [t, TIER_LEVELS[t - 1], LOCATION_IDS_BY_SKILL.combat[t - 1]]),
    );
  });

  it("each boss's trophy is an item that only its tier's weapons (the tier's best recipes) take", () => {
    for (const boss of Object.values(BOSSES)) {
      expect(ITEMS[boss.trophy]?.name, boss.id).toBeTruthy();
      const takers = Object.values(RECIPES).filter((r) => r.inputs[boss.trophy] !== undefined);
      expect(takers.map((r) => r.itemId).sort()).toEqual(
        COMBAT_STYLES.map((c) => gearItemId(c, boss.tier, "mainhand")).sort(),
      );
      // the weapon is the tier's dearest piece: it takes more of every input than any other piece of its set
      for (const c of COMBAT_STYLES) {
        const weapon = RECIPES[gearItemId(c, boss.tier, "mainhand")]!;
        const total = (r: typeof weapon) => Object.values(r.inputs).reduce((a, b) => a + b, 0);
        for (const slot of EQUIPMENT_SLOTS)
          expect(total(weapon)).toBeGreaterThanOrEqual(total(RECIPES[gearItemId(c, boss.tier, slot)]!));
      }
    }
  });

  it("grows with its tier", () => {
    const bosses = Object.values(BOSSES);
    for (let i = 1; i < bosses.length; i++) {
      expect(bosses[i]!.maxHp).toBeGreaterThan(bosses[i - 1]!.maxHp);
      expect(bosses[i]!.strike).toBeGreaterThan(bosses[i - 1]!.strike);
    }
  });
});
