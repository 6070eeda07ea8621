import { describe, expect, it } from "vitest";
import { gatherInventoryMessage } from "./gatherMessages.ts";

describe("gathering inventory texts (spec shell §8)", () => {
  it("picks the spec's text by what was kept of the drop", () => {
    // a drop of 3, 2 did not fit: 1 kept
    expect(gatherInventoryMessage({ reward: { id: 10001, stack: 3 }, lost: 2 }, true)).toEqual({
      key: "messages.inventoryFullStack",
      n: 2,
    });
    // nothing kept: a full stack of it is held, or the item is not held at all
    expect(gatherInventoryMessage({ reward: { id: 10001, stack: 3 }, lost: 3 }, true)).toEqual({
      key: "messages.noSpaceToStack",
      n: 3,
    });
    expect(gatherInventoryMessage({ reward: { id: 10001, stack: 3 }, lost: 3 }, false)).toEqual({
      key: "messages.noSpaceToAdd",
      n: 3,
    });
    expect(gatherInventoryMessage({ reward: null, lost: 3 }, false)).toEqual({
      key: "messages.noSpaceToAdd",
      n: 3,
    });
    expect(gatherInventoryMessage({ reward: { id: 10001, stack: 2 }, lost: 0 }, false)).toBeNull();
    expect(gatherInventoryMessage({ reward: { id: 10001, stack: 2 } }, false)).toBeNull();
  });
});
