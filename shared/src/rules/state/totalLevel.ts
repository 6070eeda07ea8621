import type { Player } from "../../protocol/player.ts";

/**
 * Every skill's level summed: the total level the top bar, Home and the link choice show, and what the gold
 * prices that rise with the player's income are counted in. A stored level is 1 to 99 (levelForXp), so the
 * sum is already what a player sees, each level capped at 99 (DESIGN §4).
 */
export function totalLevel(player: Pick<Player, "skills">): number {
  return Object.values(player.skills).reduce((n, s) => n + s.level, 0);
}
