import { emitWithAck, setInstanceRoom, useRoomStore } from "@pickle-garden/web";
import { useActivityStore } from "./activityStore.ts";

/**
 * The instance is the room (DESIGN §7): it becomes the player's room before the game starts, so the web
 * client's room sync joins it as soon as the socket is up and again after every reconnect, whatever the
 * multiplayer lab node (the token exchange granted it).
 */
export function enterInstanceRoom(roomId: string): void {
  useActivityStore.setState({ roomId });
  setInstanceRoom(roomId);
}

/**
 * A room member missing from Discord's participants may have left without a word (iOS sends no unload):
 * ask the server to check with Discord, which takes whoever left out of the room.
 */
export function reportDepartures(roomId: string): () => void {
  return useActivityStore.subscribe((state, prev) => {
    if (state.participants === prev.participants) return;
    const room = useRoomStore.getState();
    if (room.roomId !== roomId) return;
    const present = new Set(state.participants.map((p) => p.id));
    const { players } = room;
    if (players.some((m) => m.discordId !== state.selfId && !present.has(m.discordId))) {
      emitWithAck("activityParticipants", { roomId }).catch(() => undefined);
    }
  });
}
