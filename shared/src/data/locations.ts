import { GATHER_NODE_BASE } from "./gatherNodes.ts";
import { TIER_LEVELS, TIERS } from "./itemIds.ts";
import type { Location } from "./schemas.ts";
import { GATHER_SKILLS, type GatherSkill } from "./skills.ts";

export type LocationSkill = GatherSkill | "combat";

/**
 * Locations in tier order; required levels 1, 5, 10, 20, 30, 40 (spec §2), then 50, 62, 75, 88 (TIER_LEVELS).
 * chosen for tiers 7–10: the garden's far corners, one new place per skill and tier
 */
export const LOCATION_IDS_BY_SKILL: Readonly<Record<LocationSkill, readonly string[]>> = {
  mining: [
    "garden",
    "pond",
    "path",
    "square",
    "fire_camp",
    "shed",
    "rockery",
    "old_well",
    "cellar",
    "crystal_grotto",
  ],
  mycology: [
    "garden",
    "tree_stump",
    "swamp",
    "maple_tree_stump",
    "fountain",
    "swamp_night",
    "compost_heap",
    "woodpile",
    "birch_grove",
    "old_oak",
  ],
  botany: [
    "fountain",
    "path",
    "backyard",
    "garage",
    "pond",
    "ant_nest",
    "vegetable_patch",
    "herb_spiral",
    "bamboo_grove",
    "willow_bank",
  ],
  combat: [
    "aphid_nest",
    "black_ant_nest",
    "trash_can",
    "rosebush_nest",
    "beetle_nest",
    "swamp",
    "wasp_nest",
    "log_pile",
    "tall_grass",
    "hornet_hive",
  ],
};

const COMMON_WEIGHT = 95;
const SECOND_WEIGHT = 5;
const LUCKY_WEIGHT_FIRST_AREA = 1;
const LUCKY_WEIGHT = 2;
// chosen: each combat area spawns its own tier's monster only
const MONSTER_WEIGHT = 100;

/**
 * chosen reading of spec §9's "common node weights are 95 and 5" and "a lucky node":
 * area t spawns node t at 95 and node t−1 at 5 (area 1, having no lower node, node 2 at 5);
 * the lucky node is the next tier up, node t+1 (area 1: node 3), at 1 in area 1 and 2 elsewhere;
 * the top area has no higher node, so its lucky node is its own node.
 */
function gatherSpawns(skill: GatherSkill, tier: number): Location["spawns"] {
  const node = (t: number) => GATHER_NODE_BASE[skill] + t;
  if (tier === 1) {
    return [
      { id: node(1), weight: COMMON_WEIGHT },
      { id: node(2), weight: SECOND_WEIGHT },
      { id: node(3), weight: LUCKY_WEIGHT_FIRST_AREA, lucky: true },
    ];
  }
  return [
    { id: node(tier), weight: COMMON_WEIGHT },
    { id: node(tier - 1), weight: SECOND_WEIGHT },
    { id: node(Math.min(tier + 1, TIERS.length)), weight: LUCKY_WEIGHT, lucky: true },
  ];
}

function locationsOf(skill: LocationSkill): Location[] {
  return LOCATION_IDS_BY_SKILL[skill].map((id, i) => ({
    id,
    skill,
    tier: i + 1,
    requiredLevel: TIER_LEVELS[i]!,
    // chosen: monster ids are 1–10 in tier order (see monsters.ts)
    spawns: skill === "combat" ? [{ id: i + 1, weight: MONSTER_WEIGHT }] : gatherSpawns(skill, i + 1),
  }));
}

/** Every location; an id is unique within its skill only (garden, pond, path, fountain, swamp repeat). */
export const LOCATIONS: readonly Location[] = [...GATHER_SKILLS, "combat" as const].flatMap(locationsOf);

export function locationFor(skill: LocationSkill, id: string): Location | undefined {
  return LOCATIONS.find((l) => l.skill === skill && l.id === id);
}
