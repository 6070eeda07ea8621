import type { Player } from "../../../protocol/player.ts";
import { setAction } from "../../intents/setAction.ts";

/** Who may be in a room, and what leaving one by a disconnect does (DESIGN §7). */

/** A Discord activity's room, `discord:<instanceId>`: never listed, entered only with the instance's grant. */
export function isInstanceRoom(roomId: string): boolean {
  return roomId.startsWith("discord:");
}

/** A web room is hosted or joined once the multiplayer lab node is bought. */
export function multiplayerUnlocked(player: Pick<Player, "featureFlags">): boolean {
  return player.featureFlags.multiplayer === true;
}

/** A member who left by disconnecting stops fighting (no combat auto-gain in multiplayer); others carry on. */
export function afterDisconnectLeave(player: Player, now: number): Player {
  if (player.currentAction.skill !== "combat") return player;
  const rest = setAction(player, { skill: "none", location: "home" }, now);
  return rest.ok ? rest.state : player;
}
