import type { Player } from "../protocol/player.ts";

/** Every skill's level summed: what the gold prices that rise with the player's income are counted in. */
export function totalLevel(player: Pick<Player, "skills">): number {
  return Object.values(player.skills).reduce((n, s) => n + s.level, 0);
}
