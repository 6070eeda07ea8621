import { MAX_LEVEL } from "../../data/skills.ts";
import { levelForXp, xpForLevel } from "../state/xpForLevel.ts";

/** Where a skill stands inside its level: the one reading of xp that every bar and its label share. */
export interface LevelProgress {
  /** xp earned since the level began (the span at the cap) */
  into: number;
  /** xp the level takes from its start to the next (0 at the cap) */
  span: number;
  /** into / span, 0…1 (1 at the cap) */
  fraction: number;
  /** xp still needed for the next level (0 at the cap) */
  toNext: number;
  atMax: boolean;
}

/** A level as every screen and the bot write it: 1 to MAX_LEVEL (xp keeps counting past the cap). */
export function shownLevel(level: number): number {
  return Math.min(MAX_LEVEL, Math.max(1, level));
}

/**
 * Progress within a level: a bar fills by `fraction` and its label reads `into / span`, so "21.2K / 21.9K"
 * (total xp against the next level's total, 97 %) never stands on a bar two thirds full. Levels show capped
 * at 99 (spec §5).
 */
export function levelProgress(level: number, xp: number): LevelProgress {
  const start = xpForLevel(level);
  const end = xpForLevel(level + 1);
  if (level >= MAX_LEVEL || end <= start) return { into: 0, span: 0, fraction: 1, toNext: 0, atMax: true };
  const into = Math.max(0, Math.min(end - start, xp - start));
  return {
    into,
    span: end - start,
    fraction: into / (end - start),
    toNext: Math.max(0, Math.ceil(end - xp)),
    atMax: false,
  };
}

/** One skill across a gain of xp: the level its xp before gave and the level it holds now, as shown. */
export interface LevelsGained {
  skill: string;
  xp: number;
  from: number;
  to: number;
}

/**
 * Each skill that gained xp (`gained`: an offline summary's gainedXp) and the levels it went between, read
 * from its state now (`skills`; a skill without one is left out): the welcome-back modal shows every line,
 * the bot's DM those whose level rose.
 */
export function levelsGained(
  gained: Readonly<Record<string, number>>,
  skills: Readonly<Record<string, { xp: number; level: number } | undefined>>,
): LevelsGained[] {
  const out: LevelsGained[] = [];
  for (const [skill, xp] of Object.entries(gained)) {
    const now = skills[skill];
    if (!(xp > 0) || !now) continue;
    out.push({
      skill,
      xp,
      from: shownLevel(levelForXp(Math.max(0, now.xp - xp))),
      to: shownLevel(now.level),
    });
  }
  return out;
}
