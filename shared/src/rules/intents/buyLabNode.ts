import { LAB_NODES, LAB_ROOT_ID, UNLOCK_ROOT_IDS, unlockRootCost } from "../../data/labNodes.ts";
import type { LabState, Player } from "../../protocol/player.ts";
import { clonePlayer } from "../state/clonePlayer.ts";
import type { GameEvent } from "../state/events.ts";
import { recomputeLabInPlace } from "../state/recomputeLab.ts";
import type { RuleResult } from "../state/result.ts";
import { reject } from "../state/result.ts";

export const LAB_CODES = { cannotBuy: "lab/cannot_buy", noPlayer: "lab/no_player" } as const;
export type LabCode = (typeof LAB_CODES)[keyof typeof LAB_CODES];

const ROOTS: readonly string[] = UNLOCK_ROOT_IDS;

/** Gather unlocks owned, in purchase order (boughtAt, then the table's order). */
function ownedRootsInOrder(player: Pick<Player, "lab">): string[] {
  return ROOTS.filter((id) => (player.lab.nodes[id]?.level ?? 0) > 0).sort(
    (a, b) =>
      (player.lab.nodes[a]?.boughtAt ?? 0) - (player.lab.nodes[b]?.boughtAt ?? 0) ||
      ROOTS.indexOf(a) - ROOTS.indexOf(b),
  );
}

/** The node of that id; only the table's own keys (an id such as "constructor" is no node). */
function labNode(nodeId: string) {
  return Object.hasOwn(LAB_NODES, nodeId) ? LAB_NODES[nodeId] : undefined;
}

/**
 * RP price of the node's next level: a gathering unlock costs 1000 × the unlocks bought before it (an owned
 * one keeps the price of its purchase order); any other node its cost list at the current level,
 * infinite where undefined.
 */
export function labNodeCost(player: Pick<Player, "lab">, nodeId: string): number {
  const node = labNode(nodeId);
  if (!node) return Number.POSITIVE_INFINITY;
  if (node.unlockRoot) {
    const order = ownedRootsInOrder(player);
    const at = order.indexOf(nodeId);
    return unlockRootCost(at >= 0 ? at : order.length);
  }
  const level = player.lab.nodes[nodeId]?.level ?? 0;
  return node.cost[level] ?? Number.POSITIVE_INFINITY;
}

/** What buying a lab node reads of a player: the lab, and picklelogy's level. */
export type LabBuyer = Pick<Player, "lab"> & { skills: Pick<Player["skills"], "picklelogy"> };

/** The player knows enough picklelogy for the node (most nodes ask for none). */
export function labPicklelogyMet(player: Pick<LabBuyer, "skills">, nodeId: string): boolean {
  const needed = labNode(nodeId)?.picklelogy;
  return needed === undefined || player.skills.picklelogy.level >= needed;
}

/** The prerequisite nodes owned and the picklelogy level reached. */
export function labPrerequisitesMet(player: LabBuyer, nodeId: string): boolean {
  const node = labNode(nodeId);
  if (!node) return false;
  return (
    node.prerequisites.every((p) => p === LAB_ROOT_ID || (player.lab.nodes[p]?.level ?? 0) > 0) &&
    labPicklelogyMet(player, nodeId)
  );
}

/** Prerequisites met, below max level, and enough RP for the next level. */
export function canBuyLabNode(player: LabBuyer | null | undefined, nodeId: string): boolean {
  if (!player) return false;
  const node = labNode(nodeId);
  if (!node) return false;
  const level = player.lab.nodes[nodeId]?.level ?? 0;
  if (level >= node.maxLevel) return false;
  if (!labPrerequisitesMet(player, nodeId)) return false;
  const cost = labNodeCost(player, nodeId);
  return Number.isFinite(cost) && player.lab.rp >= cost;
}

/** Buys one level: RP deducted, level + 1, boughtAt recorded, flags and modifiers recomputed. */
export function buyLabNode(
  player: Player | null | undefined,
  nodeId: string,
  now: number,
): RuleResult<Player, GameEvent, LabCode> {
  if (!player) return reject(LAB_CODES.noPlayer, "No player");
  if (!canBuyLabNode(player, nodeId)) return reject(LAB_CODES.cannotBuy, "Cannot buy");
  const draft = clonePlayer(player);
  draft.lab = labAfterBuy(player, nodeId, now);
  recomputeLabInPlace(draft);
  return { ok: true, state: draft, events: [] };
}

/**
 * The lab once one more level of the node is bought at `now` (the caller checked canBuyLabNode): its price
 * deducted, the level raised, the purchase time recorded (it orders the gathering unlocks' prices). The
 * client lays its pending purchases over the server's lab with it.
 */
export function labAfterBuy(player: Pick<Player, "lab">, nodeId: string, now: number): LabState {
  const cost = labNodeCost(player, nodeId);
  const level = player.lab.nodes[nodeId]?.level ?? 0;
  return {
    ...player.lab,
    rp: Math.round((player.lab.rp - cost) * 1000) / 1000,
    nodes: { ...player.lab.nodes, [nodeId]: { level: level + 1, boughtAt: now } },
  };
}
