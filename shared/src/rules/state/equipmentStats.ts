import { ITEMS } from "../../data/items.ts";
import type { CombatStyle } from "../../data/skills.ts";
import { CHARACTER_STYLE } from "../../data/skills.ts";
import type { Player } from "../../protocol/player.ts";

/** Stat bonuses of a class's loadout: every equipped piece's item stats plus its rolled affixes, by key. */
export function equipmentStats(
  player: Pick<Player, "equipmentSlots">,
  style: CombatStyle,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const entry of Object.values(player.equipmentSlots[style])) {
    if (!entry) continue;
    const item = ITEMS[entry.id];
    if (item) for (const [k, v] of Object.entries(item.stats)) out[k] = (out[k] ?? 0) + v;
    for (const a of entry.affixes ?? [])
      for (const [k, v] of Object.entries(a.stats)) out[k] = (out[k] ?? 0) + v;
  }
  return out;
}

// chosen: gathering counts the gear of the active character's class; the starting seed wears none
export function activeGearStats(
  player: Pick<Player, "equipmentSlots" | "activeCharacter">,
): Record<string, number> {
  const style = CHARACTER_STYLE[player.activeCharacter];
  return style ? equipmentStats(player, style) : {};
}
