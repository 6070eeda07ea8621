import { describe, expect, it } from "vitest";
import { gearItemId } from "../../data/itemIds.ts";
import { ITEMS } from "../../data/items.ts";
import { rollAffixes } from "../simulation/combat/rollAffixes.ts";
import { craftOutput, mayRollAffixes } from "./craftOutput.ts";
import { Rng } from "./rng.ts";

const BRICK = ITEMS[20001]!;
const SWORD = ITEMS[gearItemId("melee", 6, "mainhand")]!;
const TIERS = { featureFlags: { "crafting:tier:1": true, "crafting:tier:2": true, "crafting:tier:3": true } };

describe("craftOutput", () => {
  it("a material is one stack of the quantity, drawing nothing", () => {
    const rng = Rng.seed(3);
    expect(craftOutput(BRICK, 5, TIERS, rng)).toEqual([{ id: 20001, quantity: 5 }]);
    expect(rng.state()).toEqual(Rng.seed(3).state());
    expect(mayRollAffixes(BRICK)).toBe(false);
    expect(mayRollAffixes(SWORD)).toBe(true);
  });

  it("gear rolls each piece: the plain ones stack first, each rolled piece is its own", () => {
    const rng = Rng.seed(7);
    const out = craftOutput(SWORD, 30, TIERS, rng);
    const again = Rng.seed(7);
    const rolls = Array.from({ length: 30 }, () => rollAffixes(SWORD, TIERS, again));
    const plain = rolls.filter((a) => a.length === 0).length;
    expect(plain).toBeGreaterThan(0);
    expect(plain).toBeLessThan(30);
    expect(out).toEqual([
      { id: SWORD.id, quantity: plain },
      ...rolls.filter((a) => a.length > 0).map((affixes) => ({ id: SWORD.id, quantity: 1, affixes })),
    ]);
    expect(rng.state()).toEqual(again.state());
  });

  it("gear without a crafting tier is one plain stack; none rolled, none plain, nothing listed", () => {
    expect(craftOutput(SWORD, 4, { featureFlags: {} }, Rng.seed(1))).toEqual([{ id: SWORD.id, quantity: 4 }]);
    expect(craftOutput(SWORD, 0, TIERS, Rng.seed(1))).toEqual([]);
  });
});
