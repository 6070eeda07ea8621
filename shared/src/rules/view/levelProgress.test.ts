import { describe, expect, it } from "vitest";
import { MAX_LEVEL } from "../../data/skills.ts";
import { xpForLevel } from "../state/xpForLevel.ts";
import { levelProgress, levelsGained, shownLevel } from "./levelProgress.ts";

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

  it("shows levels 1 to MAX_LEVEL", () => {
    expect([shownLevel(0), shownLevel(7), shownLevel(MAX_LEVEL + 3)]).toEqual([1, 7, MAX_LEVEL]);
  });
});

describe("levelsGained", () => {
  it("gives each skill that gained xp the level its xp before gave and the level it holds now", () => {
    const skills = {
      mining: { xp: xpForLevel(5) + 10, level: 5 },
      botany: { xp: 70, level: 1 },
      picklelogy: { xp: xpForLevel(3), level: 3 },
    };
    const lines = levelsGained(
      { mining: xpForLevel(5) - xpForLevel(3) + 20, botany: 20, combat: 5, picklelogy: 0 },
      skills,
    );
    expect(lines).toEqual([
      { skill: "mining", xp: xpForLevel(5) - xpForLevel(3) + 20, from: 2, to: 5 },
      { skill: "botany", xp: 20, from: 1, to: 1 },
    ]);
  });

  it("caps both ends at MAX_LEVEL; a level held above its xp (the table moved) shows as held", () => {
    const top = xpForLevel(MAX_LEVEL);
    expect(
      levelsGained({ mining: 5_000_000 }, { mining: { xp: top + 9_000_000, level: MAX_LEVEL } }),
    ).toEqual([{ skill: "mining", xp: 5_000_000, from: MAX_LEVEL, to: MAX_LEVEL }]);
    expect(levelsGained({ mining: 10 }, { mining: { xp: 30, level: 4 } })).toEqual([
      { skill: "mining", xp: 10, from: 1, to: 4 },
    ]);
  });
});
