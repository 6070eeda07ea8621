import { describe, expect, it } from "vitest";
import { gearItemId } from "../../data/itemIds.ts";
import { ITEMS } from "../../data/items.ts";
import { RECIPES } from "../../data/recipes.ts";
import { countItem } from "./addItems.ts";
import { clonePlayer } from "./clonePlayer.ts";
import { roomForOutput, slotLabel, stopMessage, stopSlotInPlace, unlockedSlotsAll } from "./craftSlots.ts";
import { newPlayer } from "./newPlayer.ts";

describe("crafting slots' words", () => {
  it("counts each crafting skill's open slots", () => {
    const flags = {
      smithing: true,
      "smithing:slot:1": true,
      "smithing:slot:2": true,
      "tanning:slot:1": true,
    };
    expect(unlockedSlotsAll({ featureFlags: flags })).toEqual({ smithing: 2, tanning: 1, tailoring: 0 });
    expect(slotLabel(0)).toBe(1);
  });

  it("counts tailoring's slots under its own flags", () => {
    const flags = { "tailoring:slot:1": true, "tailoring:slot:2": true, "tailoring:slot:3": true };
    expect(unlockedSlotsAll({ featureFlags: flags })).toEqual({ smithing: 0, tanning: 0, tailoring: 3 });
  });

  it("says why a slot stopped, naming the item (or 'item' when none)", () => {
    expect(stopMessage("finished", "smithing", 1, 20001)).toBe("Slot 2 finished crafting all items.");
    expect(stopMessage("inventory_full", "smithing", 0, 20001)).toBe(
      "❌ Crafting Dirt Brick in smithing slot 1 cancelled: Inventory full.",
    );
    expect(stopMessage("no_space", "tanning", 2, null)).toBe(
      "❌ Crafting item in tanning slot 3 cancelled: No space for next craft",
    );
    expect(stopMessage("materials", "smithing", 0, 20001, "not enough of Dirt")).toBe(
      "❌ Crafting Dirt Brick in smithing slot 1 cancelled: not enough of Dirt",
    );
    expect(stopMessage("materials", "smithing", 0, 20001)).toBe(
      "❌ Crafting Dirt Brick in smithing slot 1 cancelled: ",
    );
    expect(stopMessage("switched", "smithing", 0, 20001, "moved on")).toBe("moved on");
    expect(stopMessage("cancelled", "smithing", 0, 20001)).toBe("");
  });

  it("room for one craft's output: a stack with room will do for a material, gear needs free slots", () => {
    const p = newPlayer({ discordId: "r", username: "r", now: 0, seed: 1 });
    const size = ITEMS[20001]!.stack;
    // every slot taken: other items, and bricks one short of a full stack
    const full = {
      ...p,
      inventory: p.inventory.map((_, i) =>
        i === 0 ? { id: 20001, stack: size - 1 } : { id: 100 + i, stack: 1 },
      ),
    };
    expect(roomForOutput(full, RECIPES[20001]!, ITEMS[20001]!)).toBe(true);
    const topped = {
      ...full,
      inventory: full.inventory.map((e, i) => (i === 0 ? { id: 20001, stack: size } : e)),
    };
    expect(roomForOutput(topped, RECIPES[20001]!, ITEMS[20001]!)).toBe(false);
    const sword = gearItemId("melee", 1, "mainhand");
    expect(roomForOutput(full, RECIPES[sword]!, ITEMS[sword]!)).toBe(false);
    expect(roomForOutput(p, RECIPES[sword]!, ITEMS[sword]!)).toBe(true);
  });

  it("a stopped slot goes idle; only an item still to make gives its materials back, a finished one says 0 left", () => {
    const p = newPlayer({ discordId: "s", username: "s", now: 0, seed: 1 });
    const busy = (currentItem: number, remaining: number) => {
      const d = clonePlayer(p);
      d.smithingSlots[0] = { currentItem, startTime: 0, remaining };
      return d;
    };
    const refunded = busy(20001, 2);
    stopSlotInPlace(refunded, "smithing", 0, 9, "cancelled", "", true);
    expect(countItem(refunded, 10001)).toBe(1);
    expect(refunded.smithingSlots[0]).toEqual({ currentItem: null, startTime: 9, remaining: 0 });
    const done = busy(20001, 0);
    stopSlotInPlace(done, "smithing", 0, 9, "cancelled", "", true);
    expect(countItem(done, 10001)).toBe(0);
    const unknown = busy(99_999, 2);
    stopSlotInPlace(unknown, "smithing", 0, 9, "cancelled", "", true);
    expect(unknown.inventory).toEqual(p.inventory);
    expect(stopSlotInPlace(busy(20001, 3), "smithing", 0, 9, "finished", "m", false)).toMatchObject({
      remaining: 0,
      reason: "finished",
    });
    expect(stopSlotInPlace(busy(20001, 3), "smithing", 0, 9, "inventory_full", "m", false).remaining).toBe(3);
  });
});
