import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { RngState } from "../../protocol/player.ts";
import { Rng } from "./rng.ts";

const draws = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.nextU32());
const u32 = fc.integer({ min: 0, max: 0xffffffff });
const state = fc.tuple(u32, u32, u32, u32).filter((s) => s.some((w) => w !== 0)) as fc.Arbitrary<RngState>;

describe("Rng", () => {
  it("is xoshiro128**: the published algorithm's first words from the state [1, 2, 3, 4]", () => {
    const rng = new Rng([1, 2, 3, 4]);
    expect(draws(rng, 6)).toEqual([11520, 0, 5927040, 70819200, 2031721883, 1637235492]);
    expect(rng.state()).toEqual([1110993931, 286554632, 2431677446, 2165318166]);
  });

  it("seeds its four words by splitmix32, so any 32-bit number seeds a generator", () => {
    // the words splitmix32 gives from each seed, and xoshiro128**'s first draws from them
    const cases: [number, RngState, number[]][] = [
      [0, [2462723854, 1020716019, 454327756, 1275600319], [3809008728, 1133695204, 53579671]],
      [1, [2527132011, 314344336, 2535364964, 2041432039], [2442144158, 3238099751, 3819917871]],
      [123456789, [1573771921, 319883699, 2742014374, 1324369493], [4284103975, 1001954530, 2701803082]],
      [0xffffffff, [920564995, 4230986166, 697614773, 1778835764], [835879718, 1921286648, 2356205009]],
    ];
    for (const [seed, words, first] of cases) {
      expect(Rng.seed(seed).state()).toEqual(words);
      expect(draws(Rng.seed(seed), 3)).toEqual(first);
    }
    // only the low 32 bits of a seed count
    expect(Rng.seed(2 ** 32 + 1).state()).toEqual(Rng.seed(1).state());
  });

  it("gives its state unsigned, and carries on from a restored one exactly", () => {
    fc.assert(
      fc.property(state, fc.integer({ min: 0, max: 40 }), (s, n) => {
        const a = new Rng(s);
        expect(a.state()).toEqual(s);
        draws(a, n);
        const saved = a.state();
        for (const w of saved) expect(w >>> 0).toBe(w);
        const b = new Rng([1, 1, 1, 1]);
        b.restore(saved);
        expect(draws(b, 5)).toEqual(draws(a, 5));
      }),
      { numRuns: 50 },
    );
  });

  it("fill gives the words nextU32 would, and leaves the generator where nextU32 would", () => {
    fc.assert(
      fc.property(state, fc.integer({ min: 0, max: 64 }), (s, n) => {
        const one = new Rng(s);
        const out = new Uint32Array(n + 1);
        out[n] = 7;
        new Rng(s).fill(out, 0);
        const filled = new Rng(s);
        filled.fill(out, n);
        expect([...out.subarray(0, n)]).toEqual(draws(one, n));
        expect(out[n]).toBe(7);
        expect(filled.state()).toEqual(one.state());
      }),
      { numRuns: 50 },
    );
  });

  it("next is in [0, 1), int(n) in [0, n), each the 32-bit word scaled", () => {
    const rng = new Rng([1, 2, 3, 4]);
    expect(rng.next()).toBe(11520 / 2 ** 32);
    expect(rng.next()).toBe(0);
    expect(rng.int(1000)).toBe(Math.floor((5927040 / 2 ** 32) * 1000));
    fc.assert(
      fc.property(state, fc.integer({ min: 1, max: 1000 }), (s, n) => {
        const r = new Rng(s);
        const x = r.next();
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThan(1);
        const i = r.int(n);
        expect(Number.isInteger(i) && i >= 0 && i < n).toBe(true);
      }),
    );
  });

  it("chance(p) is a draw below p: never at 0, always at 1, and exactly at the word's value", () => {
    const rng = Rng.seed(9);
    for (let i = 0; i < 100; i++) {
      expect(rng.chance(0)).toBe(false);
      expect(rng.chance(1)).toBe(true);
    }
    const at = new Rng([1, 2, 3, 4]);
    // the first draw is 11520 / 2^32: a chance of exactly that is not met, a hair more is
    expect(at.chance(11520 / 2 ** 32)).toBe(false);
    expect(new Rng([1, 2, 3, 4]).chance(11521 / 2 ** 32)).toBe(true);
  });

  it("weighted draws an index by its weight, never one weighing 0, and refuses a zero total", () => {
    const rng = Rng.seed(4);
    const seen = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i++) seen[rng.weighted([1, 0, 3, 0])]! += 1;
    expect(seen[1]).toBe(0);
    expect(seen[3]).toBe(0);
    expect(seen[2]! / seen[0]!).toBeGreaterThan(2.5);
    expect(seen[2]! / seen[0]!).toBeLessThan(3.5);
    expect(() => rng.weighted([0, 0])).toThrow("Zero total weight");
    expect(() => rng.weighted([])).toThrow("Zero total weight");
    // the draw falls in the entry whose running sum first passes it: the third word from [1, 2, 3, 4] is
    // 5927040 / 2^32, about 0.00138 of the total, past the first entry and within the second
    const low = new Rng([1, 2, 3, 4]);
    low.nextU32();
    low.nextU32();
    expect(low.weighted([0.0013, 0.0002, 1])).toBe(1);
  });
});
