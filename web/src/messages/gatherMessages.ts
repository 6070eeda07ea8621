import type { GatheringUpdatePayload } from "@pickle-garden/shared";

/**
 * The spec's inventory text for a gathering reward that did not all fit (shell §8), as an i18n key of the
 * `shell` namespace. `reward.stack` is the whole drop and `lost` what did not fit:
 * part kept → 'Inventory full! Could not add full {item} stack.';
 * nothing kept, the item already held → 'No space to stack {item}.'; otherwise 'No space to add {n} {item}.'
 */
export function gatherInventoryMessage(
  e: Pick<GatheringUpdatePayload, "reward" | "lost">,
  holdsItem: boolean,
): { key: string; n: number } | null {
  const lost = e.lost ?? 0;
  if (lost <= 0) return null;
  const kept = (e.reward?.stack ?? 0) - lost;
  if (kept > 0) return { key: "messages.inventoryFullStack", n: lost };
  if (holdsItem) return { key: "messages.noSpaceToStack", n: lost };
  return { key: "messages.noSpaceToAdd", n: lost };
}
