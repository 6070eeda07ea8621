import { ITEMS } from "../../../data/items.ts";
import type { CombatStyle, SkillId } from "../../../data/skills.ts";
import { CHARACTER_STYLE, EQUIPMENT_SLOTS } from "../../../data/skills.ts";
import type { Player } from "../../../protocol/player.ts";
import { equipmentStats } from "../../state/equipmentStats.ts";
import {
  BASE_ATTACK_MS,
  maxHealthFor,
  maxManaFor,
  playerAttackIntervalMs,
  speedMultiplier,
} from "./formulas.ts";

/**
 * Everything the fight needs from a player, as plain numbers: levels with gear, the active class's
 * gear stats with their rolled affixes, and the lab's combat modifiers. Computed once per advance and
 * again after a level-up.
 */
export interface CombatStats {
  style: CombatStyle;
  /** the combat skill that learns: the style's skill */
  skill: SkillId;
  styleLevel: number;
  healthLevel: number;
  intellectLevel: number;
  /** what shrinks a monster's bite (formulas.ts monsterHitDamage): the health level with gear */
  defenceLevel: number;
  maxHealth: number;
  maxMana: number;
  attackIntervalMs: number;
  /** gear flat damage plus the lab's combat:damage:+ */
  flatDamage: number;
  /** the lab's multiplicative combat damage factor (1 when none) */
  damageFactor: number;
  critChance: number;
  dodgeChance: number;
  blockChance: number;
  lifestealChance: number;
  freezeChance: number;
  stunChance: number;
  burnChance: number;
  bleedChance: number;
  rapidShotChance: number;
  barrierMax: number;
  healthRegen: number;
  manaRegen: number;
  berserkPct: number;
  dmgPerManaPct: number;
  dmgPerRangedSpeedPct: number;
  rangedSpeedPct: number;
  /** the highest insect tier whose affliction the gear halves (a helmet's `ward`: afflictions.ts) */
  ward: number;
  /** spells carried by the equipped gear, cast by the fight on their chance when ready */
  gearSpells: string[];
}

// chosen: the spec names a rapid_shot popup but no stat; a ranged swing looses a second arrow 5 % of the time
export const RAPID_SHOT_CHANCE = 0.05;

/** The fighting style: archer → ranged, mage → magic, warrior → melee; chosen: the seed fights melee (with the melee loadout). */
export function combatStyle(player: Pick<Player, "activeCharacter">): CombatStyle {
  return CHARACTER_STYLE[player.activeCharacter] ?? "melee";
}

function gearSpellsOf(player: Pick<Player, "equipmentSlots">, style: CombatStyle): string[] {
  const spells: string[] = [];
  const slots = player.equipmentSlots[style];
  for (const slot of EQUIPMENT_SLOTS) {
    const entry = slots[slot];
    const spell = entry && entry.id >= 0 ? ITEMS[entry.id]?.spell : null;
    if (spell && !spells.includes(spell)) spells.push(spell);
  }
  return spells;
}

const pct = (v: number | undefined) => Math.max(0, Math.min(100, v ?? 0)) / 100;

export function combatStats(
  player: Pick<Player, "activeCharacter" | "equipmentSlots" | "skills" | "modifiers">,
): CombatStats {
  const style = combatStyle(player);
  const g = equipmentStats(player, style);
  const m = player.modifiers;
  const styleLevel = player.skills[style].level + (g[`${style}_lvl`] ?? 0);
  const healthLevel = player.skills.health.level + (g.health_lvl ?? 0);
  const intellectLevel = player.skills.intellect.level + (g.intellect_lvl ?? 0);
  const speedPct = g[`${style}_speed_pct`] ?? 0;
  const labSpeed = (m["combat:speed:+"] ?? 1) * (m[`${style}:speed:+`] ?? 1);
  return {
    style,
    skill: style,
    styleLevel,
    healthLevel,
    intellectLevel,
    defenceLevel: healthLevel,
    maxHealth: maxHealthFor(healthLevel, g.life_pct ?? 0),
    maxMana: maxManaFor(intellectLevel, g.mana_pct ?? 0),
    attackIntervalMs: playerAttackIntervalMs(BASE_ATTACK_MS[style], speedMultiplier(speedPct, labSpeed)),
    flatDamage: (g[`${style}_damage`] ?? 0) + (m["combat:damage:+"] ?? 0) + (m[`${style}:damage:+`] ?? 0),
    damageFactor: m["combat:damage:x"] ?? 1,
    critChance: pct(g.crit_chance_pct),
    dodgeChance: pct(g.dodge_chance_pct),
    blockChance: pct(g.block_chance_pct),
    lifestealChance: pct(g.lifesteal_chance_pct),
    freezeChance: pct(g.freeze_chance_pct),
    stunChance: pct(g.stun_chance_pct),
    burnChance: pct(g.burn_chance_pct),
    bleedChance: pct(g.bleed_chance_pct),
    rapidShotChance: style === "ranged" ? RAPID_SHOT_CHANCE : 0,
    barrierMax: Math.max(0, g.barrier ?? 0),
    healthRegen: Math.max(0, g.health_regen ?? 0),
    manaRegen: Math.max(0, g.mana_regen ?? 0),
    berserkPct: Math.max(0, g.berserk_damage_pct ?? 0),
    dmgPerManaPct: Math.max(0, g.dmg_per_mana_pct ?? 0),
    dmgPerRangedSpeedPct: Math.max(0, g.dmg_per_rangedSpeed_pct ?? 0),
    rangedSpeedPct: Math.max(0, g.ranged_speed_pct ?? 0),
    ward: Math.max(0, g.ward ?? 0),
    gearSpells: gearSpellsOf(player, style),
  };
}
