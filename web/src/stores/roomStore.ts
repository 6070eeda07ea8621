import type { GroupPlayer } from "@pickle-garden/shared";
import { create } from "zustand";

/** The room this player is in (spec §4 Room), as the top bar and group list show it. */
export interface RoomState {
  roomId: string | null;
  players: GroupPlayer[];
}

export const ROOM_KEY = "pg.roomId";

function storedRoom(): string | null {
  try {
    return window.localStorage.getItem(ROOM_KEY);
  } catch {
    return null;
  }
}

export const useRoomStore = create<RoomState>()(() => ({ roomId: storedRoom(), players: [] }));
export const roomStore = useRoomStore;

export function setRoom(roomId: string | null): void {
  try {
    if (roomId) window.localStorage.setItem(ROOM_KEY, roomId);
    else window.localStorage.removeItem(ROOM_KEY);
  } catch {
    /* ignore */
  }
  useRoomStore.setState({ roomId, players: roomId ? useRoomStore.getState().players : [] });
}

/** groupUpdate replaces the member list, merging each member's previous data (spec §4). */
export function applyGroupUpdate(update: { roomId: string; players: GroupPlayer[] }): void {
  const { roomId, players: prev } = useRoomStore.getState();
  if (roomId !== null && update.roomId !== roomId) return;
  const byId = new Map(prev.map((p) => [p.discordId, p]));
  const players = update.players.map((p) => ({ ...byId.get(p.discordId), ...p }));
  useRoomStore.setState({ roomId: update.roomId, players });
}

export const useRoomId = () => useRoomStore((s) => s.roomId);
export const useRoomPlayerCount = () => useRoomStore((s) => s.players.length);
