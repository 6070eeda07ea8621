import { ITEMS } from "../../data/items.ts";
import type { AffixRoll, InventoryEntry, Player } from "../../protocol/player.ts";
import { EMPTY_SLOT_ID } from "../../protocol/player.ts";
import { clonePlayer } from "./clonePlayer.ts";
import { inventoryCapacity } from "./inventoryCapacity.ts";

/** Stack size in the inventory (spec §9: 500 raw and drops, 200 materials, 20 gear); unknown items do not stack. */
export function stackSize(itemId: number): number {
  return ITEMS[itemId]?.stack ?? 1;
}

export function itemName(itemId: number): string {
  return ITEMS[itemId]?.name ?? `item ${itemId}`;
}

/**
 * Why items did not all fit, one code per text of spec shell §8 (clients write it with the item and the
 * count lost): part of them went in ('Inventory full! Could not add full {item} stack.'); none did, and
 * the item's stacks were full ('No space to stack {item}.'); none did, and none was held
 * ('No space to add {n} {item}.').
 */
export const INVENTORY_FULL_CODES = [
  "inventory/full_stack",
  "inventory/no_space_to_stack",
  "inventory/no_space_to_add",
] as const;
export type InventoryFullCode = (typeof INVENTORY_FULL_CODES)[number];

export interface AddOutcome {
  added: number;
  lost: number;
  /** when some were lost: which of spec shell §8's texts says so */
  full: InventoryFullCode | null;
}

export interface NewItems {
  id: number;
  quantity: number;
  /** a rolled piece: never stacks with another entry */
  affixes?: AffixRoll[];
  level?: number;
}

function stacksWith(entry: InventoryEntry, id: number): boolean {
  return entry.id === id && isPlain(entry);
}

function isPlain(entry: InventoryEntry): boolean {
  return entry.affixes === undefined || entry.affixes.length === 0;
}

/**
 * Slots the inventory needs when every item's plain units sit in full stacks (rolled pieces one each).
 * Room is counted this way, never from the current layout, so two histories with the same counts always
 * agree on what fits (addItemsInPlace compacts the layout when it has to).
 */
export function slotsNeeded(player: Pick<Player, "inventory">): number {
  const plain = new Map<number, number>();
  let unique = 0;
  for (const e of player.inventory) {
    if (e.id === EMPTY_SLOT_ID || e.stack <= 0) continue;
    if (isPlain(e)) plain.set(e.id, (plain.get(e.id) ?? 0) + e.stack);
    else unique++;
  }
  let slots = unique;
  for (const [id, n] of plain) slots += Math.ceil(n / stackSize(id));
  return slots;
}

export function freeSlots(player: Pick<Player, "inventory" | "inv_size" | "modifiers">): number {
  return Math.max(0, inventoryCapacity(player) - slotsNeeded(player));
}

/** No free slot left (an item's last stack may still take units): what every "inventory full" says. */
export function inventoryFull(player: Pick<Player, "inventory" | "inv_size" | "modifiers">): boolean {
  return freeSlots(player) === 0;
}

/** Units of `itemId` (plain, no affixes) that fit: the rest of its last stack plus free slots × stack size. */
export function roomFor(
  player: Pick<Player, "inventory" | "inv_size" | "modifiers">,
  itemId: number,
): number {
  const size = stackSize(itemId);
  let held = 0;
  for (const e of player.inventory) if (e.id === itemId && isPlain(e)) held += e.stack;
  const tail = held % size === 0 ? 0 : size - (held % size);
  return tail + freeSlots(player) * size;
}

/** Merges every item's plain stacks into full stacks at their first positions (only when room runs out). */
export function compactInventoryInPlace(draft: Player): void {
  const inv = draft.inventory;
  const totals = new Map<number, number>();
  for (const e of inv)
    if (e.id !== EMPTY_SLOT_ID && isPlain(e)) totals.set(e.id, (totals.get(e.id) ?? 0) + e.stack);
  for (let i = 0; i < inv.length; i++) {
    const e = inv[i] as InventoryEntry;
    if (e.id === EMPTY_SLOT_ID || !isPlain(e)) continue;
    const left = totals.get(e.id) ?? 0;
    if (left <= 0) {
      inv[i] = { id: EMPTY_SLOT_ID, stack: 0 };
      continue;
    }
    const put = Math.min(left, stackSize(e.id));
    e.stack = put;
    totals.set(e.id, left - put);
  }
}

function fullCode(added: number, hadStack: boolean): InventoryFullCode {
  if (added > 0) return "inventory/full_stack";
  return hadStack ? "inventory/no_space_to_stack" : "inventory/no_space_to_add";
}

/**
 * Adds items to a draft (mutates it): into existing stacks up to the item's stack size, then into empty
 * slots within capacity; what does not fit is lost and counted. Rolled pieces (affixes) take one slot each.
 */
export function addItemsInPlace(draft: Player, items: NewItems): AddOutcome {
  const first = fill(draft, items);
  if (first.lost === 0 || freeSlots(draft) === 0) return first;
  // the layout wasted room (split stacks): compact it and put in the rest
  compactInventoryInPlace(draft);
  const again = fill(draft, { ...items, quantity: first.lost });
  const added = first.added + again.added;
  return { added, lost: again.lost, full: again.lost > 0 ? again.full : null };
}

function fill(draft: Player, items: NewItems): AddOutcome {
  const { id, quantity } = items;
  if (!(quantity > 0)) return { added: 0, lost: 0, full: null };
  const cap = inventoryCapacity(draft);
  const inv = draft.inventory;
  const unique = items.affixes !== undefined && items.affixes.length > 0;
  const size = unique ? 1 : stackSize(id);
  let left = quantity;
  let hadStack = false;
  const n = Math.min(cap, inv.length);
  if (!unique) {
    for (let i = 0; i < n && left > 0; i++) {
      const e = inv[i] as InventoryEntry;
      if (!stacksWith(e, id)) continue;
      hadStack = true;
      const put = Math.min(left, size - e.stack);
      if (put > 0) {
        e.stack += put;
        left -= put;
      }
    }
  }
  const place = (i: number) => {
    const put = Math.min(left, size);
    const entry: InventoryEntry = { id, stack: put };
    if (items.level !== undefined) entry.level = items.level;
    if (unique) entry.affixes = items.affixes;
    if (i < inv.length) inv[i] = entry;
    else inv.push(entry);
    left -= put;
  };
  for (let i = 0; i < n && left > 0; i++) if ((inv[i] as InventoryEntry).id === EMPTY_SLOT_ID) place(i);
  while (left > 0 && inv.length < cap) place(inv.length);
  const added = quantity - left;
  return { added, lost: left, full: left > 0 ? fullCode(added, hadStack) : null };
}

/** Adds items to a copy of the player; overflow is lost and counted. */
export function addItems(
  player: Player,
  items: readonly NewItems[],
): { player: Player; added: number; lost: number; full: InventoryFullCode[] } {
  const draft = clonePlayer(player);
  let added = 0;
  let lost = 0;
  const full: InventoryFullCode[] = [];
  for (const it of items) {
    const r = addItemsInPlace(draft, it);
    added += r.added;
    lost += r.lost;
    if (r.full) full.push(r.full);
  }
  return { player: draft, added, lost, full };
}

export function countItem(player: Pick<Player, "inventory">, itemId: number): number {
  let n = 0;
  for (const e of player.inventory) if (e.id === itemId) n += e.stack;
  return n;
}

/** Removes `quantity` of an item from a draft, last entries first; false (and nothing removed) when short. */
export function removeItemsInPlace(draft: Player, itemId: number, quantity: number): boolean {
  if (quantity <= 0) return true;
  if (countItem(draft, itemId) < quantity) return false;
  let left = quantity;
  for (let i = draft.inventory.length - 1; i >= 0 && left > 0; i--) {
    const e = draft.inventory[i] as InventoryEntry;
    if (e.id !== itemId) continue;
    const take = Math.min(left, e.stack);
    e.stack -= take;
    left -= take;
    if (e.stack === 0) draft.inventory[i] = { id: EMPTY_SLOT_ID, stack: 0 };
  }
  return true;
}

/** Removes items from a copy of the player; null when the player holds too few. */
export function removeItems(player: Player, itemId: number, quantity: number): Player | null {
  if (countItem(player, itemId) < quantity) return null;
  const draft = clonePlayer(player);
  removeItemsInPlace(draft, itemId, quantity);
  return draft;
}
