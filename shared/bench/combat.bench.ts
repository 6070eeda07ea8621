import { afterAll, bench, describe } from "vitest";
import type { Player } from "../src/index.ts";
import { advance } from "../src/index.ts";
import { areaFighter, freshFighter, gearedFighter } from "../testing/fighters.ts";
import { mediansTimeout, printMedians } from "./printMedians.ts";

/**
 * Median `advance` over 24 h and 30 days of fighting (DESIGN §3: event to event, never a fixed step).
 * Goal on the 2-core machine (issue 31 point 7, as for gathering and crafting): 24 h ≤ 2 ms, 30 days ≤ 20 ms.
 * The geared level-40 warrior: at aphid_nest one swing kills (fastForwardKills.ts: a new monster every cycle,
 * Whirlwind on its chance), at the swamp every fight takes several swings, stuns and deaths
 * (fastForwardSwings.ts: each event in a tight loop, each draw in its turn).
 */
const HOUR = 3_600_000;
const SPANS = [
  { name: "24 h", ms: 24 * HOUR },
  { name: "30 days", ms: 30 * 24 * HOUR },
] as const;

for (const location of ["aphid_nest", "swamp"] as const) {
  describe(`combat at ${location}`, () => {
    for (const span of SPANS) {
      const geared = gearedFighter(location);
      const fresh = freshFighter(location);
      bench(`geared level-40, ${span.name}`, () => {
        advance(geared, span.ms);
      });
      bench(`fresh level-1, ${span.name}`, () => {
        advance(fresh, span.ms);
      });
    }
  });
}

/**
 * Past level 40 the insects afflict (afflictions.ts: a poison tick a second, weaker or slower swings, stuns) and
 * no kill takes one swing: the warrior at the area's level in its tier's set, dying and reviving as it goes.
 */
const FRONTIER = ["wasp_nest", "hornet_hive"] as const;
for (const location of FRONTIER) {
  describe(`combat at ${location}`, () => {
    for (const span of SPANS) {
      const p = areaFighter(location);
      bench(`tier's set at the area's level, ${span.name}`, () => {
        advance(p, span.ms);
      });
    }
  });
}

const medianRows: [string, () => void][] = [];
for (const location of FRONTIER) {
  const p = areaFighter(location);
  for (const span of SPANS)
    medianRows.push([`${location} tier's set, ${span.name}`, () => advance(p, span.ms)]);
}
for (const location of ["aphid_nest", "swamp"] as const) {
  const fighters = { "geared level-40": gearedFighter(location), "fresh level-1": freshFighter(location) };
  for (const [who, p] of Object.entries(fighters)) {
    for (const span of SPANS)
      medianRows.push([`${location} ${who}, ${span.name}`, () => advance(p, span.ms)]);
  }
}

afterAll(() => {
  printMedians("combat advance medians (goal: 24 h <= 2 ms, 30 days <= 20 ms)", medianRows, 21);
}, mediansTimeout(medianRows.length));

/** The next time the server wakes an online fighter (its own copy of the server's next-event rule). */
function nextWake(p: Player): number {
  let t = p.dead && p.deathInfo ? p.deathInfo.respawnAt : Number.POSITIVE_INFINITY;
  if (p.currentAction.nextHitAt !== null) t = Math.min(t, p.currentAction.nextHitAt);
  for (const m of p.currentMonsters) {
    if (m.nextAttackAt !== null) t = Math.min(t, m.nextAttackAt);
    if (m.status.burn) t = Math.min(t, m.status.burn.nextTickAt);
    if (m.status.bleed) t = Math.min(t, m.status.bleed.nextTickAt);
  }
  if (p.combat.nextRegenAt !== null) t = Math.min(t, p.combat.nextRegenAt);
  return t > p.settledAt && Number.isFinite(t) ? t : p.settledAt + 1000;
}

/** Online: the server advances a connected fighter to each event; 100 such wake-ups (divide by 100 per event). */
describe("combat online, one event per advance", () => {
  for (const location of ["aphid_nest", "swamp"] as const) {
    const start = gearedFighter(location);
    bench(`geared level-40 at ${location}, 100 wake-ups`, () => {
      let p = start;
      for (let i = 0; i < 100; i++) p = advance(p, nextWake(p)).player;
    });
  }
});
