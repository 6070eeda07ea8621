import type { Spell } from "./schemas.ts";

export const SPELL_IDS = ["minor_heal", "whirlwind", "long_shot"] as const;
export type SpellId = (typeof SPELL_IDS)[number];

/** Spell id → spell (spec §9). */
export const SPELLS: Readonly<Record<SpellId, Spell>> = {
  minor_heal: {
    id: "minor_heal",
    name: "Minor Heal",
    type: "heal",
    value: 150,
    manaCost: 10,
    chance: 0.5,
    targets: 1,
    cooldownMs: 1000,
  },
  whirlwind: {
    id: "whirlwind",
    name: "Whirlwind",
    type: "melee_dmg",
    value: 100,
    manaCost: 10,
    chance: 0.5,
    targets: 2,
    cooldownMs: 7000,
  },
  long_shot: {
    id: "long_shot",
    name: "Long Shot",
    type: "ranged_dmg",
    value: 200,
    manaCost: 9,
    chance: 0.5,
    targets: 1,
    cooldownMs: 5000,
  },
};
