import type { GameEvent, Player, PlayerView } from "@pickle-garden/shared";
import type { PlayerMeta, StoredPlayer } from "../store/Store.ts";

/** A player in memory (LivePlayers) and the commands GameService runs on it. */

export interface LivePlayer {
  readonly discordId: string;
  stored: StoredPlayer;
  version: number;
  /** the fencing token every save of this copy carries (the lease's; 0 on one node) */
  fence: number;
  /** the document holds progress of the player's own (or its bookkeeping changed): written within a second */
  dirty: boolean;
  /**
   * One node: since when the document has moved on by its room alone (another member's hit on their shared place,
   * time passing) and nothing else since its last save, null when it has not: written within
   * ROOM_ALONE_SAVE_MS, or with the next save, the player's leaving or the shutdown (docs/decisions.md).
   */
  roomAloneSince: number | null;
  saving: boolean;
  /** open sockets of this player on this node (mirrors Presence) */
  sockets: number;
  /** clock time of the last command, for idle eviction */
  touchedAt: number;
  /** the latest reward granted per node or monster and not yet reported by send-item */
  rewards: Map<string, { id: number; stack: number }>;
  /** the view its sockets hold (the last snapshot with every event and patch since); null: none yet */
  published: PlayerView | null;
  /** the document `published` was last brought to (its view, or a place patch of it; publishPlayer) */
  publishedFrom: Player | null;
  /** `published` is an object nobody else holds (not sent as it is): events are written into it in place */
  publishedOwn: boolean;
}

/** What a command does to a player: maybe a new document and its events, and the answer. */
export interface Change<T> {
  player?: Player;
  events?: GameEvent[];
  meta?: PlayerMeta;
  answer: T;
}

export type Command<T> = (player: Player, now: number, live: LivePlayer) => Change<T>;
