import {
  applyGroupChange,
  type BossView,
  type GroupPlayer,
  GroupPlayerSchema,
  type GroupUpdate,
  type PartyQuest,
} from "@pickle-garden/shared";
import { create } from "zustand";
import { safeLocalStorage } from "../safeStorage.ts";

/** What the room panel is doing: nothing, a join or create in flight, or a leave in flight. */
export type RoomStatus = "idle" | "joining" | "leaving";

/** The room this player is in (spec §4 Room), as the top bar, the room panel and the group list show it. */
export interface RoomState {
  roomId: string | null;
  players: GroupPlayer[];
  /** the room's party quest while two or more members play */
  quest: PartyQuest | null;
  /** the party's boss fight, live or the last one's outcome */
  boss: BossView | null;
  status: RoomStatus;
  /** the open rooms of the last getRooms answer; null until one arrives */
  rooms: string[] | null;
  roomsLoading: boolean;
  /** the last room call's failure, already in the player's language */
  error: string | null;
  /** the room just left: its late group updates are ignored */
  left: string | null;
  /**
   * The Discord activity's instance room: everyone in the voice channel who opens the activity is in it,
   * so it is neither left nor changed for another one.
   */
  instance: boolean;
}

export const ROOM_KEY = "pg.roomId";

export const initialRoomState = (): RoomState => ({
  roomId: safeLocalStorage.getItem(ROOM_KEY),
  players: [],
  quest: null,
  boss: null,
  status: "idle",
  rooms: null,
  roomsLoading: false,
  error: null,
  left: null,
  instance: false,
});

export const useRoomStore = create<RoomState>()(initialRoomState);
export const roomStore = useRoomStore;

/** Enter (or, with null, leave) a room: stored for the next load, the group list cleared on leaving. */
export function setRoom(roomId: string | null): void {
  if (roomId) safeLocalStorage.setItem(ROOM_KEY, roomId);
  else safeLocalStorage.removeItem(ROOM_KEY);
  const { roomId: was, players } = useRoomStore.getState();
  useRoomStore.setState({
    roomId,
    players: roomId && roomId === was ? players : [],
    ...(roomId && roomId === was ? {} : { quest: null, boss: null }),
    left: roomId ? null : was,
  });
}

/** The activity's instance room (`discord:<instanceId>`), this player's room for as long as the activity runs. */
export function setInstanceRoom(roomId: string): void {
  setRoom(roomId);
  useRoomStore.setState({ instance: true });
}

/** joinGroup's whole list, or a groupUpdate's change to it, applied over the members shown (spec §4). */
export function applyGroupUpdate(update: GroupUpdate): void {
  const { roomId, players: prev, left } = useRoomStore.getState();
  if (roomId !== null ? update.roomId !== roomId : update.roomId === left) return;
  useRoomStore.setState({
    roomId: update.roomId,
    // a member this page never got whole (a change that reached a reloaded page before its join answer)
    // shows once the answer brings it
    players: applyGroupChange(prev, update).filter((p) => GroupPlayerSchema.safeParse(p).success),
    // absent: unchanged since the last update
    ...(update.quest !== undefined ? { quest: update.quest } : {}),
    ...(update.boss !== undefined ? { boss: update.boss } : {}),
  });
}

/** The roomsList event and the getRooms answer (the server never lists `discord:` rooms). */
export function setRoomsList(ids: readonly string[]): void {
  const rooms = [...new Set(ids)].sort();
  useRoomStore.setState({ rooms, roomsLoading: false });
}

export const useRoomId = () => useRoomStore((s) => s.roomId);
export const useRoomPlayerCount = () => useRoomStore((s) => s.players.length);
