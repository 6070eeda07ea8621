import type { Spell } from "./schemas.ts";
import type { CombatStyle } from "./skills.ts";

/**
 * The frontier spells of the tier 7–10 offhands (items.ts), one per class and tier: the "right spell" of each
 * area past level 40 (docs/combat-balance.md "Past level 40"). Each class's damage type counters one of the
 * new insects' types (the warrior's the wasp and the hornet, the mage's the mantis, the archer's the stag beetle).
 */
export const FRONTIER_SPELLS = {
  7: { melee: "thorn_sweep", magic: "spore_burst", ranged: "piercing_shot" },
  8: { melee: "bramble_lash", magic: "mould_bloom", ranged: "seed_volley" },
  9: { melee: "briar_storm", magic: "spore_cloud", ranged: "hornet_shot" },
  10: { melee: "thornquake", magic: "mycelium_surge", ranged: "thistle_rain" },
} as const;
type FrontierSpellId = (typeof FRONTIER_SPELLS)[keyof typeof FRONTIER_SPELLS][CombatStyle];

export const SPELL_IDS = [
  "minor_heal",
  "whirlwind",
  "long_shot",
  ...Object.values(FRONTIER_SPELLS).flatMap((byClass) => Object.values(byClass)),
] as [SeedSpellId, ...(SeedSpellId | FrontierSpellId)[]];
type SeedSpellId = "minor_heal" | "whirlwind" | "long_shot";
export type SpellId = SeedSpellId | FrontierSpellId;

const FRONTIER_NAMES: Readonly<Record<FrontierSpellId, string>> = {
  thorn_sweep: "Thorn Sweep",
  spore_burst: "Spore Burst",
  piercing_shot: "Piercing Shot",
  bramble_lash: "Bramble Lash",
  mould_bloom: "Mould Bloom",
  seed_volley: "Seed Volley",
  briar_storm: "Briar Storm",
  spore_cloud: "Spore Cloud",
  hornet_shot: "Hornet Shot",
  thornquake: "Thornquake",
  mycelium_surge: "Mycelium Surge",
  thistle_rain: "Thistle Rain",
};

// chosen: a frontier spell's value by tier, about the set's swings over its cooldown at the tier's level and
// rising steeply, so the previous tier's spell falls short at the next area; the warrior's hits two insects,
// the others one; their mana is paid back by the offhand's mana_regen (items.ts)
const FRONTIER_VALUE: Readonly<Record<keyof typeof FRONTIER_SPELLS, number>> = {
  7: 2000,
  8: 5000,
  9: 12000,
  10: 28000,
};
const FRONTIER_SHAPE: Readonly<
  Record<CombatStyle, Pick<Spell, "type" | "manaCost" | "targets" | "cooldownMs"> & { share: number }>
> = {
  melee: { type: "melee_dmg", manaCost: 16, targets: 2, cooldownMs: 8000, share: 1 },
  magic: { type: "magic_dmg", manaCost: 12, targets: 1, cooldownMs: 6000, share: 0.8 },
  ranged: { type: "ranged_dmg", manaCost: 12, targets: 1, cooldownMs: 6000, share: 1 },
};

function frontierSpells(): Record<FrontierSpellId, Spell> {
  const out: Partial<Record<FrontierSpellId, Spell>> = {};
  for (const [tier, byClass] of Object.entries(FRONTIER_SPELLS)) {
    for (const [clazz, id] of Object.entries(byClass) as [CombatStyle, FrontierSpellId][]) {
      const { share, type, manaCost, targets, cooldownMs } = FRONTIER_SHAPE[clazz];
      const value = Math.round(FRONTIER_VALUE[Number(tier) as keyof typeof FRONTIER_SPELLS] * share);
      // the keys in the order of the spells below: one object shape for every spell (the fight reads them in a hot loop)
      out[id] = { id, name: FRONTIER_NAMES[id], type, value, manaCost, chance: 0.5, targets, cooldownMs };
    }
  }
  return out as Record<FrontierSpellId, Spell>;
}

/** Spell id → spell (spec §9, and the frontier spells past level 40). */
export const SPELLS: Readonly<Record<SpellId, Spell>> = {
  ...frontierSpells(),
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
