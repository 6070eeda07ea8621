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
  /** several nodes: the fencing token of this node's lease on the room, written with its state */
  fence: number;
  /** the state as last written to the store (several nodes): the room is written behind while `state` differs */
  saved: RoomState | null;
  /** member ids in joining order */
  members: string[];
  createdAt: number;
  groupTimer: ReturnType<typeof setTimeout> | null;
  groupDirty: boolean;
  /** per member, the group list its client holds: its next groupUpdate is the change from it */
  held: Map<string, GroupPlayer[]>;
  /** the party quest as the last groupUpdate left it */
  quest: GroupUpdate["quest"];
  /** the boss fight as the last groupUpdate left it */
  boss: GroupUpdate["boss"];
  notices: RoomNotices;
}

/** The queue (and scheduler key) of a room: every member's command runs in it. */
export const roomKey = (roomId: string) => `room:${roomId}`;

/** A room opened on this node: a new world, or the one its previous owner saved (`stored`). */
export function newRoom(roomId: string, now: number, stored?: RoomState): Room {
  return {
    state: stored ?? newRoomState(roomId, hashSeed(`${roomId}:${now}`), now),
    fence: 0,
    saved: null,
    members: [],
    createdAt: now,
    groupTimer: null,
    groupDirty: false,
    held: new Map(),
    quest: null,
    boss: null,
    notices: new RoomNotices(),
  };
}
