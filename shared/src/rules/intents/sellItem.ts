import { ITEMS } from "../../data/items.ts";
import type { InventoryEntry, Player } from "../../protocol/player.ts";
import { EMPTY_SLOT_ID } from "../../protocol/player.ts";
import { clonePlayer } from "../state/clonePlayer.ts";
import type { GameEvent } from "../state/events.ts";
import type { RuleResult } from "../state/result.ts";
import { reject } from "../state/result.ts";

/**
 * The way out of a full inventory: sell a stack for gold (once the gold pouch is bought) or throw it
 * away. Both take `quantity` units from one inventory slot; nothing changes on a refusal.
 */
export const INVENTORY_CODES = {
  emptySlot: "inventory/empty_slot",
  badQuantity: "inventory/bad_quantity",
  notEnough: "inventory/not_enough",
  noGoldPouch: "inventory/no_gold_pouch",
  nothingToSell: "inventory/nothing_to_sell",
  notEnoughGold: "inventory/not_enough_gold",
  noMoreSlots: "inventory/no_more_slots",
} as const;
export type InventoryCode = (typeof INVENTORY_CODES)[keyof typeof INVENTORY_CODES];

type InventoryResult = RuleResult<Player, GameEvent, InventoryCode>;

/** Gold one unit of an item sells for (the catalogue's sellvalue; an unknown item sells for nothing). */
export function sellValue(itemId: number): number {
  return ITEMS[itemId]?.sellvalue ?? 0;
}

/** Whether an entry is a rolled piece (affixes): unique, sold or thrown one by one, after a confirmation. */
export function hasAffixes(entry: Pick<InventoryEntry, "affixes">): boolean {
  return entry.affixes !== undefined && entry.affixes.length > 0;
}

function takeFromSlot(
  player: Player,
  inventoryIndex: number,
  quantity: number,
): { draft: Player; entry: InventoryEntry } | { refused: InventoryResult } {
  const entry = Number.isInteger(inventoryIndex) ? player.inventory[inventoryIndex] : undefined;
  if (!entry || entry.id === EMPTY_SLOT_ID || entry.stack <= 0)
    return { refused: reject(INVENTORY_CODES.emptySlot, "No item in that slot") };
  if (!Number.isInteger(quantity) || quantity < 1)
    return { refused: reject(INVENTORY_CODES.badQuantity, "The quantity must be a whole number from 1") };
  if (quantity > entry.stack)
    return { refused: reject(INVENTORY_CODES.notEnough, `Only ${entry.stack} in that slot`) };
  const draft = clonePlayer(player);
  const from = draft.inventory[inventoryIndex] as InventoryEntry;
  if (quantity === from.stack) draft.inventory[inventoryIndex] = { id: EMPTY_SLOT_ID, stack: 0 };
  else from.stack -= quantity;
  return { draft, entry };
}

/** Sells `quantity` units of inventory slot `inventoryIndex`: gold += sellvalue × quantity. */
export function sellItem(player: Player, inventoryIndex: number, quantity: number): InventoryResult {
  if (!player.featureFlags.goldPouch)
    return reject(INVENTORY_CODES.noGoldPouch, "Buy the gold pouch in the lab to sell items");
  const taken = takeFromSlot(player, inventoryIndex, quantity);
  if ("refused" in taken) return taken.refused;
  taken.draft.gold += sellValue(taken.entry.id) * quantity;
  return { ok: true, state: taken.draft, events: [] };
}

/** Throws away `quantity` units of inventory slot `inventoryIndex` (always allowed, gives nothing). */
export function discardItem(player: Player, inventoryIndex: number, quantity: number): InventoryResult {
  const taken = takeFromSlot(player, inventoryIndex, quantity);
  if ("refused" in taken) return taken.refused;
  return { ok: true, state: taken.draft, events: [] };
}

/** Sells every plain stack (no affixes) of one item across the inventory; rolled pieces stay. */
export function sellAllOf(player: Player, itemId: number): InventoryResult {
  if (!player.featureFlags.goldPouch)
    return reject(INVENTORY_CODES.noGoldPouch, "Buy the gold pouch in the lab to sell items");
  const draft = clonePlayer(player);
  let sold = 0;
  draft.inventory.forEach((e, i) => {
    if (e.id !== itemId || e.id === EMPTY_SLOT_ID || e.stack <= 0 || hasAffixes(e)) return;
    sold += e.stack;
    draft.inventory[i] = { id: EMPTY_SLOT_ID, stack: 0 };
  });
  if (sold === 0) return reject(INVENTORY_CODES.nothingToSell, "None of that item to sell");
  draft.gold += sellValue(itemId) * sold;
  return { ok: true, state: draft, events: [] };
}
