import { MAX_LEVEL } from "../data/skills.ts";
import { xpForLevel } from "./xpForLevel.ts";

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
