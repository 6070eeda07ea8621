import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { levelForXp, xpForLevel } from "./xpForLevel.ts";

const step = (level: number) => xpForLevel(level + 1) - xpForLevel(level);

describe("xp table (DESIGN §4)", () => {
  it("passes exactly through the spec's four totals", () => {
    expect(xpForLevel(1)).toBe(0);
    expect(xpForLevel(2)).toBe(100);
    expect(xpForLevel(10)).toBe(2700);
    expect(xpForLevel(90)).toBe(5_000_000);
    expect(xpForLevel(100)).toBe(10_000_000);
  });

  it("has the genre's shape between them", () => {
    expect(xpForLevel(20)).toBe(12_861);
    expect(xpForLevel(40)).toBe(85_873);
    expect(xpForLevel(60)).toBe(447_853);
    expect(xpForLevel(89)).toBe(4_614_930);
    expect(xpForLevel(99)).toBe(9_390_572);
  });

  it("grows each level by its span's constant factor, with no wall at 89 → 90", () => {
    const ratios = (from: number, to: number) =>
      Array.from({ length: to - from - 1 }, (_, i) => step(from + i + 1) / step(from + i));
    expect(Array.from({ length: 10 }, (_, l) => xpForLevel(l + 1))).toEqual([
      0, 100, 226, 385, 585, 837, 1155, 1556, 2062, 2700,
    ]);
    for (const r of ratios(10, 88)) expect(r).toBeCloseTo(1.0833, 2);
    for (const r of ratios(90, 98)) expect(r).toBeCloseTo(1.047, 2);
    for (let l = 1; l < 99; l++) expect(step(l + 1) / step(l)).toBeLessThan(1.27);
    expect(step(89) / step(88)).toBeCloseTo(1.083, 2);
  });

  it("reads levels back, shown capped at 99", () => {
    expect(levelForXp(0)).toBe(1);
    expect(levelForXp(99)).toBe(1);
    expect(levelForXp(100)).toBe(2);
    expect(levelForXp(2699)).toBe(9);
    expect(levelForXp(2700)).toBe(10);
    expect(levelForXp(4_999_999)).toBe(89);
    expect(levelForXp(5_000_000)).toBe(90);
    expect(levelForXp(10_000_000)).toBe(99);
    expect(levelForXp(1e12)).toBe(99);
  });

  it("never goes down as xp grows", () => {
    fc.assert(
      fc.property(fc.nat(20_000_000), fc.nat(1_000_000), (a, d) => {
        expect(levelForXp(a + d)).toBeGreaterThanOrEqual(levelForXp(a));
        expect(xpForLevel(levelForXp(a))).toBeLessThanOrEqual(a);
      }),
    );
  });
});
