import { GroupUpdateSchema } from "@pickle-garden/shared";
import { emitWithAck, getSocketStatus, onSocketStatus, useRoomStore } from "@pickle-garden/web";
import { useActivityStore } from "./activityStore.ts";

/**
 * The instance is the room (DESIGN §7): join `discord:<instanceId>` as soon as the socket is up, and
 * again after every reconnect, whatever the multiplayer lab node (the token exchange granted it).
 */
export function joinInstanceRoom(roomId: string): () => void {
  const join = async () => {
    try {
      const answer = GroupUpdateSchema.safeParse(await emitWithAck("joinGroup", { roomId }));
      if (!answer.success) {
        console.warn("joining the activity's room was refused", answer.error);
        return;
      }
      useRoomStore.setState({ roomId: answer.data.roomId, players: answer.data.players });
      useActivityStore.setState({ roomId: answer.data.roomId });
    } catch (error) {
      console.warn("joining the activity's room failed", error);
    }
  };
  const off = onSocketStatus((status) => {
    if (status === "connected") void join();
    else if (status === "disconnected") useActivityStore.setState({ roomId: null });
  });
  if (getSocketStatus() === "connected") void join();
  return off;
}

/**
 * A room member missing from Discord's participants may have left without a word (iOS sends no unload):
 * ask the server to check with Discord, which takes whoever left out of the room.
 */
export function reportDepartures(roomId: string): () => void {
  return useActivityStore.subscribe((state, prev) => {
    if (state.participants === prev.participants || state.roomId !== roomId) return;
    const present = new Set(state.participants.map((p) => p.id));
    const { players } = useRoomStore.getState();
    if (players.some((m) => m.discordId !== state.selfId && !present.has(m.discordId))) {
      emitWithAck("activityParticipants", { roomId }).catch(() => undefined);
    }
  });
}
