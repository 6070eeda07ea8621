import { describe, expect, it } from "vitest";
import { labEffects } from "./recomputeLab.ts";

describe("labEffects", () => {
  it("owned nodes give their effects; a node at level 0 or one the tables no longer hold gives none", () => {
    const owned = labEffects({ nodes: { "east:utility:gold-pouch": { level: 1, boughtAt: 0 } } });
    expect(owned.flags).toEqual({ goldPouch: true });
    expect(
      labEffects({
        nodes: {
          "east:utility:gold-pouch": { level: 0, boughtAt: 0 },
          "no:such:node": { level: 3, boughtAt: 0 },
        },
      }),
    ).toEqual({ flags: {}, modifiers: {} });
  });
});
