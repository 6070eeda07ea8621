import { describe, expect, it } from "vitest";
import { Rng } from "../state/rng.ts";
import { drawTables, WordRun } from "./gatherDraws.ts";
import { locationNodes } from "./rollNode.ts";

describe("gathering draws", () => {
  it("a run of words reads what next() gives, and leaves the generator after the last word read", () => {
    for (const reads of [0, 1, 5, 4096, 4097, 10_000]) {
      const one = Rng.seed(reads + 3);
      const run = Rng.seed(reads + 3);
      const words = new WordRun(run, 50);
      for (let i = 0; i < reads; i++) expect(words.next()).toBe(one.next());
      words.close();
      expect(run.state()).toEqual(one.state());
    }
  });

  it("a lookup picks what rng.weighted picks, for every kind and drop of a location", () => {
    const found = locationNodes("mining", "garden", true);
    if (!("kinds" in found)) throw new Error(found.message);
    const t = drawTables(found.kinds);
    const a = Rng.seed(9);
    const b = Rng.seed(9);
    for (let i = 0; i < 5_000; i++) {
      const kind = a.weighted(found.kinds.map((k) => k.weight));
      expect(t.kindAt[Math.floor(b.next() * t.kindTotal)]).toBe(kind);
      const drops = found.kinds[kind]?.drops ?? [];
      const entry = a.weighted(drops.map((d) => d.weight));
      const r = Math.floor(b.next() * (t.dropTotal[kind] as number));
      expect(t.outcomeAt[(t.tableStart[kind] as number) + r]).toBe((t.firstOutcome[kind] as number) + entry);
    }
  });
});
