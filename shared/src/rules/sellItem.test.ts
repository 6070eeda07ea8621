import { describe, expect, it } from "vitest";
import type { Player } from "../protocol/player.ts";
import { addItems, countItem } from "./addItems.ts";
import { newPlayer } from "./newPlayer.ts";
import { discardItem, INVENTORY_CODES, sellAllOf, sellItem, sellValue } from "./sellItem.ts";
import { deepFreeze, withNodes } from "./testing.ts";

const DIRT = 10001; // tier-1 resource, stack 500
const HELMET = 30101; // tier-1 melee head

const barePlayer = () => newPlayer({ discordId: "s", username: "s", now: 0, seed: 1 });
const stocked = (p: Player) =>
  addItems(p, [
    { id: DIRT, quantity: 700 },
    { id: HELMET, quantity: 1, affixes: [{ id: "dodge", tier: 1, stats: { dodge_pct: 3 } }] },
  ]).player;
const stockedWithoutPouch = () => deepFreeze(stocked(barePlayer()));
const stockedWithPouch = () => deepFreeze(stocked(withNodes(barePlayer(), ["east:utility:gold-pouch"])));
const slotOf = (p: Player, id: number) => p.inventory.findIndex((e) => e.id === id);

describe("sell and discard", () => {
  it("sells part of a stack for sellvalue × quantity and keeps the rest", () => {
    const pouch = stockedWithPouch();
    const r = sellItem(pouch, 0, 120);
    if (!r.ok) throw new Error(r.message);
    expect(sellValue(DIRT)).toBeGreaterThan(0);
    expect(r.state.gold).toBe(pouch.gold + sellValue(DIRT) * 120);
    expect(r.state.inventory[0]).toEqual({ id: DIRT, stack: 380 });
    expect(countItem(r.state, DIRT)).toBe(580);
  });

  it("selling a whole stack empties its slot", () => {
    const pouch = stockedWithPouch();
    const r = sellItem(pouch, 0, 500);
    if (!r.ok) throw new Error(r.message);
    expect(r.state.inventory[0]).toEqual({ id: -1, stack: 0 });
  });

  it("needs the gold pouch to sell, never to discard", () => {
    const noPouch = stockedWithoutPouch();
    expect(sellItem(noPouch, 0, 1)).toMatchObject({ ok: false, code: INVENTORY_CODES.noGoldPouch });
    const d = discardItem(noPouch, slotOf(noPouch, HELMET), 1);
    if (!d.ok) throw new Error(d.message);
    expect(countItem(d.state, HELMET)).toBe(0);
    expect(d.state.gold).toBe(noPouch.gold);
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
      expect(sellItem(pouch, index, quantity), `sell ${index} × ${quantity}`).toMatchObject({
        ok: false,
        code,
      });
      expect(discardItem(pouch, index, quantity), `discard ${index} × ${quantity}`).toMatchObject({
        ok: false,
        code,
      });
    }
  });

  it("sell-all sells every plain stack of the item and leaves rolled pieces", () => {
    const pouch = stockedWithPouch();
    const noPouch = stockedWithoutPouch();
    const twoHelmets = deepFreeze(addItems(pouch, [{ id: HELMET, quantity: 2 }]).player);
    const r = sellAllOf(twoHelmets, DIRT);
    if (!r.ok) throw new Error(r.message);
    expect(countItem(r.state, DIRT)).toBe(0);
    expect(r.state.gold).toBe(sellValue(DIRT) * 700);
    const h = sellAllOf(twoHelmets, HELMET);
    if (!h.ok) throw new Error(h.message);
    expect(h.state.inventory.filter((e) => e.id === HELMET)).toEqual([
      { id: HELMET, stack: 1, affixes: [{ id: "dodge", tier: 1, stats: { dodge_pct: 3 } }] },
    ]);
    expect(h.state.gold).toBe(sellValue(HELMET) * 2);
    expect(sellAllOf(pouch, HELMET)).toMatchObject({ ok: false, code: INVENTORY_CODES.nothingToSell });
    expect(sellAllOf(noPouch, DIRT)).toMatchObject({ ok: false, code: INVENTORY_CODES.noGoldPouch });
  });
});
