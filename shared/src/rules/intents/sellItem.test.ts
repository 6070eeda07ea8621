import { describe, expect, it } from "vitest";
import { refused } from "../../../testing/matchers.ts";
import { deepFreeze, withNodes } from "../../../testing/players.ts";
import type { InventoryEntry, Player } from "../../protocol/player.ts";
import { EMPTY_SLOT_ID } from "../../protocol/player.ts";
import { addItems, countItem } from "../state/addItems.ts";
import { newPlayer } from "../state/newPlayer.ts";
import { discardItem, INVENTORY_CODES, sellAllOf, sellItem, sellValue } from "./sellItem.ts";

const DIRT = 10001; // tier-1 resource
const HELMET = 30101; // tier-1 melee head

const barePlayer = () => newPlayer({ discordId: "s", username: "s", now: 0, seed: 1 });
/** 700 Dirt in two stacks of 500 and 200 (as a save from before stacks grew holds them) and a rolled helmet. */
const stocked = (p: Player): Player => ({
  ...p,
  inventory: [
    { id: DIRT, stack: 500 },
    { id: DIRT, stack: 200 },
    { id: HELMET, stack: 1, affixes: [{ id: "dodge", tier: 1, stats: { dodge_pct: 3 } }] },
    ...p.inventory.slice(3),
  ],
});
const stockedWithoutPouch = () => deepFreeze(stocked(barePlayer()));
const stockedWithPouch = () => deepFreeze(stocked(withNodes(barePlayer(), ["east:utility:gold-pouch"])));
const slotOf = (p: Player, id: number) => p.inventory.findIndex((e) => e.id === id);
const EMPTY = { id: EMPTY_SLOT_ID, stack: 0 };
/** The pouch player with these entries laid over the first slots. */
const withSlots = (...entries: InventoryEntry[]) => {
  const p = stockedWithPouch();
  return deepFreeze({ ...p, inventory: [...entries, ...p.inventory.slice(entries.length)] });
};

describe("sell and discard", () => {
  it("sells part of a stack for sellvalue × quantity and keeps the rest", () => {
    const pouch = stockedWithPouch();
    const r = sellItem(pouch, 0, 120);
    if (!r.ok) throw new Error(r.message);
    expect(sellValue(DIRT)).toBeGreaterThan(0);
    expect(r.state.gold).toBe(pouch.gold + sellValue(DIRT) * 120);
    expect(r.state.inventory[0]).toEqual({ id: DIRT, stack: 380 });
    expect(countItem(r.state, DIRT)).toBe(580);
    expect(r.events).toEqual([]);
    expect(pouch.inventory[0]).toEqual({ id: DIRT, stack: 500 });
  });

  it("selling a whole stack empties its slot", () => {
    const pouch = stockedWithPouch();
    const r = sellItem(pouch, 0, 500);
    if (!r.ok) throw new Error(r.message);
    expect(r.state.inventory[0]).toEqual(EMPTY);
    expect(r.state.gold).toBe(pouch.gold + sellValue(DIRT) * 500);
  });

  it("needs the gold pouch to sell, never to discard", () => {
    const noPouch = stockedWithoutPouch();
    expect(sellItem(noPouch, 0, 1)).toEqual(refused(INVENTORY_CODES.noGoldPouch));
    const d = discardItem(noPouch, slotOf(noPouch, HELMET), 1);
    if (!d.ok) throw new Error(d.message);
    expect(d.state.inventory[slotOf(noPouch, HELMET)]).toEqual(EMPTY);
    expect(countItem(d.state, HELMET)).toBe(0);
    expect(d.state.gold).toBe(noPouch.gold);
    expect(d.events).toEqual([]);
    const part = discardItem(noPouch, 0, 20);
    if (!part.ok) throw new Error(part.message);
    expect(part.state.inventory[0]).toEqual({ id: DIRT, stack: 480 });
  });

  it("refuses a quantity above the stack, below 1 or not whole, and an empty or unknown slot", () => {
    const pouch = stockedWithPouch();
    const cases: [number, number, string][] = [
      [0, 501, INVENTORY_CODES.notEnough],
      [0, 0, INVENTORY_CODES.badQuantity],
      [0, -3, INVENTORY_CODES.badQuantity],
      [0, 1.5, INVENTORY_CODES.badQuantity],
      [0, Number.NaN, INVENTORY_CODES.badQuantity],
      [5, 1, INVENTORY_CODES.emptySlot],
      [999, 1, INVENTORY_CODES.emptySlot],
      [-1, 1, INVENTORY_CODES.emptySlot],
      [0.5, 1, INVENTORY_CODES.emptySlot],
    ];
    for (const [index, quantity, code] of cases) {
      expect(sellItem(pouch, index, quantity), `sell ${index} × ${quantity}`).toEqual(refused(code));
      expect(discardItem(pouch, index, quantity), `discard ${index} × ${quantity}`).toEqual(refused(code));
    }
    expect(sellItem(pouch, 0, 501)).toMatchObject({ message: "Only 500 in that slot" });
  });

  it("sells or discards exactly the whole stack, and not one more", () => {
    const pouch = stockedWithPouch();
    expect(sellItem(pouch, 0, 500).ok).toBe(true);
    expect(discardItem(pouch, 0, 500).ok).toBe(true);
    expect(sellItem(pouch, 1, 200).ok).toBe(true);
    expect(sellItem(pouch, 1, 201)).toEqual(refused(INVENTORY_CODES.notEnough));
  });

  it("counts a slot with no units, or the empty id, as empty", () => {
    const p = withSlots({ id: DIRT, stack: 500 }, { id: DIRT, stack: 0 }, { id: EMPTY_SLOT_ID, stack: 4 });
    for (const slot of [1, 2]) {
      expect(sellItem(p, slot, 1)).toEqual(refused(INVENTORY_CODES.emptySlot));
      expect(discardItem(p, slot, 1)).toEqual(refused(INVENTORY_CODES.emptySlot));
    }
    expect(sellAllOf(p, EMPTY_SLOT_ID)).toEqual(refused(INVENTORY_CODES.nothingToSell));
    const r = sellAllOf(p, DIRT);
    if (!r.ok) throw new Error(r.message);
    expect(r.state.inventory.slice(0, 3)).toEqual([EMPTY, ...p.inventory.slice(1, 3)]);
  });

  it("sells an item the catalogue does not know for nothing, and empties its slot", () => {
    expect(sellValue(999_999)).toBe(0);
    const p = withSlots({ id: 999_999, stack: 3 });
    const r = sellItem(p, 0, 3);
    if (!r.ok) throw new Error(r.message);
    expect(r.state.gold).toBe(p.gold);
    expect(r.state.inventory[0]).toEqual(EMPTY);
    const all = sellAllOf(p, 999_999);
    if (!all.ok) throw new Error(all.message);
    expect(all.state.gold).toBe(p.gold);
    expect(all.state.inventory[0]).toEqual(EMPTY);
  });

  it("sell-all sells every plain stack of the item and leaves rolled pieces", () => {
    const pouch = stockedWithPouch();
    const noPouch = stockedWithoutPouch();
    const twoHelmets = deepFreeze(addItems(pouch, [{ id: HELMET, quantity: 2 }]).player);
    const r = sellAllOf(twoHelmets, DIRT);
    if (!r.ok) throw new Error(r.message);
    expect(r.state.inventory.slice(0, 2)).toEqual([EMPTY, EMPTY]);
    expect(r.state.inventory.slice(2)).toEqual(twoHelmets.inventory.slice(2));
    expect(r.state.gold).toBe(sellValue(DIRT) * 700);
    expect(r.events).toEqual([]);
    const h = sellAllOf(twoHelmets, HELMET);
    if (!h.ok) throw new Error(h.message);
    expect(h.state.inventory.filter((e) => e.id === HELMET)).toEqual([
      { id: HELMET, stack: 1, affixes: [{ id: "dodge", tier: 1, stats: { dodge_pct: 3 } }] },
    ]);
    expect(h.state.gold).toBe(sellValue(HELMET) * 2);
    expect(sellAllOf(pouch, HELMET)).toEqual(refused(INVENTORY_CODES.nothingToSell));
    expect(sellAllOf(noPouch, DIRT)).toEqual(refused(INVENTORY_CODES.noGoldPouch));
  });

  it("counts an entry with an empty affix list as a plain stack", () => {
    const p = withSlots({ id: HELMET, stack: 3, affixes: [] });
    const r = sellAllOf(p, HELMET);
    if (!r.ok) throw new Error(r.message);
    expect(r.state.inventory[0]).toEqual(EMPTY);
    expect(r.state.gold).toBe(p.gold + sellValue(HELMET) * 3);
  });
});
