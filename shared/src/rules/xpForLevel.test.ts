import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { levelForXp, xpForLevel } from "./xpForLevel.ts";

describe("xp table (DESIGN §4)", () => {
  it("has the spec's anchors", () => {
    expect(xpForLevel(1)).toBe(0);
    expect(xpForLevel(2)).toBe(100);
    expect(xpForLevel(10)).toBe(2700);
    expect(xpForLevel(89)).toBe(Math.floor(100 * 88 ** 1.5));
    expect(xpForLevel(90)).toBe(5_000_000);
    expect(xpForLevel(100)).toBe(10_000_000);
  });

  it("reads levels back, shown capped at 99", () => {
    expect(levelForXp(0)).toBe(1);
    expect(levelForXp(99)).toBe(1);
    expect(levelForXp(100)).toBe(2);
    expect(levelForXp(2699)).toBe(9);
    expect(levelForXp(2700)).toBe(10);
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
