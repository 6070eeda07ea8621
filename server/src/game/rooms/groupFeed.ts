import {
  applyGroupChange,
  bossView,
  type GroupPlayer,
  type GroupUpdate,
  groupChange,
  groupPlace,
  groupPlayer,
  heldBack,
  type Player,
  type SharedNode,
} from "@pickle-garden/shared";
import type { GameService } from "../GameService.ts";
import type { GameTransport } from "../GameServiceDeps.ts";
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

/**
 * groupUpdate, coalesced: at most one per room every groupUpdateMs, to each member the change from the list
 * its client holds (room.held), without the progress at its own place (groupChange); members holding the
 * same change get it in one message.
 */
export function markGroup(feed: GroupFeed, room: Room): void {
  room.groupDirty = true;
  if (room.groupTimer) return;
  room.groupTimer = setTimeout(() => {
    room.groupTimer = null;
    if (!room.groupDirty || !feed.isOpen(room)) return;
    room.groupDirty = false;
    const now = groupOf(feed.game, room);
    const questChanged = JSON.stringify(now.quest) !== JSON.stringify(room.quest);
    room.quest = now.quest;
    const bossChanged = JSON.stringify(now.boss) !== JSON.stringify(room.boss);
    room.boss = now.boss;
    const byChange = new Map<string, { update: GroupUpdate; to: string[] }>();
    const held = new Map<string, GroupPlayer[]>();
    for (const id of room.members) {
      const holds = room.held.get(id) ?? [];
      const own = now.players.find((p) => p.discordId === id);
      const change = groupChange(holds, now.players, own ? groupPlace(own) : null);
      held.set(id, change ? applyGroupChange(holds, change) : holds);
      if (!change && !questChanged && !bossChanged) continue;
      const update: GroupUpdate = {
        roomId: room.state.id,
        ...(change ?? { players: [] }),
        ...(questChanged ? { quest: now.quest } : {}),
        ...(bossChanged ? { boss: now.boss } : {}),
      };
      const key = JSON.stringify(update);
      const same = byChange.get(key);
      if (same) same.to.push(id);
      else byChange.set(key, { update, to: [id] });
    }
    room.held = held;
    for (const { update, to } of byChange.values()) feed.transport?.emit(to, "groupUpdate", update);
  }, feed.groupUpdateMs);
  room.groupTimer.unref?.();
}

/** The group list, the party quest while two or more members play, and the boss fight. */
function groupOf(
  game: GameService,
  room: Room,
): { players: GroupPlayer[]; quest: GroupUpdate["quest"]; boss: GroupUpdate["boss"] } {
  const held = heldBack(room.state);
  return {
    players: livesOf(game, room).map((live) => {
      const player = live.stored.player;
      const shown = atNode(held.get(player.discordId), player);
      return groupPlayer(shown, game.rules.speeds(player), !game.isOnline(player.discordId));
    }),
    quest: room.members.length >= 2 ? (room.state.quest ?? null) : null,
    boss: bossView(room.state.boss),
  };
}

/** A member's document with its node's numbers when the node holds it back (its own copy is older). */
function atNode(node: SharedNode | undefined, player: Player): Player {
  if (!node) return player;
  const { nodeId, nodeHp, nodeMaxHp } = node;
  return { ...player, currentAction: { ...player.currentAction, nodeId, nodeHp, nodeMaxHp } };
}

/**
 * The whole group list, as joinGroup answers it to `reader`. A reader new to the room holds it from now
 * on; one already in (another tab) keeps the list the feed has been sending, a few fields to resend at most.
 */
export function groupUpdateOf(game: GameService, room: Room, reader: string): GroupUpdate {
  const { players, quest, boss } = groupOf(game, room);
  if (!room.held.has(reader)) room.held.set(reader, players);
  return { roomId: room.state.id, players, members: players.map((p) => p.discordId), quest, boss };
}
