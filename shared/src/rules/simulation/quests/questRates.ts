import { DROP_TABLES } from "../../../data/dropTables.ts";
import { GATHER_NODES, gatherNodeId } from "../../../data/gatherNodes.ts";
import { LOCATIONS } from "../../../data/locations.ts";
import { MONSTERS } from "../../../data/monsters.ts";
import type { Location, Recipe } from "../../../data/schemas.ts";
import type { GatherSkill } from "../../../data/skills.ts";
import type { Player } from "../../../protocol/player.ts";
import { areaLevel, hasActionFlag } from "../../intents/setAction.ts";
import { combatStats } from "../combat/combatStats.ts";
import { styleDamage } from "../combat/formulas.ts";
import { actionTimeMs, gatherDamage } from "../gatherDamage.ts";

/**
 * What a player can do now and how fast (the expected rate, no draw): quests are drawn from these and
 * sized by them. Rough by design (no crits, gear procs or respawn waits): a quest asks for "about" an hour.
 */

const HOUR = 3_600_000;

/** The highest location of a skill the player has the level for (null: skill locked). */
export function bestLocation(player: Player, skill: GatherSkill | "combat"): Location | null {
  if (!hasActionFlag(player, skill)) return null;
  const level = areaLevel(player, skill);
  let best: Location | null = null;
  for (const loc of LOCATIONS) if (loc.skill === skill && loc.requiredLevel <= level) best = loc;
  return best;
}

/** Mean units one drop of a table gives. */
function meanStack(table: readonly { weight: number; stack: number }[]): number {
  const total = table.reduce((a, e) => a + e.weight, 0);
  return table.reduce((a, e) => a + e.weight * e.stack, 0) / total;
}

/** Nodes broken an hour at a location's own node (the one it spawns most). */
export function nodesPerHour(player: Player, skill: GatherSkill, location: Location): number {
  const node = GATHER_NODES[gatherNodeId(skill, location.tier)]!;
  const hits = Math.ceil(node.maxHp / gatherDamage(player, skill));
  return HOUR / (actionTimeMs(player, skill) * hits);
}

/** Resources an hour at a location's own node. */
export function gatherPerHour(player: Player, skill: GatherSkill, location: Location): number {
  const table = DROP_TABLES[skill][gatherNodeId(skill, location.tier)]!;
  return nodesPerHour(player, skill, location) * meanStack(table);
}

/** The xp one gathered resource gives at that location (break xp per unit of stack). */
export function gatherXpPerUnit(skill: GatherSkill, location: Location): number {
  const table = DROP_TABLES[skill][gatherNodeId(skill, location.tier)]!;
  return table[0]!.breakXp / table[0]!.stack;
}

/** Swings to kill the location's monster with the active style, no crit. */
export function swingsToKill(player: Player, location: Location): number {
  const s = combatStats(player);
  const hit = Math.max(1, Math.floor((styleDamage(s.styleLevel, s.style) + s.flatDamage) * s.damageFactor));
  return Math.ceil(MONSTERS[location.tier]!.maxHp / hit);
}

/** Kills an hour of the location's monster. */
export function killsPerHour(player: Player, location: Location): number {
  return HOUR / (swingsToKill(player, location) * combatStats(player).attackIntervalMs);
}

/** Crafts an hour of a recipe in every unlocked slot of its skill. */
export function craftsPerHour(recipe: Recipe, slots: number): number {
  return (HOUR / recipe.timeMs) * slots;
}
