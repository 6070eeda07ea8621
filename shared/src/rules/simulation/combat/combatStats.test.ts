import { describe, expect, it } from "vitest";
import { fighter, withStats } from "../../../../testing/fighters.ts";
import { gearItemId } from "../../../data/itemIds.ts";
import { combatStats, RAPID_SHOT_CHANCE } from "./combatStats.ts";

describe("combatStats", () => {
  it("adds the lab's speed factors (multiplied), flat damage (added) and damage factor, and the gear's levels and percents", () => {
    const p = withStats(fighter({ location: "beetle_nest", level: 10, character: "warrior" }), {
      melee_damage: 5,
      intellect_lvl: 2,
      life_pct: 10,
      mana_pct: 20,
    });
    p.modifiers = {
      "combat:speed:+": 1.1,
      "melee:speed:+": 1.2,
      "combat:damage:+": 3,
      "melee:damage:+": 4,
      "combat:damage:x": 1.5,
    };
    const s = combatStats(p);
    expect(s.intellectLevel).toBe(12);
    expect(s.attackIntervalMs).toBe(Math.round(3000 / (1.1 * 1.2)));
    expect(s.flatDamage).toBe(12);
    expect(s.damageFactor).toBe(1.5);
    expect(s.maxHealth).toBe(Math.floor(200 * 1.1));
    expect(s.maxMana).toBe(Math.floor(220 * 1.2));
  });

  it("without lab or percents: plain speed, no flat damage, a factor of 1", () => {
    const s = combatStats(fighter({ location: "beetle_nest", level: 10, character: "warrior" }));
    expect([s.attackIntervalMs, s.flatDamage, s.damageFactor, s.maxHealth, s.maxMana]).toEqual([
      3000, 0, 1, 200, 200,
    ]);
    expect(s.gearSpells).toEqual([]);
  });

  it("chances are whole percents kept within 0–100 %; a rapid shot only for the ranged style", () => {
    const p = withStats(fighter({ location: "beetle_nest", level: 10, character: "archer" }), {
      crit_chance_pct: 150,
      dodge_chance_pct: -5,
      block_chance_pct: 25,
    });
    const s = combatStats(p);
    expect([s.critChance, s.dodgeChance, s.blockChance, s.lifestealChance]).toEqual([1, 0, 0.25, 0]);
    expect(s.rapidShotChance).toBe(RAPID_SHOT_CHANCE);
    expect(combatStats(fighter({ location: "beetle_nest", character: "mage" })).rapidShotChance).toBe(0);
  });

  it("the gear's spells, once each, from the worn items only", () => {
    const p = fighter({ location: "beetle_nest", level: 10, character: "warrior" });
    p.equipmentSlots.melee.mainhand = { id: gearItemId("melee", 2, "mainhand"), stack: 1 };
    p.equipmentSlots.melee.head = { id: gearItemId("melee", 2, "head"), stack: 1 };
    expect(combatStats(p).gearSpells).toEqual(["whirlwind"]);
  });
});
