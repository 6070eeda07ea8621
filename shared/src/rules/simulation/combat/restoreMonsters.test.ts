import { describe, expect, it } from "vitest";
import { gearItemId } from "../../../data/itemIds.ts";
import { ITEMS } from "../../../data/items.ts";
import type { Location } from "../../../data/schemas.ts";
import { Rng } from "../../state/rng.ts";
import { rollDrop } from "./loot.ts";
import { monsterProto } from "./monsterProto.ts";
import { monsterData, newMonster, pickMonsterId, restoreMonsters } from "./monsters.ts";
import { affixStats, craftingTier, rollAffixes } from "./rollAffixes.ts";

describe("monsters from a document (restoreMonsters)", () => {
  it("a numeric string id counts; a blank, fractional or foreign one is dropped", () => {
    const out = restoreMonsters(
      [{ id: "5" }, { id: " " }, { id: 5.5 }, { id: 1 }, { id: 99 }, { id: 5, uid: "x" }],
      "beetle_nest",
    );
    expect(out.map((m) => [m.id, m.uid])).toEqual([
      [5, "5-0-0"],
      [5, "x"],
    ]);
  });

  it("a hp or attack time that is not a finite number is full hp and no attack; an empty uid is made anew", () => {
    const [m] = restoreMonsters(
      [{ id: 5, uid: "", hp: Number.POSITIVE_INFINITY, nextAttackAt: Number.POSITIVE_INFINITY }],
      "beetle_nest",
    );
    expect(m).toEqual({ id: 5, uid: "5-0-0", hp: 1200, maxHp: 1200, nextAttackAt: null, status: {} });
    const [n] = restoreMonsters(
      [{ id: 5, hp: "7" as unknown as number, nextAttackAt: "9" as unknown as number }],
      "beetle_nest",
    );
    expect([n!.hp, n!.nextAttackAt]).toEqual([1200, null]);
  });

  it("a fresh monster at full hp", () => {
    expect(newMonster(5, 1000, 2, 3000)).toEqual({
      id: 5,
      uid: "5-1000-2",
      hp: 1200,
      maxHp: 1200,
      nextAttackAt: 3000,
      status: {},
    });
    expect(() => monsterData(99)).toThrow("Unknown monster: 99");
  });

  it("a place of several monsters with no weight at all is an error", () => {
    const loc = {
      id: "nowhere",
      spawns: [
        { id: 1, weight: 0 },
        { id: 2, weight: 0 },
      ],
    } as unknown as Location;
    expect(() => pickMonsterId(loc, Rng.seed(1))).toThrow("Zero total weight in the monsters of nowhere");
    const one = {
      id: "somewhere",
      spawns: [
        { id: 1, weight: 0 },
        { id: 2, weight: 1 },
      ],
    } as unknown as Location;
    expect(pickMonsterId(one, Rng.seed(1))).toBe(2);
  });
});

describe("a monster's table values (monsterProto) and drops", () => {
  it("its drop table as parallel lists, and its affliction (none: zeros)", () => {
    expect(monsterProto(5)).toMatchObject({
      dropItem: [15005],
      dropStack: [1],
      dropBreakXp: [20],
      dropWeight: [100],
      afflictKind: 0,
      afflictPower: 0,
      afflictMs: 0,
      afflictTier: 0,
    });
    expect(monsterProto(7)).toMatchObject({ afflictPower: 30, afflictMs: 5000, afflictTier: 7 });
  });

  it("a one-entry drop table draws nothing", () => {
    const rng = Rng.seed(3);
    const before = rng.state();
    expect(rollDrop([{ itemId: 15001, weight: 5, stack: 1, breakXp: 2 }], 1, rng).itemId).toBe(15001);
    expect(rng.state()).toEqual(before);
  });
});

describe("affixes", () => {
  const flags = (...tiers: number[]) => Object.fromEntries(tiers.map((t) => [`crafting:tier:${t}`, true]));

  it("the crafting tier stops at the highest affix tier", () => {
    expect(craftingTier(flags(1, 2, 3, 4, 5))).toBe(4);
  });

  it("one crafting tier and one stat slot already roll; a 'nothing' roll adds nothing", () => {
    const helmet = ITEMS[gearItemId("melee", 1, "head")]!;
    expect(helmet.statslots).toBe(1);
    const rng = Rng.seed(4);
    const before = rng.state();
    rollAffixes(helmet, { featureFlags: flags(1) }, rng);
    expect(rng.state()).not.toEqual(before);
    let rolled = 0;
    for (let seed = 1; seed <= 40; seed++) {
      for (const a of rollAffixes(helmet, { featureFlags: flags(1) }, Rng.seed(seed))) {
        rolled++;
        expect(Object.keys(a.stats).length).toBeGreaterThan(0);
      }
    }
    expect(rolled).toBeGreaterThan(0);
  });

  it("affixStats sums the stats by key", () => {
    expect(affixStats(undefined)).toEqual({});
    expect(
      affixStats([
        { id: "a", tier: 1, stats: { melee_lvl: 2, crit_chance_pct: 1 } },
        { id: "b", tier: 1, stats: { melee_lvl: 3 } },
      ]),
    ).toEqual({ melee_lvl: 5, crit_chance_pct: 1 });
  });
});
