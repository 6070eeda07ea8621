import {
  bossDropItemId,
  CRAFT_FROM_GATHER,
  CRAFT_OF_GEAR_CLASS,
  combatDropItemId,
  gearItemId,
  materialItemId,
  rawItemId,
  SEED_TIERS,
  TIER_LEVELS,
  TIERS,
} from "./itemIds.ts";
import type { Recipe } from "./schemas.ts";
import type { CombatStyle, EquipmentSlot, GatherSkill } from "./skills.ts";
import { COMBAT_STYLES, EQUIPMENT_SLOTS, GATHER_SKILLS } from "./skills.ts";

/**
 * Crafting (spec §9 gives only the ranges): basic materials 2 xp / 3 s up to 17 xp / 18 s,
 * gear 6 xp / 10 s up to 72 xp / 108 s; craft levels follow the location levels.
 */

// chosen: per-tier values rising along the spec's ranges; past them for tiers 7–10, materials of 26 to 45 xp in
// 14 to 17 s, so crafting keeps within twice gathering's hours once the new nodes and the lab's damage make
// gathering fast (docs/progression.md "Gathering and crafting past 40"), and gear about +30 % a tier
const MATERIAL_XP = [2, 4, 6, 9, 13, 17, 26, 32, 38, 45] as const;
const MATERIAL_TIME_S = [3, 5, 8, 11, 14, 18, 14, 15, 16, 17] as const;
// chosen: one raw resource per material at every tier (the tutorial's 6 resources make 3 crafts and a gear
// piece): a resource then gives its crafter 2 to 45 xp, more than its gatherer's 2 to 30, so crafting what one
// gathers keeps the crafting skill level with the gathering one (docs/progression.md)
const MATERIAL_RAW_COST = 1;

const GEAR_XP = [6, 12, 20, 32, 50, 72, 94, 122, 158, 205] as const;
const GEAR_TIME_S = [10, 18, 30, 48, 75, 108, 140, 182, 236, 306] as const;
// chosen: materials per gear piece from tier 2 up; every tier-1 piece costs 1 material (tutorial)
const GEAR_MATERIAL_COST: Readonly<Record<EquipmentSlot, number>> = {
  head: 2,
  chest: 4,
  legs: 3,
  feet: 2,
  hands: 2,
  offhand: 3,
  mainhand: 3,
};
// chosen: from tier 3 up, gear also takes drops of the monster of tier − 2: (tier − 2) of them up to tier 6,
// then 4 a piece (a few minutes of fighting at the area two tiers down)
const GEAR_DROP_FROM_TIER = 3;
const LATE_GEAR_DROPS = 4;
/**
 * chosen: some tiers' gear also takes drops of the tier just below, so every drop has a use beyond selling:
 * the seed's top tier 2 Beetle Horns and 1 Mosquito Proboscis a piece; tier 10 2 Mantis Claws, and its
 * weapon (the best recipe of the world, beside what a tier-10 boss may drop later) 2 Hornet Venoms, won at
 * the hornet hive in tier-10 armour.
 */
const EXTRA_DROPS: Readonly<Record<number, Readonly<Record<number, number>>>> = {
  6: { 5: 2, 6: 1 },
  10: { 9: 2 },
};
const WEAPON_EXTRA_DROPS: Readonly<Record<number, Readonly<Record<number, number>>>> = {
  10: { 10: 2 },
};

/**
 * chosen: each tier-7–10 weapon, the best recipe of its tier, also takes 2 trophies of the tier's party boss
 * (data/bosses.ts): three weekly wins of a party of three arm its three classes.
 */
const WEAPON_BOSS_TROPHIES = 2;
const BOSS_TIERS = [7, 8, 9, 10] as const;

function materialRecipe(gather: GatherSkill, tier: number): Recipe {
  const skill = CRAFT_FROM_GATHER[gather];
  return {
    itemId: materialItemId(skill, tier),
    skill,
    level: TIER_LEVELS[tier - 1]!,
    inputs: { [rawItemId(gather, tier)]: MATERIAL_RAW_COST },
    output: 1,
    xp: MATERIAL_XP[tier - 1]!,
    timeMs: MATERIAL_TIME_S[tier - 1]! * 1000,
  };
}

function gearRecipe(clazz: CombatStyle, tier: number, slot: EquipmentSlot): Recipe {
  const skill = CRAFT_OF_GEAR_CLASS[clazz];
  const inputs: Record<string, number> = {
    [materialItemId(skill, tier)]: tier === 1 ? 1 : GEAR_MATERIAL_COST[slot],
  };
  if (tier >= GEAR_DROP_FROM_TIER)
    inputs[combatDropItemId(tier - 2)] = tier <= SEED_TIERS ? tier - 2 : LATE_GEAR_DROPS;
  const extra = { ...EXTRA_DROPS[tier], ...(slot === "mainhand" ? WEAPON_EXTRA_DROPS[tier] : {}) };
  for (const [monsterTier, n] of Object.entries(extra)) inputs[combatDropItemId(Number(monsterTier))] = n;
  if (slot === "mainhand" && BOSS_TIERS.some((t) => t === tier))
    inputs[bossDropItemId(tier)] = WEAPON_BOSS_TROPHIES;
  return {
    itemId: gearItemId(clazz, tier, slot),
    skill,
    level: TIER_LEVELS[tier - 1]!,
    inputs,
    output: 1,
    xp: GEAR_XP[tier - 1]!,
    timeMs: GEAR_TIME_S[tier - 1]! * 1000,
  };
}

const ALL_RECIPES: Recipe[] = [
  ...GATHER_SKILLS.flatMap((g) => TIERS.map((t) => materialRecipe(g, t))),
  ...COMBAT_STYLES.flatMap((c) => TIERS.flatMap((t) => EQUIPMENT_SLOTS.map((s) => gearRecipe(c, t, s)))),
];

/** Crafted item id → its recipe, for smithing, tanning and tailoring. */
export const RECIPES: Readonly<Record<number, Recipe>> = Object.fromEntries(
  ALL_RECIPES.map((r) => [r.itemId, r]),
);
