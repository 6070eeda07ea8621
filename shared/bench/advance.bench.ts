import { afterAll, bench, describe } from "vitest";
import type { Player } from "../src/index.ts";
import { addItems, advance, newPlayer, startCraft } from "../src/index.ts";
import { acting, gatherer, withNodes } from "../testing/players.ts";
import { mediansTimeout, printMedians } from "./printMedians.ts";

/** Median time of advance for a day and for 30 days away, gathering and crafting (goal: ≤ 2 ms and ≤ 20 ms). */

const DAY = 24 * 3_600_000;
const MONTH = 30 * DAY;

function crafter(chained: boolean): Player {
  let p = withNodes(newPlayer({ discordId: "bench", username: "bench", now: 0, seed: 11 }), [
    "south:mining:unlock",
    "south:smithing:unlock",
    "south:smithing:slot-2",
  ]);
  p = addItems(p, [
    { id: 10001, quantity: 9000 },
    { id: 20001, quantity: 20 },
  ]).player;
  const a = startCraft(p, { craftingSkill: "smithing", itemId: 20001, slotId: 0, quantity: 10_000 }, 0);
  if (!a.ok) throw new Error(a.message);
  p = a.state;
  if (chained) {
    const b = startCraft(p, { craftingSkill: "smithing", itemId: 30101, slotId: 1, quantity: 10_000 }, 0);
    if (!b.ok) throw new Error(b.message);
    p = b.state;
  }
  return p;
}

function veteran(): Player {
  // level 30 miner at fire_camp (tier 5), lab damage and speed bought
  const p = gatherer(5);
  const q: Player = { ...p, skills: { ...p.skills, mining: { level: 30, xp: 100 * 29 ** 1.5 } } };
  const r = withNodes(q, ["south:mining:damage-5", "south:mining:speed-1", "south:mining:speed-1"]);
  return acting(r, "mining", "fire_camp", 0);
}

const gathering = gatherer(1);
const gatheringVeteran = veteran();
const crafting = crafter(false);
const craftingChained = crafter(true);

describe("advance: gathering (mining at garden from level 1)", () => {
  bench("24 h", () => {
    advance(gathering, DAY);
  });
  bench("30 days", () => {
    advance(gathering, MONTH);
  });
});

describe("advance: gathering (level 30 at fire_camp)", () => {
  bench("24 h", () => {
    advance(gatheringVeteran, DAY);
  });
  bench("30 days", () => {
    advance(gatheringVeteran, MONTH);
  });
});

describe("advance: crafting (one slot, 9000 Dirt to bricks)", () => {
  bench("24 h", () => {
    advance(crafting, DAY);
  });
  bench("30 days", () => {
    advance(crafting, MONTH);
  });
});

describe("advance: crafting (two chained slots: bricks and helmets)", () => {
  bench("24 h", () => {
    advance(craftingChained, DAY);
  });
  bench("30 days", () => {
    advance(craftingChained, MONTH);
  });
});

const medianRows: [string, () => void][] = (
  [
    ["gathering 24 h (garden, level 1)", gathering, DAY],
    ["gathering 30 days (garden, level 1)", gathering, MONTH],
    ["gathering 24 h (fire_camp, level 30)", gatheringVeteran, DAY],
    ["gathering 30 days (fire_camp, level 30)", gatheringVeteran, MONTH],
    ["crafting 24 h (one slot)", crafting, DAY],
    ["crafting 30 days (one slot)", crafting, MONTH],
    ["crafting 24 h (two chained slots)", craftingChained, DAY],
    ["crafting 30 days (two chained slots)", craftingChained, MONTH],
  ] as const
).map(([name, p, until]) => [name, () => advance(p, until)]);

afterAll(() => {
  printMedians("advance medians (goal: 24 h <= 2 ms, 30 days <= 20 ms)", medianRows);
}, mediansTimeout(medianRows.length));
