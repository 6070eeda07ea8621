import { describe, expect, it } from "vitest";
import type { DropEntry, Location } from "../../../data/schemas.ts";
import { Rng } from "../../state/rng.ts";
import { checkedDropTable, rollCombatDrop, rollDrop } from "./loot.ts";
import { combatLocation, pickMonsterId, restoreMonsters } from "./monsters.ts";

describe("monsters of a location", () => {
  it("the six combat areas spawn their monster", () => {
    const ids = ["aphid_nest", "black_ant_nest", "trash_can", "rosebush_nest", "beetle_nest", "swamp"].map(
      (l) => pickMonsterId(combatLocation(l), Rng.seed(1)),
    );
    expect(ids).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("raises 'Unknown combat location: {loc}'", () => {
    expect(() => combatLocation("moon")).toThrow("Unknown combat location: moon");
  });

  it("draws a weighted monster; a zero total weight is an error", () => {
    const loc: Location = {
      id: "x",
      skill: "combat",
      tier: 1,
      requiredLevel: 1,
      spawns: [
        { id: 1, weight: 3 },
        { id: 2, weight: 1 },
      ],
    };
    const rng = Rng.seed(5);
    const counts = { 1: 0, 2: 0 } as Record<number, number>;
    for (let i = 0; i < 4000; i++) counts[pickMonsterId(loc, rng)]!++;
    expect(counts[1]! / 4000).toBeGreaterThan(0.7);
    expect(counts[1]! / 4000).toBeLessThan(0.8);
    const zero = {
      ...loc,
      spawns: [
        { id: 1, weight: 0 },
        { id: 2, weight: 0 },
      ],
    };
    expect(() => pickMonsterId(zero, rng)).toThrow(/Zero total weight/);
    expect(() => pickMonsterId({ ...loc, spawns: [{ id: 1, weight: 0 }] }, rng)).toThrow(/Zero total weight/);
  });
});

describe("restoreMonsters", () => {
  it("keeps numeric ids valid for the location and clamps hp to [0, max]", () => {
    const restored = restoreMonsters(
      [
        { id: 1, uid: "a", hp: 50 },
        { id: 1, uid: "b", hp: 999 },
        { id: 1, uid: "c", hp: -4 },
        { id: "1", uid: "d", hp: 20 },
        { id: 6, uid: "e", hp: 10 },
        { id: "aphid", hp: 10 },
        { id: 1.5, hp: 10 },
        { id: 1, uid: "f", hp: 10, maxHp: 5000 },
      ],
      "aphid_nest",
    );
    expect(restored.map((m) => [m.uid, m.hp, m.maxHp])).toEqual([
      ["a", 50, 100],
      ["b", 100, 100],
      ["c", 0, 100],
      ["d", 20, 100],
      ["f", 10, 100],
    ]);
  });

  it("fills a missing hp with full hp and refuses unknown locations", () => {
    expect(restoreMonsters([{ id: 6 }], "swamp")[0]).toMatchObject({ id: 6, hp: 1700, maxHp: 1700 });
    expect(() => restoreMonsters([], "nowhere")).toThrow("Unknown combat location: nowhere");
  });
});

describe("loot", () => {
  it("combat drops: one entry each, weight 100, stack 1, breakXp 2, 4, 10, 16, 20, 36", () => {
    const rng = Rng.seed(1);
    expect([1, 2, 3, 4, 5, 6].map((id) => rollCombatDrop(id, rng))).toEqual(
      [2, 4, 10, 16, 20, 36].map((breakXp, i) => ({ itemId: 15001 + i, weight: 100, stack: 1, breakXp })),
    );
  });

  it("draws by weight; a zero total weight or an empty table is an error", () => {
    const table: DropEntry[] = [
      { itemId: 15001, weight: 1, stack: 1, breakXp: 1 },
      { itemId: 15002, weight: 3, stack: 2, breakXp: 2 },
    ];
    const rng = Rng.seed(2);
    let second = 0;
    for (let i = 0; i < 4000; i++) if (rollDrop(table, 1, rng).itemId === 15002) second++;
    expect(second / 4000).toBeGreaterThan(0.7);
    expect(second / 4000).toBeLessThan(0.8);
    expect(() =>
      checkedDropTable(
        table.map((e) => ({ ...e, weight: 0 })),
        9,
      ),
    ).toThrow("Zero total weight in the drop table of monster 9");
    expect(() => checkedDropTable([], 9)).toThrow("No drop table for monster 9");
    expect(() => rollCombatDrop(99, rng)).toThrow("No drop table for monster 99");
  });
});
