import { describe, expect, it } from "vitest";
import { fighter } from "../../../../testing/fighters.ts";
import { xpForLevel } from "../../state/xpForLevel.ts";
import { FightXp } from "./FightXp.ts";

describe("FightXp", () => {
  it("a grant reaching the next level's threshold exactly is a level", () => {
    const p = fighter({ location: "beetle_nest", level: 10 });
    const xp = new FightXp(p, "melee");
    const gap = xpForLevel(11) - xpForLevel(10);
    expect(xp.add(0, gap - 1)).toBe(false);
    expect(xp.add(0, 1)).toBe(true);
    expect([xp.levels[0], xp.total[0], xp.next[0]]).toEqual([11, xpForLevel(11), xpForLevel(12)]);
    const skills = xp.skillsNow();
    expect(skills.melee).toEqual({ level: 11, xp: xpForLevel(11) });
    expect(skills.health).toEqual(p.skills.health);
    // the skills a fight does not teach are kept as they are
    expect(skills.botany).toEqual(p.skills.botany);
  });

  it("no level past the last one", () => {
    const xp = new FightXp(fighter({ location: "beetle_nest", level: 99 }), "melee");
    expect(xp.next).toEqual([Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY]);
    expect(xp.add(1, 1_000_000_000)).toBe(false);
  });
});
