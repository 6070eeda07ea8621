import type { Player } from "../../protocol/player.ts";
import { EMPTY_SLOT_ID } from "../../protocol/player.ts";

/** Capacity = inv_size + the lab's inv_size:+ modifier. */
export function inventoryCapacity(player: Pick<Player, "inv_size" | "modifiers">): number {
  return Math.max(0, Math.floor(player.inv_size + (player.modifiers["inv_size:+"] ?? 0)));
}

/** Grows the inventory array of a draft with empty slots up to its capacity (never shrinks a held item). */
export function padInventory(draft: Player): void {
  const cap = inventoryCapacity(draft);
  while (draft.inventory.length < cap) draft.inventory.push({ id: EMPTY_SLOT_ID, stack: 0 });
}
