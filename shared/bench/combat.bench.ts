import { bench, describe } from "vitest";
import { advance } from "../src/index.ts";
import { freshFighter, gearedFighter } from "../src/rules/combat/fixtures.ts";

/**
 * Median `advance` over 24 h and 30 days of fighting (DESIGN §3: event to event, never a fixed step).
 * Goal on the 2-core machine: 24 h ≤ 10 ms, 30 days ≤ 100 ms. The geared level-40 warrior is the
 * heaviest case at aphid_nest (one swing, one kill, a new monster every cycle).
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
