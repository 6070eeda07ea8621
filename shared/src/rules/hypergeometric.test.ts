import { describe, expect, it } from "vitest";
import { hypergeometric, hypergeometricSplit } from "./hypergeometric.ts";
import { Rng } from "./rng.ts";

function moments(draw: () => number, n: number): { mean: number; variance: number } {
  let s = 0;
  let s2 = 0;
  for (let i = 0; i < n; i++) {
    const x = draw();
    s += x;
    s2 += x * x;
  }
  const mean = s / n;
  return { mean, variance: s2 / n - mean * mean };
}

describe("hypergeometric", () => {
  const cases: [number, number, number][] = [
    [10, 3, 4],
    [1000, 40, 100],
    [100_000, 37, 50_000],
    [100_000, 5000, 40_000],
    [2_000_000, 1_000_000, 1_000],
  ];
  for (const [total, good, n] of cases) {
    it(`has the right mean and variance for N=${total} K=${good} n=${n}`, () => {
      const rng = Rng.seed(total + good + n);
      const p = good / total;
      const mean = n * p;
      const variance = (n * p * (1 - p) * (total - n)) / (total - 1);
      const m = moments(() => hypergeometric(rng, total, good, n), 20_000);
      expect(Math.abs(m.mean - mean)).toBeLessThan(4 * Math.sqrt(variance / 20_000) + 1e-9);
      expect(m.variance).toBeGreaterThan(variance * 0.9 - 0.01);
      expect(m.variance).toBeLessThan(variance * 1.1 + 0.01);
    });
  }

  it("splits a pool exactly", () => {
    const rng = Rng.seed(1);
    for (let i = 0; i < 200; i++) {
      const pool = [rng.int(50), rng.int(5), 0, rng.int(500)];
      const total = pool.reduce((a, b) => a + b, 0);
      const take = rng.int(total + 1);
      const part = hypergeometricSplit(rng, pool, take);
      expect(part.reduce((a, b) => a + b, 0)).toBe(take);
      part.forEach((x, j) => {
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(pool[j]!);
      });
    }
  });
});
