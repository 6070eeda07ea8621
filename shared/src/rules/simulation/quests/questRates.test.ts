import { describe, expect, it } from "vitest";
import { fighter } from "../../../../testing/fighters.ts";
import { locationFor } from "../../../data/locations.ts";
import { RECIPES } from "../../../data/recipes.ts";
import { craftsPerHour, swingsToKill } from "./questRates.ts";

describe("quest rates", () => {
  it("swings to kill count the lab's flat damage (added) and its damage factor (multiplied)", () => {
    const loc = locationFor("combat", "beetle_nest")!;
    const plain = fighter({ location: "beetle_nest", level: 10, character: "warrior" });
    const flat = { ...plain, modifiers: { "combat:damage:+": 20 } };
    const factor = { ...plain, modifiers: { "combat:damage:x": 3 } };
    expect([plain, flat, factor].map((p) => swingsToKill(p, loc))).toEqual([19, 14, 7]);
  });

  it("crafts an hour count every slot", () => {
    const recipe = { ...Object.values(RECIPES)[0]!, timeMs: 3000 };
    expect(craftsPerHour(recipe, 1)).toBe(1200);
    expect(craftsPerHour(recipe, 3)).toBe(3600);
  });
});
