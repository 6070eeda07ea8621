import { DROP_TABLES } from "../../data/dropTables.ts";
import { GATHER_NODES } from "../../data/gatherNodes.ts";
import { locationFor } from "../../data/locations.ts";
import type { DropEntry, GatherNode, Location } from "../../data/schemas.ts";
import type { GatherSkill } from "../../data/skills.ts";
import type { Rejection } from "../state/result.ts";
import { reject } from "../state/result.ts";
import type { Rng } from "../state/rng.ts";

export const GATHER_CODES = {
  unknownLocation: "gather/unknown_location",
  noNodes: "gather/no_nodes",
  unknownNode: "gather/unknown_node",
} as const;
export type GatherCode = (typeof GATHER_CODES)[keyof typeof GATHER_CODES];

/** A node kind that spawns at a location, with its spawn weight and drop table. */
export interface SpawnKind {
  node: GatherNode;
  weight: number;
  drops: readonly DropEntry[];
}

// chosen: the Lucky Find node (flag 'luckynode') makes an area's lucky node three times as likely
export const LUCKY_NODE_FACTOR = 3;

/**
 * The weighted nodes of a gathering location, or the spec's error ('Unknown {skill} location: {loc}',
 * 'No nodes defined'). `lucky`: the player holds the 'luckynode' flag, and the lucky spawn weighs
 * LUCKY_NODE_FACTOR times its weight.
 */
export function locationNodes(
  skill: GatherSkill,
  location: string,
  lucky = false,
): { location: Location; kinds: SpawnKind[] } | Rejection<GatherCode> {
  const key = `${skill}/${location}/${lucky}`;
  let found = CACHE.get(key);
  if (!found) {
    found = resolve(skill, location, lucky);
    CACHE.set(key, found);
  }
  return found;
}

/** The tables never change at run time, so each location is resolved once. */
const CACHE = new Map<string, { location: Location; kinds: SpawnKind[] } | Rejection<GatherCode>>();

function resolve(
  skill: GatherSkill,
  location: string,
  lucky: boolean,
): { location: Location; kinds: SpawnKind[] } | Rejection<GatherCode> {
  if (CACHE.size > 1000) CACHE.clear();
  const loc = locationFor(skill, location);
  if (!loc) return reject(GATHER_CODES.unknownLocation, `Unknown ${skill} location: ${location}`);
  const kinds: SpawnKind[] = [];
  for (const s of loc.spawns) {
    const node = GATHER_NODES[s.id];
    const drops = DROP_TABLES[skill][s.id];
    const weight = lucky && s.lucky ? s.weight * LUCKY_NODE_FACTOR : s.weight;
    if (node && drops && drops.length > 0 && weight > 0) kinds.push({ node, weight, drops });
  }
  if (kinds.length === 0) return reject(GATHER_CODES.noNodes, "No nodes defined");
  return { location: loc, kinds };
}

/** Index of the next node kind, by spawn weight. */
export function rollNode(kinds: readonly SpawnKind[], rng: Rng): number {
  return rng.weighted(kinds.map((k) => k.weight));
}

/** A drop of a node's table, by weight (a zero total is an error, as the spec says). */
export function rollGatherDrop(drops: readonly DropEntry[], rng: Rng): DropEntry {
  return drops[rng.weighted(drops.map((d) => d.weight))] as DropEntry;
}

/** Node HP restored from a client or the store, clamped to [0, max]. */
export function restoreNodeHp(hp: number, maxHp: number): number {
  if (!Number.isFinite(hp)) return maxHp;
  return Math.min(maxHp, Math.max(0, hp));
}
