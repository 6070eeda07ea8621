import { describe, expect, it } from "vitest";
import { levelProgress } from "./levelProgress.ts";
import { xpForLevel } from "./xpForLevel.ts";

describe("levelProgress", () => {
  it("reads xp inside the level: what the label says is what the bar fills", () => {
    expect(levelProgress(1, 50)).toEqual({ into: 50, span: 100, fraction: 0.5, toNext: 50, atMax: false });
    // the case: total xp near the next level's total, yet a third of the level still to go
    const start = xpForLevel(30);
    const span = xpForLevel(31) - start;
    const p = levelProgress(30, start + span * (2 / 3));
    expect(p.into / p.span).toBeCloseTo(2 / 3);
    expect(p.fraction).toBeCloseTo(2 / 3);
    expect(p.span).toBe(span);
  });

  it("clamps xp outside the level and stops at the cap", () => {
    expect(levelProgress(2, 0)).toMatchObject({ into: 0, fraction: 0 });
    expect(levelProgress(99, 9_999_999)).toEqual({ into: 0, span: 0, fraction: 1, toNext: 0, atMax: true });
  });
});
