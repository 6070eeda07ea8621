import { MAX_LEVEL } from "../../data/skills.ts";
import { XP_TABLE, XP_TABLE_MAX_LEVEL } from "../../data/xpTable.ts";

/** Total xp needed to reach `level` (1 → 0, 2 → 100, 10 → 2700, 90 → 5,000,000, 100 → 10,000,000). */
export function xpForLevel(level: number): number {
  const l = Math.max(1, Math.min(XP_TABLE_MAX_LEVEL, Math.floor(level)));
  return XP_TABLE[l] as number;
}

/** The level total xp `xp` gives, capped at 99 (the table goes to 100, levels show at most 99). */
export function levelForXp(xp: number): number {
  let lo = 1;
  let hi = MAX_LEVEL;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((XP_TABLE[mid] as number) <= xp) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
