import {
  canBuyLabNode,
  LAB_NODES,
  type LabBuyer,
  labNodeCost,
  labPrerequisitesMet,
} from "@pickle-garden/shared";

/** The lab's reading of the shared rules for display and for the optimistic buy (the server decides). */

export type LabOwner = LabBuyer;

export function nodeLevel(player: LabOwner, nodeId: string): number {
  return player.lab.nodes[nodeId]?.level ?? 0;
}

/** Price of the next level (unlock roots are priced by purchase order, spec mechanics §5). */
export const nextLevelCost = (player: LabOwner, nodeId: string): number => labNodeCost(player, nodeId);

export const prerequisitesMet = (player: LabOwner, nodeId: string): boolean =>
  labPrerequisitesMet(player, nodeId);

export function isMaxed(player: LabOwner, nodeId: string): boolean {
  const node = LAB_NODES[nodeId];
  return !!node && nodeLevel(player, nodeId) >= node.maxLevel;
}

/** Spec mechanics §4 "Lab purchase": prerequisites met, below max level, enough rp. */
export const canBuy = (player: LabOwner, nodeId: string): boolean => canBuyLabNode(player, nodeId);
