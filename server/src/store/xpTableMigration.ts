/**
 * Player migration 2 → 3: the xp table of DESIGN §4 replaces the first one, and every stored player
 * keeps every level. A skill's xp moves to the same fraction of the same level: with L its level,
 * f = (xp − old(L)) / (old(L+1) − old(L)) in [0, 1), the new xp is ⌊new(L) + f·(new(L+1) − new(L))⌋.
 * Xp at or past level 100 is kept as it is (both tables put 100 at 10,000,000). Frozen: both tables
 * are written out here, never read from the live data (docs/progression.md, "Migrating stored players").
 */

type Doc = Record<string, unknown>;

/** The first table: 100·(L−1)^1.5 floored up to 89, then a straight line from 5 M at 90 to 10 M at 100. */
function oldTotal(level: number): number {
  if (level <= 1) return 0;
  if (level <= 89) return Math.floor(100 * (level - 1) ** 1.5);
  return 5_000_000 + (level - 90) * 500_000;
}

/** DESIGN §4's table, levels 1 to 100, as it stood when this migration shipped. */
export const XP_TABLE_V2 = [
  0, 100, 226, 385, 585, 837, 1155, 1556, 2062, 2700, 3390, 4138, 4948, 5826, 6777, 7807, 8923, 10132, 11442,
  12861, 14398, 16064, 17868, 19823, 21941, 24235, 26720, 29412, 32329, 35489, 38912, 42620, 46638, 50990,
  55705, 60813, 66347, 72342, 78837, 85873, 93495, 101752, 110698, 120389, 130888, 142262, 154584, 167932,
  182393, 198059, 215031, 233417, 253335, 274913, 298290, 323615, 351050, 380772, 412971, 447853, 485642,
  526581, 570931, 618978, 671029, 727418, 788506, 854685, 926379, 1004048, 1088190, 1179345, 1278096, 1385077,
  1500974, 1626530, 1762550, 1909905, 2069541, 2242481, 2429834, 2632801, 2852683, 3090890, 3348949, 3628514,
  3931378, 4259482, 4614930, 5000000, 5403162, 5825264, 6267196, 6729890, 7214321, 7721510, 8252527, 8808490,
  9390572, 10000000,
] as const;
const newTotal = (level: number) => XP_TABLE_V2[level - 1] as number;
const TOP = 100;
const SHOWN_MAX = 99;

/** The xp a skill holds under the new table, at the same level and the same fraction of it. */
export function movedXp(xp: number, storedLevel: number): number {
  if (Number.isFinite(xp) && xp >= oldTotal(TOP)) return xp;
  const held = Number.isFinite(xp) ? Math.max(0, xp) : 0;
  let level = Math.max(1, Math.min(SHOWN_MAX, Math.floor(storedLevel) || 1));
  while (level < SHOWN_MAX && oldTotal(level + 1) <= held) level++;
  // a stored level above what its xp reads (never written by the rules) keeps the level: fraction 0
  const from = oldTotal(level);
  const fraction = Math.max(0, (held - from) / (oldTotal(level + 1) - from));
  return newTotal(level) + Math.floor(fraction * (newTotal(level + 1) - newTotal(level)));
}

function skillV2(v: unknown): unknown {
  if (typeof v !== "object" || v === null) return v;
  const s = v as Doc;
  const xp = typeof s.xp === "number" ? s.xp : 0;
  const level = typeof s.level === "number" ? s.level : 1;
  const moved = movedXp(xp, level);
  let shown = 1;
  while (shown < SHOWN_MAX && newTotal(shown + 1) <= moved) shown++;
  return { ...s, xp: moved, level: shown };
}

export function playerV3(doc: Doc): Doc {
  const player = doc.player as Doc;
  const skills = (typeof player.skills === "object" && player.skills !== null ? player.skills : {}) as Doc;
  return {
    ...doc,
    player: {
      ...player,
      schemaVersion: 3,
      skills: Object.fromEntries(Object.entries(skills).map(([id, s]) => [id, skillV2(s)])),
    },
  };
}
