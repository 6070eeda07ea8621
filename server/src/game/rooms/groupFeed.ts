import { type GroupPlayer, type GroupUpdate, groupChange } from "@pickle-garden/shared";
import type { GameService } from "../GameService.ts";
import type { GameTransport } from "../GameServiceDeps.ts";
import { groupPlayer } from "../groupPlayer.ts";
import type { Room } from "./Room.ts";
import { livesOf } from "./settleRoom.ts";

/** What a room's group feed reads: the members' documents, the sockets, its period. */
export interface GroupFeed {
  readonly game: GameService;
  readonly transport: GameTransport | null;
  /** groupUpdate at most this often per room */
  readonly groupUpdateMs: number;
  /** false once the room has left the registry: nothing more is sent for it */
  isOpen(room: Room): boolean;
}

/** groupUpdate, coalesced: at most one per room every groupUpdateMs. */
export function markGroup(feed: GroupFeed, room: Room): void {
  room.groupDirty = true;
  if (room.groupTimer) return;
  room.groupTimer = setTimeout(() => {
    room.groupTimer = null;
    if (!room.groupDirty || !feed.isOpen(room)) return;
    room.groupDirty = false;
    const now = groupOf(feed.game, room);
    const change = groupChange(room.sent.players, now.players);
    const questChanged = JSON.stringify(now.quest) !== JSON.stringify(room.sent.quest);
    room.sent = now;
    if (!change && !questChanged) return;
    const update: GroupUpdate = {
      roomId: room.state.id,
      ...(change ?? { players: [] }),
      ...(questChanged ? { quest: now.quest } : {}),
    };
    feed.transport?.emit(room.members, "groupUpdate", update);
  }, feed.groupUpdateMs);
  room.groupTimer.unref?.();
}

/** The group list, and the party quest while two or more members play. */
function groupOf(game: GameService, room: Room): { players: GroupPlayer[]; quest: GroupUpdate["quest"] } {
  return {
    players: livesOf(game, room).map((live) => groupPlayer(game.rules.view(live.stored.player))),
    quest: room.members.length >= 2 ? (room.state.quest ?? null) : null,
  };
}

/** The whole group list, as joinGroup answers it. */
export function groupUpdateOf(game: GameService, room: Room): GroupUpdate {
  const { players, quest } = groupOf(game, room);
  return { roomId: room.state.id, players, members: players.map((p) => p.discordId), quest };
}
