import { describe, expect, it } from "vitest";
import "../i18n/index.ts";
import { craftUpdateMessages } from "./craftLog.ts";
import { craftErrorMessage } from "./craftMessages.ts";

const ctx = { verb: "Crafting", item: "Dirt Brick", skill: "Smithing", n: 2 };

describe("craft error texts (spec mechanics §5)", () => {
  it("maps inventory errors to 'Inventory full' and cancels", () => {
    for (const e of ["Not enough inventory space", "INVENTORY FULL", "stack is full"]) {
      expect(craftErrorMessage(e, ctx)).toEqual({ key: "craft.inventoryFull", params: ctx, cancels: true });
    }
  });
  it("cancels with the server text for missing materials or levels", () => {
    expect(craftErrorMessage("Not enough of Dirt", ctx)).toMatchObject({
      key: "craft.cancelledError",
      params: { error: "Not enough of Dirt" },
      cancels: true,
    });
    expect(craftErrorMessage("Level 5 required", ctx).key).toBe("craft.cancelledError");
  });
  it("shows anything else as 'Error in slot N'", () => {
    expect(craftErrorMessage("boom", ctx)).toEqual({
      key: "craft.slotError",
      params: { n: 2, error: "boom" },
      cancels: false,
    });
  });
});

describe("craft updates in the log", () => {
  it("shows the server's craft and finish messages with the spec's texts", () => {
    const crafted = craftUpdateMessages({
      skill: "smithing",
      slotId: 0,
      itemId: 20001,
      remaining: 2,
      message: "Crafted Dirt Brick and granted 3 smithing XP.",
    });
    expect(crafted).toEqual([
      { key: "craft.crafted", params: { item: "Dirt Brick", n: 3, skill: "Smithing" }, tone: "success" },
    ]);
    const finished = craftUpdateMessages({
      skill: "smithing",
      slotId: 0,
      itemId: 20001,
      remaining: 0,
      message: "Slot 1 finished crafting all items.",
    });
    expect(finished).toEqual([{ key: "craft.finished", params: { n: 1 }, tone: "success" }]);
    expect(craftUpdateMessages({ skill: "smithing", slotId: 0, itemId: 20001, remaining: 1 })).toEqual([]);
  });
  it("turns a server stop into the spec's cancel texts", () => {
    const full = craftUpdateMessages({
      skill: "smithing",
      slotId: 1,
      itemId: 20001,
      remaining: 0,
      message: "❌ Crafting Dirt Brick in smithing slot 2 cancelled: Inventory full.",
    });
    expect(full).toEqual([
      {
        key: "craft.inventoryFull",
        params: { verb: "Crafting", item: "Dirt Brick", skill: "Smithing", n: 2 },
        tone: "error",
      },
    ]);
    const space = craftUpdateMessages({
      skill: "smithing",
      slotId: 0,
      itemId: 20001,
      remaining: 0,
      message: "❌ Crafting Dirt Brick in smithing slot 1 cancelled: No space for next craft",
    });
    expect(space[0]!.key).toBe("craft.noSpace");
    const materials = craftUpdateMessages({
      skill: "smithing",
      slotId: 0,
      itemId: 20001,
      remaining: 0,
      message: "❌ Crafting Dirt Brick in smithing slot 1 cancelled: Not enough of Dirt",
    });
    expect(materials[0]).toMatchObject({
      key: "craft.cancelledError",
      params: { error: "Not enough of Dirt" },
    });
  });
});
