import {
  type GroupPlayer,
  type GroupUpdate,
  hashSeed,
  newRoomState,
  type RoomState,
} from "@pickle-garden/shared";
import { RoomNotices } from "../chat/partyNotices.ts";

/** A live room of this node (RoomService): its shared world, its members and its group feed. */
export interface Room {
  state: RoomState;
  /** member ids in joining order */
  members: string[];
  createdAt: number;
  groupTimer: ReturnType<typeof setTimeout> | null;
  groupDirty: boolean;
  /** per member, the group list its client holds: its next groupUpdate is the change from it */
  held: Map<string, GroupPlayer[]>;
  /** the party quest as the last groupUpdate left it */
  quest: GroupUpdate["quest"];
  notices: RoomNotices;
}

/** The queue (and scheduler key) of a room: every member's command runs in it. */
export const roomKey = (roomId: string) => `room:${roomId}`;

export function newRoom(roomId: string, now: number): Room {
  return {
    state: newRoomState(roomId, hashSeed(`${roomId}:${now}`), now),
    members: [],
    createdAt: now,
    groupTimer: null,
    groupDirty: false,
    held: new Map(),
    quest: null,
    notices: new RoomNotices(),
  };
}
