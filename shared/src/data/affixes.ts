import type { Affix } from "./schemas.ts";

/**
 * Affixes (spec §4 "Affix generation", §9). A stat slot first rolls a tier up to
 * min(crafting tier, the item's affix tier) by AFFIX_TIER_WEIGHTS, then an entry of that tier by weight,
 * where the tier's 'nothing' entry (empty stats) adds no affix. Tier 4 is the world past level 40's.
 */

export type AffixTier = 1 | 2 | 3 | 4;
export const AFFIX_TIERS: readonly AffixTier[] = [1, 2, 3, 4];
// spec for 1–3; chosen for 4: a quarter as likely as tier 3, as tier 3 is a quarter of tier 2
export const AFFIX_TIER_WEIGHTS: Readonly<Record<AffixTier, number>> = { 1: 120, 2: 40, 3: 10, 4: 4 };
// chosen for 4: half of tier 3's 'nothing', as each tier halves the one before
export const AFFIX_NOTHING_WEIGHTS: Readonly<Record<AffixTier, number>> = { 1: 800, 2: 400, 3: 200, 4: 100 };
// chosen: gear of tiers 7–10 may roll tier-4 affixes (with the lab's Crafting Tier 4); the seed's tiers keep
// min(item tier, 3)
export const FIRST_TIER_OF_AFFIX_4 = 7;

/** The highest affix tier an item of this gear tier may roll. */
export function itemAffixTier(itemTier: number): number {
  return itemTier >= FIRST_TIER_OF_AFFIX_4 ? 4 : Math.min(itemTier, 3);
}

/** Every effect key an affix (or gear) can carry; spec §9 lists part of it. */
export const AFFIX_KEYS = [
  "health_lvl",
  "melee_lvl",
  "ranged_lvl",
  "magic_lvl",
  "intellect_lvl",
  "life_pct",
  "mana_pct",
  "melee_speed_pct",
  "magic_speed_pct",
  "ranged_speed_pct",
  "mining_speed_pct",
  "mycology_speed_pct",
  "botany_speed_pct",
  "mining_damage",
  "mycology_damage",
  "botany_damage",
  "dodge_chance_pct",
  "crit_chance_pct",
  "block_chance_pct",
  "barrier",
  "lifesteal_chance_pct",
  "freeze_chance_pct",
  "stun_chance_pct",
  "burn_chance_pct",
  "bleed_chance_pct",
  "dmg_per_rangedSpeed_pct",
  "dmg_per_mana_pct",
  "berserk_damage_pct",
  "health_regen",
  "mana_regen",
  "ward",
] as const;
export type AffixKey = (typeof AFFIX_KEYS)[number];

type Clazz = Affix["clazz"];
/** Values by tier 1, 2, 3, 4; null where the affix does not exist at that tier. */
type Row = [
  key: AffixKey,
  clazz: Clazz,
  label: string,
  values: readonly [number | null, number | null, number | null, number | null],
];

// Spec examples: +1..+4 levels, 1–4% health/mana, speed 3–5%, dodge 3–4%, crit 2–3%, block 3–4%,
// barrier 20/30 per 6 s. chosen: which tiers carry which value, the class restrictions, and every
// value the spec does not give (gather damage, lifesteal, status chances, the scaling stats, regen);
// chosen for tier 4 (gear past level 40): about 1.5 × tier 3, the scaling stats twice theirs.
const ROWS: readonly Row[] = [
  ["health_lvl", "any", "+{v} Health levels", [1, 2, 4, 6]],
  ["melee_lvl", "melee", "+{v} Melee levels", [1, 2, 4, 6]],
  ["ranged_lvl", "ranged", "+{v} Ranged levels", [1, 2, 4, 6]],
  ["magic_lvl", "magic", "+{v} Magic levels", [1, 2, 4, 6]],
  ["intellect_lvl", "magic", "+{v} Intellect levels", [1, 3, 4, 6]],
  ["life_pct", "any", "+{v}% max health", [1, 2, 4, 6]],
  ["mana_pct", "magic", "+{v}% max mana", [1, 2, 4, 6]],
  ["melee_speed_pct", "melee", "+{v}% melee speed", [3, 4, 5, 7]],
  ["magic_speed_pct", "magic", "+{v}% magic speed", [3, 4, 5, 7]],
  ["ranged_speed_pct", "ranged", "+{v}% ranged speed", [3, 4, 5, 7]],
  ["mining_speed_pct", "any", "+{v}% mining speed", [3, 4, 5, 7]],
  ["mycology_speed_pct", "any", "+{v}% mycology speed", [3, 4, 5, 7]],
  ["botany_speed_pct", "any", "+{v}% botany speed", [3, 4, 5, 7]],
  ["mining_damage", "any", "+{v} mining damage", [2, 4, 6, 9]],
  ["mycology_damage", "any", "+{v} mycology damage", [2, 4, 6, 9]],
  ["botany_damage", "any", "+{v} botany damage", [2, 4, 6, 9]],
  ["dodge_chance_pct", "any", "{v}% chance to dodge", [null, 3, 4, 6]],
  ["crit_chance_pct", "any", "{v}% critical chance", [null, 2, 3, 5]],
  ["block_chance_pct", "melee", "{v}% chance to block", [null, 3, 4, 6]],
  ["barrier", "any", "Barrier absorbs {v} every 6 s", [null, 20, 30, 45]],
  ["lifesteal_chance_pct", "melee", "{v}% lifesteal chance", [null, 2, 3, 5]],
  ["freeze_chance_pct", "magic", "{v}% chance to freeze", [null, 3, 5, 7]],
  ["stun_chance_pct", "melee", "{v}% chance to stun", [null, 3, 5, 7]],
  ["burn_chance_pct", "magic", "{v}% chance to burn", [null, 3, 5, 7]],
  ["bleed_chance_pct", "ranged", "{v}% chance to bleed", [null, 3, 5, 7]],
  ["dmg_per_rangedSpeed_pct", "ranged", "+{v}% damage per ranged speed", [null, null, 1, 2]],
  ["dmg_per_mana_pct", "magic", "+{v}% damage per mana", [null, null, 1, 2]],
  ["berserk_damage_pct", "melee", "+{v}% damage at low health", [null, null, 10, 20]],
  ["health_regen", "any", "+{v} health per second", [1, 2, 3, 5]],
  ["mana_regen", "magic", "+{v} mana per second", [1, 2, 3, 5]],
];

const TIER_IDS = AFFIX_TIERS;

function rowAffixes([key, clazz, label, values]: Row): Affix[] {
  return TIER_IDS.flatMap((tier) => {
    const v = values[tier - 1];
    if (v == null) return [];
    return [
      {
        id: `${key}_t${tier}`,
        tier,
        clazz,
        label: label.replace("{v}", String(v)),
        weight: AFFIX_TIER_WEIGHTS[tier],
        stats: { [key]: v },
      },
    ];
  });
}

const NOTHING: Affix[] = TIER_IDS.map((tier) => ({
  id: `nothing_t${tier}`,
  tier,
  clazz: "any",
  label: "Nothing",
  weight: AFFIX_NOTHING_WEIGHTS[tier],
  stats: {},
}));

/** Every affix entry with its tier and weight, plus one 'nothing' entry per tier. */
export const AFFIXES: readonly Affix[] = [...ROWS.flatMap(rowAffixes), ...NOTHING];
