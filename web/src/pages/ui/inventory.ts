import type { InventoryEntry } from "@pickle-garden/shared";

/** How many of an item the inventory holds (display only; the server checks materials). */
export function countItem(inventory: readonly InventoryEntry[], id: number): number {
  let n = 0;
  for (const e of inventory) if (e.id === id) n += e.stack;
  return n;
}

/** Slots holding something (id -1 is an empty slot). */
export function usedSlots(inventory: readonly InventoryEntry[]): number {
  return inventory.filter((e) => e.id !== -1 && e.stack > 0).length;
}
