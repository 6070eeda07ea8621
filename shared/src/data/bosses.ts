import { bossDropItemId, combatDropItemId, TIER_LEVELS } from "./itemIds.ts";
import { LOCATION_IDS_BY_SKILL } from "./locations.ts";

/**
 * Party bosses (docs/combat-balance.md "Party bosses"): one per tier past 40, fought by a room's party at
 * the tier's combat area. A boss is not a monster of the area's spawns: it is challenged, fought in
 * rounds by the party, and drops its own trophy, which the tier's weapons need.
 */
export interface Boss {
  id: string;
  name: string;
  tier: number;
  /** the level every member's combat level must reach (the tier's) */
  level: number;
  /** the combat area it is fought at */
  location: string;
  maxHp: number;
  /** every round, a bite on every living member */
  sweep: number;
  /** every round, a heavy blow on the guard (or, with no guard standing, on a member drawn) */
  strike: number;
  /** the trophy it drops, and the tier's insect drop that comes with it */
  trophy: number;
  drop: number;
}

/** chosen: a round every 2 s, the spec's monster attack time */
export const BOSS_ROUND_MS = 2000;
/** chosen: 3 minutes to the enrage, long enough to watch, short enough to try again */
export const BOSS_ENRAGE_MS = 180_000;
/** chosen: enraged, a boss hits ten times as hard: a party still standing falls within a few rounds */
export const BOSS_ENRAGE_X = 10;
/** chosen: a blow that finds no guard hits four times as hard: a party without a warrior falls, mended or not */
export const BOSS_UNGUARDED_X = 4;
/** chosen: a party has at most one fight at a time; a boss is won at most 3 times a week per player for loot */
export const BOSS_LOOTS_PER_WEEK = 3;
/** chosen: the trophy's stack is 1, 2 or 3 at 70/25/5; with it 5 of the tier's insect drop */
export const BOSS_TROPHY_STACKS = [
  { stack: 1, weight: 70 },
  { stack: 2, weight: 25 },
  { stack: 3, weight: 5 },
] as const;
export const BOSS_INSECT_DROPS = 5;

/**
 * chosen numbers (docs/combat-balance.md "Party bosses"), for members at the tier's level in the tier's set:
 * health about 1.8 times what the tier's best striker (an archer) deals alone before the enrage; a sweep of
 * about 1 % of a member's health a round after armour, a strike of about 5 % on the guard, which the mender's
 * 5 % heal nearly covers: a guard, a mender and a striker win in about 160 s, any two of them or a party
 * missing a guard or a mender fall or meet the enrage.
 */
const BOSS_ROWS = [
  { id: "wasp_queen", name: "Wasp Queen", tier: 7, maxHp: 38_000, sweep: 90, strike: 430 },
  { id: "stag_king", name: "Stag King", tier: 8, maxHp: 45_000, sweep: 100, strike: 490 },
  { id: "mantis_empress", name: "Mantis Empress", tier: 9, maxHp: 52_000, sweep: 110, strike: 550 },
  { id: "hornet_tyrant", name: "Hornet Tyrant", tier: 10, maxHp: 60_000, sweep: 125, strike: 620 },
] as const;

export const BOSSES: Readonly<Record<string, Boss>> = Object.fromEntries(
  BOSS_ROWS.map((b) => [
    b.id,
    {
      ...b,
      level: TIER_LEVELS[b.tier - 1]!,
      location: LOCATION_IDS_BY_SKILL.combat[b.tier - 1]!,
      trophy: bossDropItemId(b.tier),
      drop: combatDropItemId(b.tier),
    },
  ]),
);
export const BOSS_IDS = BOSS_ROWS.map((b) => b.id);

/** The boss fought at a combat area (one per tier past 40), if any. */
export function bossAt(location: string | null): Boss | undefined {
  return Object.values(BOSSES).find((b) => b.location === location);
}
