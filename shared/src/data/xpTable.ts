/**
 * XP_TABLE[L] is the total xp needed to reach level L, for L = 1…100 (DESIGN §4);
 * index 0 repeats level 1's 0 so the table can be indexed by level directly.
 */
function totalXpFor(level: number): number {
  if (level <= 1) return 0;
  if (level <= 89) return Math.floor(100 * (level - 1) ** 1.5);
  // 5,000,000 at 90, then a straight line to 10,000,000 at 100
  return 5_000_000 + (level - 90) * 500_000;
}

export const XP_TABLE_MAX_LEVEL = 100;

export const XP_TABLE: readonly number[] = Array.from({ length: XP_TABLE_MAX_LEVEL + 1 }, (_, level) =>
  totalXpFor(level),
);
