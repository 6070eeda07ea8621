import type { SkillId } from "../../../data/skills.ts";
import { MAX_LEVEL } from "../../../data/skills.ts";
import type { Player } from "../../../protocol/player.ts";
import { effectiveXp } from "../../state/grantXp.ts";
import { levelForXp, xpForLevel } from "../../state/xpForLevel.ts";

const INF = Number.POSITIVE_INFINITY;

/**
 * The xp of the three skills a fight teaches (in grant order: the style's skill, health, intellect), kept
 * as running totals beside the next level's threshold, so a grant is one addition and one comparison.
 */
export class FightXp {
  readonly skills: readonly SkillId[];
  readonly levels: number[];
  readonly total: number[];
  readonly next: number[];
  private readonly effCache: number[] = [];

  constructor(
    private readonly draft: Player,
    style: SkillId,
  ) {
    this.skills = [style, "health", "intellect"];
    this.levels = this.skills.map((k) => draft.skills[k].level);
    this.total = this.skills.map((k) => draft.skills[k].xp);
    this.next = this.levels.map(nextThreshold);
  }

  /** The xp one grant of `base` really gives (subscription, floor), cached per base. */
  eff(base: number): number {
    let e = this.effCache[base];
    if (e === undefined) {
      e = effectiveXp(this.draft, base);
      if (Number.isInteger(base) && base >= 0 && base < 1 << 16) this.effCache[base] = e;
    }
    return e;
  }

  /** Adds to one skill's total; true when that crossed a level (the fighter's stats then change). */
  add(which: number, eff: number): boolean {
    const total = this.total[which]! + eff;
    this.total[which] = total;
    if (total < this.next[which]!) return false;
    const level = levelForXp(total);
    this.levels[which] = level;
    this.next[which] = nextThreshold(level);
    return true;
  }

  /** The draft's skills with the tracked ones at their current level and xp. */
  skillsNow(): Player["skills"] {
    const skills = { ...this.draft.skills };
    this.skills.forEach((k, i) => {
      skills[k] = { level: this.levels[i]!, xp: this.total[i]! };
    });
    return skills;
  }
}

function nextThreshold(level: number): number {
  return level >= MAX_LEVEL ? INF : xpForLevel(level + 1);
}
