import { describe, expect, it } from "vitest";
import { Rng } from "../state/rng.ts";
import { type BreakLimits, drawTables, walkBreaks } from "./gatherDraws.ts";
import type { SpawnKind } from "./rollNode.ts";
import { locationNodes } from "./rollNode.ts";

function kindsAt(location: string, lucky: boolean): SpawnKind[] {
  const found = locationNodes("mining", location, lucky);
  if (!("kinds" in found)) throw new Error(found.message);
  return found.kinds;
}

/** The oracle: breaks drawn one at a time with rng.weighted, as rollNode and breakNode draw them. */
function oneByOne(kinds: readonly SpawnKind[], rng: Rng, lim: BreakLimits) {
  const first = drawTables(kinds).firstOutcome;
  const counts = new Array<number>(first.at(-1) as number).fill(0);
  const units: number[] = [];
  let kind = rng.weighted(kinds.map((k) => k.weight));
  let hits = 0;
  let xp = lim.xp;
  let entry = -1;
  for (;;) {
    const h = lim.hits[kind] as number;
    if (hits + h > lim.slackHits) break;
    const o = (first[kind] as number) + rng.weighted((kinds[kind] as SpawnKind).drops.map((d) => d.weight));
    const item = lim.itemOf[o] as number;
    const u = (units[item] ?? 0) + (lim.stacks[o] as number);
    if (xp + (lim.gains[o] as number) >= lim.threshold || (lim.tails && u > (lim.tails[item] as number))) {
      entry = o;
      break;
    }
    units[item] = u;
    hits += h;
    xp += lim.gains[o] as number;
    counts[o] = (counts[o] as number) + 1;
    kind = rng.weighted(kinds.map((k) => k.weight));
  }
  return { hits, kind, entry, counts };
}

describe("a run of breaks (gatherDraws.walkBreaks)", () => {
  const cases: [string, Partial<BreakLimits>][] = [
    ["the hits left run out, over several runs of words", { slackHits: 20_000 }],
    ["a drop would reach the xp threshold", { slackHits: 20_000, threshold: 30_000 }],
    ["a drop would need a new slot", { slackHits: 20_000, tails: [20_000, 1_000, 300] }],
    // the common drop's room ends first, past stretches walked without checks
    ["the common drop would need a new slot", { slackHits: 20_000, tails: [300, 20_000, 20_000] }],
    ["a short span", { slackHits: 41 }],
    // every break one hit and one xp: the unchecked stretches' bounds are exact, not loose
    ["the hits left run out, one hit a break", { slackHits: 20_000, hits: [] }],
    [
      "a drop would reach the xp threshold, one xp a break",
      { slackHits: 20_000, threshold: 5_000, gains: [] },
    ],
  ];
  for (const [name, over] of cases) {
    it(`${name}: the breaks and draws of one-by-one play, the generator left after the last word read`, () => {
      for (const lucky of [false, true]) {
        const kinds = kindsAt("garden", lucky);
        const t = drawTables(kinds);
        const lim: BreakLimits = {
          hits: kinds.map((_, i) => 1 + i),
          slackHits: 0,
          gains: t.drops.map((d) => d.breakXp),
          xp: 0,
          threshold: Number.POSITIVE_INFINITY,
          itemOf: t.drops.map((d) => [10001, 10002, 10003].indexOf(d.itemId)),
          stacks: t.drops.map((d) => d.stack),
          tails: null,
          ...over,
        };
        // an empty list in a case: one for each kind or drop
        if (over.hits?.length === 0) lim.hits = kinds.map(() => 1);
        if (over.gains?.length === 0) lim.gains = t.drops.map(() => 1);
        const a = Rng.seed(7);
        const b = Rng.seed(7);
        const want = oneByOne(kinds, a, lim);
        const got = walkBreaks(t, b, lim);
        expect([got.hits, got.kind, got.entry, [...got.counts]]).toEqual([
          want.hits,
          want.kind,
          want.entry,
          want.counts,
        ]);
        expect(b.state()).toEqual(a.state());
        // the case's own stop: an entry drawn and handed back, or none
        expect(got.entry >= 0).toBe(over.threshold !== undefined || over.tails !== undefined);
        expect(Math.min(...lim.itemOf)).toBe(0);
      }
    });
  }

  it("refuses tables that weigh nothing, as rng.weighted does (a kind's spawn weight or its drops' weights)", () => {
    const kinds = kindsAt("garden", false);
    const [first] = kinds as [SpawnKind];
    const unspawnable = kinds.map((k) => ({ ...k, weight: 0 }));
    expect(() => drawTables(unspawnable)).toThrow("Zero total weight");
    const dropless = [{ ...first, drops: first.drops.map((d) => ({ ...d, weight: 0 })) }];
    expect(() => drawTables(dropless)).toThrow("Zero total weight");
    // a location's tables are built once
    expect(drawTables(kinds)).toBe(drawTables(kinds));
    // one weight is enough
    expect(drawTables([{ ...first, drops: [first.drops[0]!] }]).dropTotal).toEqual(
      Float64Array.of(first.drops[0]!.weight),
    );
  });
});
