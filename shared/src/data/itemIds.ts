import type { CombatStyle, CraftSkill, EquipmentSlot, GatherSkill } from "./skills.ts";
import { EQUIPMENT_SLOTS } from "./skills.ts";

/** The item id scheme of spec §3: the range says the kind, the last digits the tier (and slot for gear). */

export const TIERS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
export type Tier = (typeof TIERS)[number];
/** The seed's six tiers (spec §2 and §3); tiers 7 to 10 are the world past level 40 (DESIGN §12). */
export const SEED_TIERS = 6;

/**
 * Required level of tier t's location, node, recipe and gear: the spec's 1 to 40, then
 * // chosen: 50, 62, 75 and 88 (docs/progression.md "The world past 40"): never more than 13 levels between two
 * tiers (the issue asks at most 20), the last past 85, each gap a little wider as levels grow dearer
 */
export const TIER_LEVELS = [1, 5, 10, 20, 30, 40, 50, 62, 75, 88] as const;

export const RAW_ITEM_BASE: Readonly<Record<GatherSkill, number>> = {
  mining: 10000,
  mycology: 11000,
  botany: 12000,
};
export const COMBAT_DROP_BASE = 15000;
export const MATERIAL_ITEM_BASE: Readonly<Record<CraftSkill, number>> = {
  smithing: 20000,
  tanning: 21000,
  tailoring: 22000,
};
export const GEAR_ITEM_BASE: Readonly<Record<CombatStyle, number>> = {
  melee: 30000,
  magic: 31000,
  ranged: 32000,
};

/** Each gathering skill feeds one crafting skill, which makes one class of gear. */
export const CRAFT_FROM_GATHER: Readonly<Record<GatherSkill, CraftSkill>> = {
  mining: "smithing",
  mycology: "tanning",
  botany: "tailoring",
};
export const GEAR_CLASS_OF_CRAFT: Readonly<Record<CraftSkill, CombatStyle>> = {
  smithing: "melee",
  tanning: "magic",
  tailoring: "ranged",
};
export const CRAFT_OF_GEAR_CLASS: Readonly<Record<CombatStyle, CraftSkill>> = {
  melee: "smithing",
  magic: "tanning",
  ranged: "tailoring",
};

/** 10001 = Dirt, 11001 = first mushroom, 12001 = first plant. */
export function rawItemId(skill: GatherSkill, tier: number): number {
  return RAW_ITEM_BASE[skill] + tier;
}

/** 15001 = the aphid's drop, 15006 the mosquito's. */
export function combatDropItemId(monsterTier: number): number {
  return COMBAT_DROP_BASE + monsterTier;
}

/** chosen: 15107 = the tier-7 boss's trophy … 15110 the tier-10 one (data/bosses.ts), beside the insects' drops. */
export const BOSS_DROP_BASE = 15100;
export function bossDropItemId(tier: number): number {
  return BOSS_DROP_BASE + tier;
}

export function materialItemId(skill: CraftSkill, tier: number): number {
  return MATERIAL_ITEM_BASE[skill] + tier;
}

/**
 * 30101 = tier-1 melee head … 30907 = tier-9 melee mainhand: class base + tier × 100 + slot index + 1.
 * Tier 10 takes the hundreds digit 0 (30001 … 30007), so every class keeps its own thousand.
 */
export function gearItemId(clazz: CombatStyle, tier: number, slot: EquipmentSlot): number {
  return GEAR_ITEM_BASE[clazz] + (tier % 10) * 100 + EQUIPMENT_SLOTS.indexOf(slot) + 1;
}
