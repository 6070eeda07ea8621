import {
  AFFINITY_MULTIPLIER,
  BARRIER_COOLDOWN_MS,
  BASE_HEALTH,
  BASE_MANA,
  BLEED_DPS_RATIO,
  BURN_DPS_RATIO,
  CRIT_MULTIPLIER,
  DEFAULT_ACTION_MS,
  HEALTH_PER_LEVEL,
  MANA_PER_LEVEL,
  MIN_ACTION_MS,
  MIN_DAMAGE,
  MIN_MONSTER_ATTACK_MS,
  MONSTER_ATTACK_TIME,
  PASSIVE_HEAL_RATIO,
  STYLE_DAMAGE_MULTIPLIER,
} from "../../../data/constants.ts";
import type { CombatStyle } from "../../../data/skills.ts";

/**
 * Every combat formula, in one place. Each is a pure function of explicit numbers; `combatStats.ts`
 * turns a player (levels, gear, affixes, lab modifiers) into those numbers, and the simulation
 * (`CombatSim.ts`) and `castSpell.ts` only ever call these.
 *
 * Times are integer epoch milliseconds, percentages are whole percents (3 means 3 %).
 */

// read on hot paths: module-level copies, not imported bindings (a test runner turns those into getters)
const MIN_DMG = MIN_DAMAGE;
const CRIT_X = CRIT_MULTIPLIER;
const AFFINITY_X = AFFINITY_MULTIPLIER;
const PASSIVE_HEAL = PASSIVE_HEAL_RATIO;
const BARRIER_CD = BARRIER_COOLDOWN_MS;

// chosen: the spec gives no per-class base speed; every class swings on the default action time (3 s)
export const BASE_ATTACK_MS: Readonly<Record<CombatStyle, number>> = {
  melee: DEFAULT_ACTION_MS,
  magic: DEFAULT_ACTION_MS,
  ranged: DEFAULT_ACTION_MS,
};
// chosen: a block stops half of the hit (a dodge stops all of it)
export const BLOCK_REDUCTION = 0.5;
// chosen: one intellect xp per mana point spent, granted in whole points from the accumulated total
export const INTELLECT_XP_PER_MANA = 1;
/** Out of combat: 1 health and 1 mana per second (spec §4). */
export const OUT_OF_COMBAT_REGEN_PER_S = 1;
export const REGEN_TICK_MS = 1000;

/** Player swing interval: the class's base time divided by the speed multiplier, never under 0.1 s. */
export function playerAttackIntervalMs(baseMs: number, speedMultiplier: number): number {
  const ms = Math.round(baseMs / (speedMultiplier > 0 ? speedMultiplier : 1));
  return Math.max(MIN_ACTION_MS, ms);
}

/** Speed multiplier from a percentage bonus (affixes, additive among themselves) and the lab's multiplicative factor. */
export function speedMultiplier(speedPct: number, labFactor: number): number {
  return Math.max(0.01, (1 + speedPct / 100) * (labFactor > 0 ? labFactor : 1));
}

/** Monster attack interval: its attackSpeed (10 s when missing), never under 500 ms. */
export function monsterAttackIntervalMs(attackSpeed: number | undefined): number {
  const ms = attackSpeed !== undefined && attackSpeed > 0 ? attackSpeed : MONSTER_ATTACK_TIME;
  return Math.max(MIN_MONSTER_ATTACK_MS, Math.round(ms));
}

/** Inputs of a player hit: everything the key-named modifiers depend on. */
export interface HitInput {
  /** effective style level: skill level plus gear and affix `{style}_lvl` */
  level: number;
  style: CombatStyle;
  /** flat damage from gear stats and the lab's `combat:damage:+` */
  flatDamage: number;
  /** lab `x` damage factor (1 when none) */
  damageFactor: number;
  berserkPct: number;
  health: number;
  maxHealth: number;
  dmgPerManaPct: number;
  mana: number;
  dmgPerRangedSpeedPct: number;
  /** the player's ranged speed bonus in percent */
  rangedSpeedPct: number;
}

/**
 * chosen: a fighter strikes as if BASE_POWER levels above its style level, so a level-1 newcomer kills an
 * aphid (100 hp) in a few swings while the style multipliers keep their spec ratio (see docs/combat-balance.md).
 */
export const BASE_POWER = 12;

/** Base damage: (level + BASE_POWER) × style multiplier (melee 3, magic 2.5, ranged 2). */
export function styleDamage(level: number, style: CombatStyle): number {
  return (level + BASE_POWER) * STYLE_DAMAGE_MULTIPLIER[style];
}

/**
 * chosen defence: a monster's bite shrinks as the fighter's defence (its health level with gear) grows
 * against the monster's level: attack × level / (level + DEFENCE_WEIGHT × defence), floored. A bite that
 * floors to 0 is fended off; at a monster's own level with matching armour most bites still land.
 */
export const DEFENCE_WEIGHT = 4;

export function monsterHitDamage(attack: number, monsterLevel: number, defence: number): number {
  const level = Math.max(1, monsterLevel);
  return Math.floor((attack * level) / (level + DEFENCE_WEIGHT * Math.max(0, defence)));
}

/** `berserk_damage_pct`: up to +pct % damage, scaled by the share of health missing. */
export function berserkFactor(pct: number, health: number, maxHealth: number): number {
  if (pct <= 0 || maxHealth <= 0) return 1;
  const missing = Math.min(1, Math.max(0, 1 - health / maxHealth));
  return 1 + (pct / 100) * missing;
}

/** `dmg_per_mana_pct`: pct % of current mana added as flat damage. */
export function manaDamageBonus(pct: number, mana: number): number {
  return pct > 0 ? (pct / 100) * Math.max(0, mana) : 0;
}

/** `dmg_per_rangedSpeed_pct`: +pct % damage for each percent of ranged speed bonus. */
export function rangedSpeedDamageFactor(pct: number, rangedSpeedPct: number): number {
  return pct > 0 && rangedSpeedPct > 0 ? 1 + (pct * rangedSpeedPct) / 100 : 1;
}

/**
 * A normal (non-crit) hit: (level × style multiplier + flat + mana bonus) × lab factor × berserk ×
 * ranged-speed factor, floored, at least 1.
 */
export function playerHitDamage(h: HitInput): number {
  const raw =
    (styleDamage(h.level, h.style) + h.flatDamage + manaDamageBonus(h.dmgPerManaPct, h.mana)) *
    (h.damageFactor > 0 ? h.damageFactor : 1) *
    berserkFactor(h.berserkPct, h.health, h.maxHealth) *
    rangedSpeedDamageFactor(h.dmgPerRangedSpeedPct, h.rangedSpeedPct);
  return atLeastOne(raw);
}

/** A crit doubles the hit. */
export function critDamage(hit: number): number {
  return hit * CRIT_X;
}

/** Damage is at least 1 and whole. */
export function atLeastOne(raw: number): number {
  return Math.max(MIN_DMG, Math.floor(raw));
}

/** The monster type each spell type counters: melee_dmg vs magic, magic_dmg vs ranged, ranged_dmg vs melee. */
export const COUNTERS: Readonly<Record<"melee_dmg" | "magic_dmg" | "ranged_dmg", CombatStyle>> = {
  melee_dmg: "magic",
  magic_dmg: "ranged",
  ranged_dmg: "melee",
};

export function hasAffinity(spellType: string, monsterType: CombatStyle): boolean {
  return spellType in COUNTERS && COUNTERS[spellType as keyof typeof COUNTERS] === monsterType;
}

/** Spell damage: its value, × 1.5 on a counter hit (which shows as a crit). */
export function spellDamage(
  value: number,
  spellType: string,
  monsterType: CombatStyle,
): { amount: number; crit: boolean } {
  const crit = hasAffinity(spellType, monsterType);
  return { amount: spellAmount(value, crit), crit };
}

/** The damage of a spell hit of `value`, × 1.5 when it counters the monster. */
export function spellAmount(value: number, counter: boolean): number {
  return atLeastOne(counter ? value * AFFINITY_X : value);
}

/** Burn: 30 % of the hit per second, at least 1. */
export function burnDps(hit: number): number {
  return Math.max(1, hit * BURN_DPS_RATIO);
}

/** Bleed: 20 % of the hit per second, at least 1. */
export function bleedDps(hit: number): number {
  return Math.max(1, hit * BLEED_DPS_RATIO);
}

/** Damage over time: accumulate dps per tick, apply the whole points, carry the fraction. */
export function dotTick(acc: number, dps: number, tickMs: number): { damage: number; acc: number } {
  const total = acc + (dps * tickMs) / 1000;
  const damage = Math.floor(total + 1e-9);
  return { damage, acc: Math.max(0, total - damage) };
}

/** Max health: 100 + 10 per health level, raised by `life_pct`. */
export function maxHealthFor(level: number, lifePct = 0): number {
  return Math.floor((BASE_HEALTH + HEALTH_PER_LEVEL * level) * (1 + lifePct / 100));
}

/** Max mana: 100 + 10 per intellect level, raised by `mana_pct`. */
export function maxManaFor(level: number, manaPct = 0): number {
  return Math.floor((BASE_MANA + MANA_PER_LEVEL * level) * (1 + manaPct / 100));
}

/** Passive healing (lifesteal) restores 10 % of the amount. */
export function passiveHeal(amount: number): number {
  return amount * PASSIVE_HEAL;
}

/** Healing applies only when the rounded amount is above 0 and stops at max. Returns the points actually healed. */
export function healedAmount(current: number, max: number, amount: number): number {
  const rounded = Math.round(amount);
  if (rounded <= 0 || current >= max) return 0;
  return Math.min(rounded, max - current);
}

/** A blocked hit loses half; whole points, at least 1 stays blocked when the hit is at least 1. */
export function blockedHit(damage: number): number {
  return Math.floor(damage * (1 - BLOCK_REDUCTION));
}

/** The barrier absorbs up to what remains; once depleted it recharges to max after the 6 s cooldown. */
export function barrierAbsorb(
  remaining: number,
  damage: number,
  now: number,
): { absorbed: number; remaining: number; depletedReadyAt: number | null } {
  const absorbed = Math.min(Math.max(0, remaining), damage);
  const left = remaining - absorbed;
  return {
    absorbed,
    remaining: left,
    depletedReadyAt: absorbed > 0 && left <= 0 ? now + BARRIER_CD : null,
  };
}

/** Intellect xp from mana spent: whole xp points, the rest carried. */
export function intellectXpFromMana(manaSpent: number): { xp: number; rest: number } {
  const xp = intellectXp(manaSpent);
  return { xp, rest: manaSpentRest(manaSpent, xp) };
}

/** The whole intellect xp points in an amount of mana spent. */
export function intellectXp(manaSpent: number): number {
  return Math.floor(manaSpent * INTELLECT_XP_PER_MANA);
}

/** The mana spent left over once `xp` whole points were granted from it. */
export function manaSpentRest(manaSpent: number, xp: number): number {
  return manaSpent - xp / INTELLECT_XP_PER_MANA;
}
