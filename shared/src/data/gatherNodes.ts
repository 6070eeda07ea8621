import type { GatherNode } from "./schemas.ts";
import type { GatherSkill } from "./skills.ts";

const NODE_LEVELS = [1, 5, 10, 20, 30, 40] as const;
const NODE_MAX_HP = [15, 30, 80, 120, 160, 200] as const;

/** First node id per skill: mining 1–6, mycology 101–106, botany 201–206. */
export const GATHER_NODE_BASE: Readonly<Record<GatherSkill, number>> = {
  mining: 0,
  mycology: 100,
  botany: 200,
};

const NODE_NAMES: Readonly<Record<GatherSkill, readonly string[]>> = {
  mining: ["Dirt", "Clay", "Stone", "Sand", "Coal", "Iron"],
  // chosen: garden mushrooms, commonest first
  mycology: ["Button Mushroom", "Puffball", "Chanterelle", "Oyster Mushroom", "Morel", "Truffle"],
  // chosen: garden plants whose fibres make cloth, weeds first
  botany: ["Grass", "Clover", "Dandelion", "Nettle", "Flax", "Cotton"],
};

function nodesOf(skill: GatherSkill): GatherNode[] {
  return NODE_NAMES[skill].map((name, i) => ({
    id: GATHER_NODE_BASE[skill] + i + 1,
    skill,
    name,
    level: NODE_LEVELS[i]!,
    maxHp: NODE_MAX_HP[i]!,
  }));
}

/** Gather node id → node (spec §3). */
export const GATHER_NODES: Readonly<Record<number, GatherNode>> = Object.fromEntries(
  (["mining", "mycology", "botany"] as const).flatMap(nodesOf).map((n) => [n.id, n]),
);

/** Node id of tier t (1–6) for a gathering skill. */
export function gatherNodeId(skill: GatherSkill, tier: number): number {
  return GATHER_NODE_BASE[skill] + tier;
}
