import {
  DEFAULT_ACTION_MS,
  GATHER_DAMAGE_BASE,
  GATHER_DAMAGE_PER_LEVEL,
  MIN_ACTION_MS,
  MIN_DAMAGE,
} from "../../data/constants.ts";
import type { GatherSkill } from "../../data/skills.ts";
import type { Player } from "../../protocol/player.ts";
import { activeGearStats } from "../state/equipmentStats.ts";

type GatherPlayer = Pick<Player, "skills" | "modifiers" | "equipmentSlots" | "activeCharacter">;

/** Damage per hit at a given level: 2 + 1.5 × level + gear `{skill}_damage` + lab `{skill}:damage:+`, at least 1. */
export function gatherDamageAt(
  player: GatherPlayer,
  skill: GatherSkill,
  level: number,
  gear = activeGearStats(player),
): number {
  const d =
    GATHER_DAMAGE_BASE +
    GATHER_DAMAGE_PER_LEVEL * level +
    (gear[`${skill}_damage`] ?? 0) +
    (player.modifiers[`${skill}:damage:+`] ?? 0);
  return Math.max(MIN_DAMAGE, d);
}

/** The player's damage per gather hit (spec §9). */
export function gatherDamage(player: GatherPlayer, skill: GatherSkill): number {
  return gatherDamageAt(player, skill, player.skills[skill].level);
}

/**
 * Time of one gather action in whole ms: 3000 divided by the lab's speed factor (`{skill}:speed:+`, the
 * nodes' 1.01 and 1.02 multiplied per level) and by the gear's `{skill}_speed_pct`, at least 100 ms.
 * chosen: rounded to whole ms so hit times are exact integers and split advances agree exactly.
 */
export function actionTimeMs(
  player: Omit<GatherPlayer, "skills">,
  skill: GatherSkill,
  gear = activeGearStats(player),
): number {
  const lab = player.modifiers[`${skill}:speed:+`] ?? 1;
  const factor = (lab > 0 ? lab : 1) * Math.max(0.01, 1 + (gear[`${skill}_speed_pct`] ?? 0) / 100);
  return Math.max(MIN_ACTION_MS, Math.round(DEFAULT_ACTION_MS / factor));
}
