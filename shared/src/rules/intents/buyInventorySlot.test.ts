import { describe, expect, it } from "vitest";
import { refused } from "../../../testing/matchers.ts";
import { deepFreeze } from "../../../testing/players.ts";
import { DEFAULT_INV_SIZE, MAX_GOLD_SLOTS } from "../../data/constants.ts";
import { inventoryCapacity } from "../state/inventoryCapacity.ts";
import { newPlayer } from "../state/newPlayer.ts";
import { buyInventorySlot, goldSlotsBought, inventorySlotPrice } from "./buyInventorySlot.ts";

const rich = (gold: number, invSize = DEFAULT_INV_SIZE) => {
  const p = newPlayer({ discordId: "guest-slots", username: "Slots", now: 0, seed: 1 });
  return deepFreeze({ ...p, gold, inv_size: invSize, featureFlags: { ...p.featureFlags, goldPouch: true } });
};

describe("buyInventorySlot", () => {
  it("prices the n-th slot at 100 × n², so each costs more than the one before", () => {
    expect(inventorySlotPrice(rich(0))).toBe(100);
    expect(inventorySlotPrice(rich(0, DEFAULT_INV_SIZE + 1))).toBe(400);
    expect(inventorySlotPrice(rich(0, DEFAULT_INV_SIZE + 19))).toBe(40_000);
    expect(inventorySlotPrice(rich(0, DEFAULT_INV_SIZE + MAX_GOLD_SLOTS - 1))).toBe(1_000_000);
    expect(inventorySlotPrice(rich(0, DEFAULT_INV_SIZE + MAX_GOLD_SLOTS))).toBeNull();
  });

  it("takes the price in gold and adds one empty slot, without touching the input", () => {
    const before = rich(550);
    const r = buyInventorySlot(before);
    if (!r.ok) throw new Error(r.message);
    expect(r.state.gold).toBe(450);
    expect(inventoryCapacity(r.state)).toBe(inventoryCapacity(before) + 1);
    expect(r.state.inventory).toHaveLength(before.inventory.length + 1);
    expect(r.state.inventory.at(-1)).toEqual({ id: -1, stack: 0 });
    expect(goldSlotsBought(r.state)).toBe(1);
    expect(r.events).toEqual([]);
    const again = buyInventorySlot(r.state);
    expect(again.ok && again.state.gold).toBe(50);
  });

  it("buys with exactly the price in gold", () => {
    const r = buyInventorySlot(rich(100));
    if (!r.ok) throw new Error(r.message);
    expect(r.state.gold).toBe(0);
  });

  it("refuses without the gold pouch, short of gold, or past the last slot, with inventory/ codes", () => {
    const noPouch = { ...rich(1000), featureFlags: { ...rich(0).featureFlags, goldPouch: false } };
    expect(buyInventorySlot(noPouch)).toEqual(refused("inventory/no_gold_pouch"));
    expect(buyInventorySlot(rich(99))).toEqual({
      ...refused("inventory/not_enough_gold"),
      message: "The next slot costs 100 gold",
    });
    expect(buyInventorySlot(rich(1e9, DEFAULT_INV_SIZE + MAX_GOLD_SLOTS))).toEqual(
      refused("inventory/no_more_slots"),
    );
  });
});
