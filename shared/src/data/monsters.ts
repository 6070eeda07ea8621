import type { Monster } from "./schemas.ts";

/** chosen: monster ids 1–6 in tier order (spec §9 lists the rows without ids). */
export const MONSTER_ID = {
  aphid: 1,
  black_ant: 2,
  dung_fly: 3,
  ladybug: 4,
  beetle: 5,
  mosquito: 6,
} as const;
export type MonsterKey = keyof typeof MONSTER_ID;

const ATTACK_SPEED_MS = 2000;
/** Spec §9: monster attack time 10 s by default. */
const MONSTER_TIME_MS = 10000;

function monster(
  key: MonsterKey,
  name: string,
  level: number,
  hp: number,
  attack: number,
  type: Monster["type"],
  hitXp: number,
): Monster {
  return {
    id: MONSTER_ID[key],
    name,
    level,
    hp,
    maxHp: hp,
    attack,
    attackSpeed: ATTACK_SPEED_MS,
    time: MONSTER_TIME_MS,
    hitXp,
    type,
  };
}

/** Monster id → monster (spec §9). */
export const MONSTERS: Readonly<Record<number, Monster>> = {
  1: monster("aphid", "Aphid", 1, 100, 5, "magic", 1),
  2: monster("black_ant", "Black Ant", 5, 300, 10, "melee", 2),
  3: monster("dung_fly", "Dung Fly", 10, 500, 15, "ranged", 5),
  4: monster("ladybug", "Ladybug", 20, 800, 25, "magic", 8),
  5: monster("beetle", "Beetle", 30, 1200, 40, "melee", 10),
  6: monster("mosquito", "Mosquito", 40, 1700, 70, "ranged", 12),
};
