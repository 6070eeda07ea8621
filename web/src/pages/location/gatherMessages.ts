import type { GatheringUpdatePayload } from "@pickle-garden/shared";

/**
 * The spec's inventory texts for a gathering reward that did not fit (shell §8):
 * part kept → 'Inventory full! Could not add full {item} stack.';
 * nothing kept, the item already held → 'No space to stack {item}.'; otherwise 'No space to add {n} {item}.'
 */
export function gatherInventoryMessage(
  e: Pick<GatheringUpdatePayload, "reward" | "lost">,
  holdsItem: boolean,
): { key: string; n: number } | null {
  const lost = e.lost ?? 0;
  if (lost <= 0) return null;
  const kept = e.reward?.stack ?? 0;
  if (kept > 0) return { key: "gather.inventoryFullStack", n: lost };
  if (holdsItem) return { key: "gather.noSpaceStack", n: lost };
  return { key: "gather.noSpaceAdd", n: lost };
}
