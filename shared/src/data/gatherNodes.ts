import { TIER_LEVELS } from "./itemIds.ts";
import type { GatherNode } from "./schemas.ts";
import { GATHER_SKILLS, type GatherSkill } from "./skills.ts";

// spec §9 for tiers 1–6; chosen for 7–10: a node takes three hits of a gatherer at its level with no lab
// damage (gather damage 2 + 1.5 × level: 77 at 50, 95 at 62, 114 at 75, 134 at 88)
const NODE_MAX_HP = [15, 30, 80, 120, 160, 200, 230, 280, 340, 400] as const;

/** First node id per skill: mining 1–10, mycology 101–110, botany 201–210. */
export const GATHER_NODE_BASE: Readonly<Record<GatherSkill, number>> = {
  mining: 0,
  mycology: 100,
  botany: 200,
};

const NODE_NAMES: Readonly<Record<GatherSkill, readonly string[]>> = {
  // chosen for tiers 7–10: what a garden's deeper corners hide, rarest last
  mining: ["Dirt", "Clay", "Stone", "Sand", "Coal", "Iron", "Flint", "Copper", "Silver", "Amethyst"],
  // chosen: garden mushrooms, commonest first
  mycology: [
    "Button Mushroom",
    "Puffball",
    "Chanterelle",
    "Oyster Mushroom",
    "Morel",
    "Truffle",
    "Porcini",
    "Sulphur Shelf",
    "Fly Agaric",
    "Lion's Mane",
  ],
  // chosen: garden plants whose fibres make cloth, weeds first
  botany: [
    "Grass",
    "Clover",
    "Dandelion",
    "Nettle",
    "Flax",
    "Cotton",
    "Hemp",
    "Lavender",
    "Bamboo",
    "Willow",
  ],
};

function nodesOf(skill: GatherSkill): GatherNode[] {
  return NODE_NAMES[skill].map((name, i) => ({
    id: GATHER_NODE_BASE[skill] + i + 1,
    skill,
    name,
    level: TIER_LEVELS[i]!,
    maxHp: NODE_MAX_HP[i]!,
  }));
}

/** Gather node id → node (spec §3). */
export const GATHER_NODES: Readonly<Record<number, GatherNode>> = Object.fromEntries(
  GATHER_SKILLS.flatMap(nodesOf).map((n) => [n.id, n]),
);

/** Node id of tier t (1–10) for a gathering skill. */
export function gatherNodeId(skill: GatherSkill, tier: number): number {
  return GATHER_NODE_BASE[skill] + tier;
}
