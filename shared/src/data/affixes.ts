import type { Affix } from "./schemas.ts";

/**
 * Affixes (spec §4 "Affix generation", §9). A stat slot first rolls a tier up to
 * min(crafting tier, item tier) by AFFIX_TIER_WEIGHTS, then an entry of that tier by weight,
 * where the tier's 'nothing' entry (empty stats) adds no affix.
 */

export const AFFIX_TIER_WEIGHTS: Readonly<Record<1 | 2 | 3, number>> = { 1: 120, 2: 40, 3: 10 };
export const AFFIX_NOTHING_WEIGHTS: Readonly<Record<1 | 2 | 3, number>> = { 1: 800, 2: 400, 3: 200 };

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
] as const;
export type AffixKey = (typeof AFFIX_KEYS)[number];

type Clazz = Affix["clazz"];
/** Values by tier 1, 2, 3; null where the affix does not exist at that tier. */
type Row = [
  key: AffixKey,
  clazz: Clazz,
  label: string,
  values: readonly [number | null, number | null, number | null],
];

// Spec examples: +1..+4 levels, 1–4% health/mana, speed 3–5%, dodge 3–4%, crit 2–3%, block 3–4%,
// barrier 20/30 per 6 s. chosen: which tiers carry which value, the class restrictions, and every
// value the spec does not give (gather damage, lifesteal, status chances, the scaling stats, regen).
const ROWS: readonly Row[] = [
  ["health_lvl", "any", "+{v} Health levels", [1, 2, 4]],
  ["melee_lvl", "melee", "+{v} Melee levels", [1, 2, 4]],
  ["ranged_lvl", "ranged", "+{v} Ranged levels", [1, 2, 4]],
  ["magic_lvl", "magic", "+{v} Magic levels", [1, 2, 4]],
  ["intellect_lvl", "magic", "+{v} Intellect levels", [1, 3, 4]],
  ["life_pct", "any", "+{v}% max health", [1, 2, 4]],
  ["mana_pct", "magic", "+{v}% max mana", [1, 2, 4]],
  ["melee_speed_pct", "melee", "+{v}% melee speed", [3, 4, 5]],
  ["magic_speed_pct", "magic", "+{v}% magic speed", [3, 4, 5]],
  ["ranged_speed_pct", "ranged", "+{v}% ranged speed", [3, 4, 5]],
  ["mining_speed_pct", "any", "+{v}% mining speed", [3, 4, 5]],
  ["mycology_speed_pct", "any", "+{v}% mycology speed", [3, 4, 5]],
  ["botany_speed_pct", "any", "+{v}% botany speed", [3, 4, 5]],
  ["mining_damage", "any", "+{v} mining damage", [2, 4, 6]],
  ["mycology_damage", "any", "+{v} mycology damage", [2, 4, 6]],
  ["botany_damage", "any", "+{v} botany damage", [2, 4, 6]],
  ["dodge_chance_pct", "any", "{v}% chance to dodge", [null, 3, 4]],
  ["crit_chance_pct", "any", "{v}% critical chance", [null, 2, 3]],
  ["block_chance_pct", "melee", "{v}% chance to block", [null, 3, 4]],
  ["barrier", "any", "Barrier absorbs {v} every 6 s", [null, 20, 30]],
  ["lifesteal_chance_pct", "melee", "{v}% lifesteal chance", [null, 2, 3]],
  ["freeze_chance_pct", "magic", "{v}% chance to freeze", [null, 3, 5]],
  ["stun_chance_pct", "melee", "{v}% chance to stun", [null, 3, 5]],
  ["burn_chance_pct", "magic", "{v}% chance to burn", [null, 3, 5]],
  ["bleed_chance_pct", "ranged", "{v}% chance to bleed", [null, 3, 5]],
  ["dmg_per_rangedSpeed_pct", "ranged", "+{v}% damage per ranged speed", [null, null, 1]],
  ["dmg_per_mana_pct", "magic", "+{v}% damage per mana", [null, null, 1]],
  ["berserk_damage_pct", "melee", "+{v}% damage at low health", [null, null, 10]],
  ["health_regen", "any", "+{v} health per second", [1, 2, 3]],
  ["mana_regen", "magic", "+{v} mana per second", [1, 2, 3]],
];

const TIER_IDS = [1, 2, 3] as const;

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
