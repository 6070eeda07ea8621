import { describe, expect, it } from "vitest";
import {
  BARRIER_COOLDOWN_MS,
  BLEED_MS,
  BURN_MS,
  DEATH_MS,
  FREEZE_MS,
  STATUS_TICK_MS,
  STUN_MS,
} from "../../../data/constants.ts";
import {
  BASE_ATTACK_MS,
  BASE_POWER,
  barrierAbsorb,
  berserkFactor,
  bleedDps,
  blockedHit,
  burnDps,
  critDamage,
  DEFENCE_WEIGHT,
  dotTick,
  hasAffinity,
  healedAmount,
  intellectXpFromMana,
  manaDamageBonus,
  maxHealthFor,
  maxManaFor,
  monsterAttackIntervalMs,
  monsterHitDamage,
  passiveHeal,
  playerAttackIntervalMs,
  playerHitDamage,
  rangedSpeedDamageFactor,
  speedMultiplier,
  spellDamage,
  styleDamage,
} from "./formulas.ts";

const hit = (over: Partial<Parameters<typeof playerHitDamage>[0]> = {}) =>
  playerHitDamage({
    level: 1,
    style: "melee",
    flatDamage: 0,
    damageFactor: 1,
    berserkPct: 0,
    health: 100,
    maxHealth: 100,
    dmgPerManaPct: 0,
    mana: 0,
    dmgPerRangedSpeedPct: 0,
    rangedSpeedPct: 0,
    ...over,
  });

describe("the spec's combat constants", () => {
  it("keeps the timings of spec §9 and shell §9", () => {
    expect(FREEZE_MS).toBe(1500);
    expect(STUN_MS).toBe(1500);
    expect(BURN_MS).toBe(5000);
    expect(BLEED_MS).toBe(5000);
    expect(STATUS_TICK_MS).toBe(1000);
    expect(BARRIER_COOLDOWN_MS).toBe(6000);
    expect(DEATH_MS).toBe(10_000);
  });
});

describe("player attack interval", () => {
  it("is the class base (3 s) over the speed multiplier, never under 0.1 s", () => {
    expect(BASE_ATTACK_MS).toEqual({ melee: 3000, magic: 3000, ranged: 3000 });
    expect(playerAttackIntervalMs(3000, 1)).toBe(3000);
    expect(playerAttackIntervalMs(3000, speedMultiplier(5, 1))).toBe(2857);
    expect(playerAttackIntervalMs(3000, speedMultiplier(0, 1.01 * 1.02))).toBe(2912);
    expect(playerAttackIntervalMs(3000, 1000)).toBe(100);
    expect(playerAttackIntervalMs(50, 1)).toBe(100);
  });
});

describe("monster attack interval", () => {
  it("is attackSpeed (2000 ms in the table), 10 s when missing, never under 500 ms", () => {
    expect(monsterAttackIntervalMs(2000)).toBe(2000);
    expect(monsterAttackIntervalMs(undefined)).toBe(10_000);
    expect(monsterAttackIntervalMs(100)).toBe(500);
    expect(monsterAttackIntervalMs(499)).toBe(500);
  });
});

describe("player damage", () => {
  it("is (level + 12 base power) × style multiplier: melee 3, magic 2.5, ranged 2", () => {
    expect(BASE_POWER).toBe(12);
    expect(styleDamage(10, "melee")).toBe(66);
    expect(styleDamage(10, "magic")).toBe(55);
    expect(styleDamage(10, "ranged")).toBe(44);
    expect(hit({ level: 1, style: "melee" })).toBe(39);
    expect(hit({ level: 1, style: "magic" })).toBe(32);
    expect(hit({ level: 1, style: "ranged" })).toBe(26);
  });

  it("adds gear and modifiers, is floored, at least 1; a crit doubles it", () => {
    expect(hit({ level: 10, flatDamage: 5 })).toBe(71);
    expect(hit({ level: 10, damageFactor: 1.1 })).toBe(72);
    expect(hit({ level: 0, flatDamage: -36 })).toBe(1);
    expect(hit({ level: 0, flatDamage: -50 })).toBe(1);
    expect(critDamage(35)).toBe(70);
  });

  it("berserk_damage_pct adds up to pct % as health runs out", () => {
    expect(berserkFactor(10, 100, 100)).toBe(1);
    expect(berserkFactor(10, 50, 100)).toBeCloseTo(1.05);
    expect(berserkFactor(10, 0, 100)).toBeCloseTo(1.1);
    expect(hit({ level: 10, berserkPct: 10, health: 0 })).toBe(72);
  });

  it("dmg_per_mana_pct adds pct % of current mana", () => {
    expect(manaDamageBonus(1, 500)).toBe(5);
    expect(hit({ level: 10, dmgPerManaPct: 1, mana: 500 })).toBe(71);
  });

  it("dmg_per_rangedSpeed_pct adds pct % per percent of ranged speed", () => {
    expect(rangedSpeedDamageFactor(1, 10)).toBeCloseTo(1.1);
    expect(hit({ level: 10, style: "ranged", dmgPerRangedSpeedPct: 1, rangedSpeedPct: 10 })).toBe(48);
  });
});

describe("monster bite", () => {
  it("is attack × monster level / (monster level + 4 × defence), floored: 0 is fended off", () => {
    expect(DEFENCE_WEIGHT).toBe(4);
    // aphid (5, level 1): a bare newcomer takes 1, a helmet (+1 health level) fends it off
    expect(monsterHitDamage(5, 1, 1)).toBe(1);
    expect(monsterHitDamage(5, 1, 2)).toBe(0);
    // black ant (10, level 5) against a level-1 fighter; mosquito (70, level 40) against level 1 and a tier-6 set
    expect(monsterHitDamage(10, 5, 1)).toBe(5);
    expect(monsterHitDamage(70, 40, 1)).toBe(63);
    expect(monsterHitDamage(70, 40, 76)).toBe(8);
    expect(monsterHitDamage(70, 40, 0)).toBe(70);
  });
});

describe("affinity", () => {
  it("melee_dmg counters magic, magic_dmg ranged, ranged_dmg melee, at × 1.5 shown as a crit", () => {
    expect(hasAffinity("melee_dmg", "magic")).toBe(true);
    expect(hasAffinity("magic_dmg", "ranged")).toBe(true);
    expect(hasAffinity("ranged_dmg", "melee")).toBe(true);
    expect(hasAffinity("melee_dmg", "melee")).toBe(false);
    expect(hasAffinity("heal", "melee")).toBe(false);
    expect(spellDamage(100, "melee_dmg", "magic")).toEqual({ amount: 150, crit: true });
    expect(spellDamage(200, "ranged_dmg", "ranged")).toEqual({ amount: 200, crit: false });
  });
});

describe("status effects", () => {
  it("burn is 30 % and bleed 20 % of the hit per second, each at least 1", () => {
    expect(burnDps(100)).toBe(30);
    expect(bleedDps(100)).toBe(20);
    expect(burnDps(2)).toBe(1);
    expect(bleedDps(3)).toBe(1);
  });

  it("accumulates fractions and applies whole points each tick", () => {
    let acc = 0;
    const dealt: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = dotTick(acc, 1.5, 1000);
      dealt.push(r.damage);
      acc = r.acc;
    }
    expect(dealt).toEqual([1, 2, 1, 2, 1]);
    expect(acc).toBeCloseTo(0.5);
  });
});

describe("health, mana, healing", () => {
  it("max health and max mana are 100 + 10 per level, raised by life_pct / mana_pct", () => {
    expect(maxHealthFor(1)).toBe(110);
    expect(maxHealthFor(10)).toBe(200);
    expect(maxManaFor(40)).toBe(500);
    expect(maxHealthFor(10, 4)).toBe(208);
    expect(maxManaFor(10, 2)).toBe(204);
  });

  it("passive healing is 10 % of the amount", () => {
    expect(passiveHeal(50)).toBe(5);
  });

  it("heals only a rounded amount above 0, capped at max", () => {
    expect(healedAmount(50, 100, 0.4)).toBe(0);
    expect(healedAmount(50, 100, 0.5)).toBe(1);
    expect(healedAmount(50, 100, 10.4)).toBe(10);
    expect(healedAmount(95, 100, 150)).toBe(5);
    expect(healedAmount(100, 100, 150)).toBe(0);
  });
});

describe("defence", () => {
  it("a block stops half of the hit", () => {
    expect(blockedHit(70)).toBe(35);
    expect(blockedHit(5)).toBe(2);
  });

  it("the barrier absorbs what it holds and, once depleted, is ready again 6000 ms later", () => {
    expect(barrierAbsorb(30, 10, 1000)).toEqual({ absorbed: 10, remaining: 20, depletedReadyAt: null });
    expect(barrierAbsorb(20, 70, 1000)).toEqual({ absorbed: 20, remaining: 0, depletedReadyAt: 7000 });
    expect(barrierAbsorb(0, 70, 1000)).toEqual({ absorbed: 0, remaining: 0, depletedReadyAt: null });
  });
});

describe("intellect xp", () => {
  it("comes from accumulated mana spent, in whole points", () => {
    expect(intellectXpFromMana(10)).toEqual({ xp: 10, rest: 0 });
    expect(intellectXpFromMana(9.5)).toEqual({ xp: 9, rest: 0.5 });
  });
});

describe("edges of the formulas", () => {
  it("a speed multiplier or lab factor of 0 or less counts as 1", () => {
    expect(playerAttackIntervalMs(3000, 0)).toBe(3000);
    expect(playerAttackIntervalMs(3000, -2)).toBe(3000);
    expect(speedMultiplier(0, 0)).toBe(1);
    expect(speedMultiplier(0, -1)).toBe(1);
    expect(speedMultiplier(-100, 1)).toBe(0.01);
  });

  it("a monster's attack speed of 0 or less is the 10 s default", () => {
    expect(monsterAttackIntervalMs(0)).toBe(10_000);
    expect(monsterAttackIntervalMs(-5)).toBe(10_000);
  });

  it("a negative percentage or an empty health bar adds nothing", () => {
    expect(berserkFactor(-10, 0, 100)).toBe(1);
    expect(berserkFactor(10, 0, 0)).toBe(1);
    expect(manaDamageBonus(-1, 500)).toBe(0);
    expect(rangedSpeedDamageFactor(-1, 10)).toBe(1);
    expect(rangedSpeedDamageFactor(1, -10)).toBe(1);
    expect(hit({ level: 10, damageFactor: 0 })).toBe(66);
    expect(hit({ level: 10, damageFactor: -1 })).toBe(66);
  });

  it("healing below a whole point, negative, or at or above max heals nothing", () => {
    expect(healedAmount(10, 100, -5)).toBe(0);
    expect(healedAmount(120, 100, 10)).toBe(0);
    expect(healedAmount(100, 100, 10)).toBe(0);
    expect(healedAmount(10, 100, 0.4)).toBe(0);
    expect(healedAmount(95, 100, 10)).toBe(5);
  });
});
