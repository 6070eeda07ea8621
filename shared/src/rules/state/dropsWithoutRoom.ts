import { DROP_TABLES } from "../../data/dropTables.ts";
import type { LocationSkill } from "../../data/locations.ts";
import { locationFor } from "../../data/locations.ts";
import type { Player } from "../../protocol/player.ts";
import { roomFor } from "./addItems.ts";

/**
 * The items a location can drop (its usual nodes or monsters, lucky ones aside) that the inventory has no
 * room for: while the player works there, these gains are lost. Empty when everything still fits.
 */
export function dropsWithoutRoom(
  player: Pick<Player, "inventory" | "inv_size" | "modifiers">,
  skill: LocationSkill,
  location: string,
): number[] {
  const loc = locationFor(skill, location);
  if (!loc) return [];
  const items = new Set<number>();
  for (const spawn of loc.spawns) {
    if (spawn.lucky || spawn.weight <= 0) continue;
    for (const drop of DROP_TABLES[skill][spawn.id] ?? []) items.add(drop.itemId);
  }
  return [...items].filter((id) => roomFor(player, id) === 0);
}
