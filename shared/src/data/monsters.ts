import type { Affliction, Monster } from "./schemas.ts";

/** chosen: monster ids 1–10 in tier order (spec §9 lists the rows without ids; 7–10 are the world past 40). */
export const MONSTER_ID = {
  aphid: 1,
  black_ant: 2,
  dung_fly: 3,
  ladybug: 4,
  beetle: 5,
  mosquito: 6,
  wasp: 7,
  stag_beetle: 8,
  mantis: 9,
  hornet: 10,
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
  attackSpeed = ATTACK_SPEED_MS,
  affliction?: Affliction,
): Monster {
  return {
    ...(affliction ? { affliction } : {}),
    id: MONSTER_ID[key],
    name,
    level,
    hp,
    maxHp: hp,
    attack,
    attackSpeed,
    time: MONSTER_TIME_MS,
    hitXp,
    type,
  };
}

// chosen (docs/combat-balance.md "Afflictions"): each insect past level 40 has its own affliction, halved by a
// helmet of its tier (the `ward` stat, items.ts)
// chosen: the wasp's venom, 30 health a second for 5 s: about what its stings take through the tier-7 barrier
const WASP_VENOM: Affliction = { kind: "poison", power: 30, durationMs: 5000, tier: 7 };
// chosen: the stag beetle's crush, swings 30 % weaker for 6 s: two of its 3 s bites, so one that lands keeps it up
const BEETLE_CRUSH: Affliction = { kind: "weaken", power: 30, durationMs: 6000, tier: 8 };
// chosen: the mantis's grip, swings 30 % slower for 6 s (three of its bites)
const MANTIS_GRIP: Affliction = { kind: "slow", power: 30, durationMs: 6000, tier: 9 };
// chosen: the hornet's sting stuns, the next swing waits 1000 ms (once per swing): a third of a mage's swing
const HORNET_STING: Affliction = { kind: "stun", power: 1000, durationMs: 0, tier: 10 };

/** Monster id → monster (spec §9). */
export const MONSTERS: Readonly<Record<number, Monster>> = {
  1: monster("aphid", "Aphid", 1, 100, 5, "magic", 1),
  2: monster("black_ant", "Black Ant", 5, 300, 10, "melee", 2),
  3: monster("dung_fly", "Dung Fly", 10, 500, 15, "ranged", 5),
  4: monster("ladybug", "Ladybug", 20, 800, 25, "magic", 8),
  5: monster("beetle", "Beetle", 30, 1200, 40, "melee", 10),
  6: monster("mosquito", "Mosquito", 40, 1700, 70, "ranged", 12),
  // chosen (docs/combat-balance.md "Past level 40"): each new insect at its tier's level, its health and bite
  // tuned so the previous tier's full set loses (more deaths than kills) and the tier's own set, whose
  // offhand carries the tier's spell, wins; the types go on round the seed's cycle (magic, melee, ranged)
  // and the attack speeds differ: the wasp stings fast, the stag beetle hits slow and hard
  7: monster("wasp", "Wasp", 50, 6000, 550, "magic", 15, 1500, WASP_VENOM),
  8: monster("stag_beetle", "Stag Beetle", 62, 14000, 2300, "melee", 18, 3000, BEETLE_CRUSH),
  9: monster("mantis", "Praying Mantis", 75, 30000, 1800, "ranged", 22, ATTACK_SPEED_MS, MANTIS_GRIP),
  10: monster("hornet", "Hornet", 88, 80000, 1500, "magic", 26, 1500, HORNET_STING),
};
