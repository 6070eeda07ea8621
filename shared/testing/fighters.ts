import { gearItemId, SEED_TIERS, TIER_LEVELS } from "../src/data/itemIds.ts";
import { ITEMS } from "../src/data/items.ts";
import { LOCATION_IDS_BY_SKILL } from "../src/data/locations.ts";
import type { Character, EquipmentSlot } from "../src/data/skills.ts";
import { EQUIPMENT_SLOTS } from "../src/data/skills.ts";
import type { Player } from "../src/protocol/player.ts";
import { combatStats, combatStyle } from "../src/rules/simulation/combat/combatStats.ts";
import { rollAffixes } from "../src/rules/simulation/combat/rollAffixes.ts";
import { newPlayer } from "../src/rules/state/newPlayer.ts";
import { Rng } from "../src/rules/state/rng.ts";
import { xpForLevel } from "../src/rules/state/xpForLevel.ts";

/**
 * Made-up fighters for tests, the balance table and the bench (not exported from the package):
 * a fresh level-1 seed, or a class at a level wearing a full set of crafted gear of a tier
 * with affixes rolled at crafting tier 3.
 */
export interface FighterOptions {
  location: string;
  level?: number;
  character?: Character;
  /** gear tier 1–6 of the class, none when omitted */
  gearTier?: number;
  seed?: number;
  now?: number;
  intellect?: boolean;
}

export function fighter(o: FighterOptions): Player {
  const now = o.now ?? 0;
  const p = newPlayer({ discordId: "fighter", username: "Fighter", now, seed: o.seed ?? 1 });
  const character = o.character ?? "seed";
  const style = combatStyle({ activeCharacter: character });
  p.activeCharacter = character;
  p.featureFlags.combat = true;
  p.featureFlags[style] = true;
  p.featureFlags.intellect = o.intellect ?? false;
  const level = o.level ?? 1;
  for (const skill of [style, "health", "intellect"] as const) {
    p.skills[skill] = { level, xp: xpForLevel(level) };
  }
  if (o.gearTier !== undefined) {
    p.featureFlags["crafting:tier:1"] = true;
    p.featureFlags["crafting:tier:2"] = true;
    p.featureFlags["crafting:tier:3"] = true;
    const rng = Rng.seed((o.seed ?? 1) ^ 0x5eed);
    for (const slot of EQUIPMENT_SLOTS) {
      const item = ITEMS[gearItemId(style, o.gearTier, slot)]!;
      const affixes = rollAffixes(item, p, rng);
      p.equipmentSlots[style][slot] =
        affixes.length > 0 ? { id: item.id, stack: 1, affixes } : { id: item.id, stack: 1 };
    }
  }
  refill(p);
  p.currentAction = {
    skill: "combat",
    location: o.location,
    lastUpdate: now,
    nodeId: null,
    nodeHp: 0,
    nodeMaxHp: 0,
    nextHitAt: null,
  };
  return p;
}

/** The balance table's two fighters: a fresh level-1 player, and a level-40 warrior in rolled tier-6 gear. */
export function freshFighter(location: string, seed = 1): Player {
  return fighter({ location, seed });
}

export function gearedFighter(location: string, seed = 1, character: Character = "warrior"): Player {
  return fighter({ location, seed, level: 40, character, gearTier: 6, intellect: true });
}

/**
 * The tutorial's newcomer (shared/src/rules/intents/tutorial.ts): level 1 everywhere, the warrior chosen at the
 * "combat-style" step, and the one tier-1 piece crafted at "equip-one" worn (the head, the first recipe of the
 * list, when not said), no affixes, no lab bonus.
 */
export function tutorialNewcomer(
  location: string,
  seed = 1,
  slot: EquipmentSlot = "head",
  character: Character = "warrior",
): Player {
  const p = fighter({ location, seed, character });
  const style = combatStyle({ activeCharacter: character });
  p.featureFlags["crafting:tier:1"] = true;
  p.equipmentSlots[style][slot] = { id: gearItemId(style, 1, slot), stack: 1 };
  return refill(p);
}

/**
 * A player who just reached an area's required level in every combat skill, in a full set of that tier (or of
 * `gearTier`). Past level 40 it casts spells (the intellect unlock): the new areas' cards ask for them.
 */
export function areaFighter(
  location: string,
  seed = 1,
  character: Character = "warrior",
  gearTier = LOCATION_IDS_BY_SKILL.combat.indexOf(location) + 1,
): Player {
  const tier = LOCATION_IDS_BY_SKILL.combat.indexOf(location) + 1;
  const intellect = tier > SEED_TIERS;
  return fighter({ location, seed, character, level: TIER_LEVELS[tier - 1]!, gearTier, intellect });
}

/** Full health and mana for the player's gear. */
function refill(p: Player): Player {
  const s = combatStats(p);
  p.maxHealth = s.maxHealth;
  p.health = s.maxHealth;
  p.maxMana = s.maxMana;
  p.mana = s.maxMana;
  return p;
}

/** An item id outside the catalogue: equipment stats count its affixes only (tests set exact stats this way). */
export const TEST_TRINKET_ID = 39_999;

/** Wears a trinket in the offhand of the fighter's class carrying exactly `stats` (as one rolled affix). */
export function withStats(p: Player, stats: Record<string, number>): Player {
  const style = combatStyle(p);
  p.equipmentSlots[style].offhand = {
    id: TEST_TRINKET_ID,
    stack: 1,
    affixes: [{ id: "test", tier: 1, stats }],
  };
  return refill(p);
}
