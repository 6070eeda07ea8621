import { describe, expect, it } from "vitest";
import { gatherInventoryMessage } from "./gatherMessages.ts";

describe("gathering inventory texts (spec shell §8)", () => {
  it("picks the spec's text by what was kept", () => {
    expect(gatherInventoryMessage({ reward: { id: 10001, stack: 1 }, lost: 2 }, true)).toEqual({
      key: "gather.inventoryFullStack",
      n: 2,
    });
    expect(gatherInventoryMessage({ reward: null, lost: 3 }, true)).toEqual({
      key: "gather.noSpaceStack",
      n: 3,
    });
    expect(gatherInventoryMessage({ reward: null, lost: 3 }, false)).toEqual({
      key: "gather.noSpaceAdd",
      n: 3,
    });
    expect(gatherInventoryMessage({ reward: { id: 10001, stack: 2 } }, false)).toBeNull();
  });
});
