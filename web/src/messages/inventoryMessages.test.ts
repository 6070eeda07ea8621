import { describe, expect, it } from "vitest";
import { inventoryFullMessage } from "./inventoryMessages.ts";

describe("inventory limit texts (spec shell §8)", () => {
  it("writes the text the rules' code names, with the item and the count lost", () => {
    expect(inventoryFullMessage({ code: "inventory/full_stack", itemId: 10001, value: 2 })).toEqual({
      key: "messages.inventoryFullStack",
      item: 10001,
      n: 2,
    });
    expect(inventoryFullMessage({ code: "inventory/no_space_to_stack", itemId: 10001, value: 3 })).toEqual({
      key: "messages.noSpaceToStack",
      item: 10001,
      n: 3,
    });
    expect(inventoryFullMessage({ code: "inventory/no_space_to_add", itemId: 7, value: 4 })).toEqual({
      key: "messages.noSpaceToAdd",
      item: 7,
      n: 4,
    });
  });

  it("says nothing of other popups: a spell, a refusal, an item without a code", () => {
    expect(inventoryFullMessage({ code: "spell/cooldown" })).toBeNull();
    expect(inventoryFullMessage({ code: "request/invalid", itemId: 7 })).toBeNull();
    expect(inventoryFullMessage({ itemId: 7, value: 1 })).toBeNull();
  });
});
