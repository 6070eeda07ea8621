import type { Player } from "@pickle-garden/shared";

/**
 * The storage port, in the game's words. Adapters: SqliteStore (embedded default) and MongoStore.
 * Every document carries a version; a save names the version it read and fails on a mismatch, so two
 * tabs or two nodes never overwrite each other's progress.
 */

export interface Versioned<T> {
  doc: T;
  version: number;
}

export class VersionConflictError extends Error {
  constructor(readonly key: string) {
    super(`version conflict on ${key}`);
    this.name = "VersionConflictError";
  }
}

/** createPlayer (or archivePlayer's target) names an id that is already taken. */
export class DuplicatePlayerError extends Error {
  constructor(readonly key: string) {
    super(`a player already exists under ${key}`);
    this.name = "DuplicatePlayerError";
  }
}

/** archivePlayer names a player that does not exist. */
export class PlayerNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`no player under ${key}`);
    this.name = "PlayerNotFoundError";
  }
}

/** Server-side bookkeeping kept beside a player document (never sent as-is to a client). */
export interface PlayerMeta {
  /** when the player last had no live connection (the key of the pending offline summary), or null */
  awaySince: number | null;
  /** the summary of gains accumulated since awaySince, in the shape of GET /api/user/sync-offline */
  pendingOffline: unknown | null;
  /** the last delivered summary and its away time, answered again to a repeated sync */
  lastDelivered: { awaySince: number; summary: unknown } | null;
  archived: boolean;
}

export interface StoredPlayer {
  player: Player;
  meta: PlayerMeta;
}

export interface Panel {
  _id: string;
  version: number;
  type: "message" | "poll";
  title: string;
  body: string;
  dismissible: boolean;
  options: { id: string; label: string }[];
  active: boolean;
  createdAt: number;
}

export interface ChatMessage {
  username: string;
  text: string;
  type: "global" | "party" | "logs";
  timestamp: number;
  roomId?: string;
}

export interface Store {
  /** The player stored under this id (live, or archived under its archive id), migrated to the current schema. */
  loadPlayer(discordId: string): Promise<Versioned<StoredPlayer> | null>;
  /** Inserts a new player under player.discordId; throws DuplicatePlayerError if the id exists. Returns version 1. */
  createPlayer(doc: StoredPlayer): Promise<number>;
  /** Writes when the stored version equals expectedVersion; returns the new version or throws VersionConflictError. */
  savePlayer(doc: StoredPlayer, expectedVersion: number): Promise<number>;
  /**
   * Moves a player out of the live id space (linking conflicts): the document is kept under
   * `archivedAs` with meta.archived = true, never deleted; the live id becomes free. Throws
   * PlayerNotFoundError / DuplicatePlayerError.
   */
  archivePlayer(discordId: string, archivedAs: string): Promise<void>;

  listActivePanels(): Promise<Panel[]>;
  getPanel(id: string): Promise<Panel | null>;
  savePanel(panel: Panel): Promise<void>;
  /** One vote per player per panel: false when the player already voted. */
  recordVote(panelId: string, discordId: string, optionId: string): Promise<boolean>;
  voteCounts(panelId: string): Promise<Record<string, number>>;
  /** Remembers that a player closed this version of a panel. */
  dismissPanel(panelId: string, discordId: string, version: number): Promise<void>;
  closedPanels(discordId: string): Promise<Record<string, number>>;

  /** Appends and keeps only the newest `keep` messages of the channel. */
  appendChat(channel: string, message: ChatMessage, keep: number): Promise<void>;
  /** The newest `limit` messages of the channel, oldest first. */
  recentChat(channel: string, limit: number): Promise<ChatMessage[]>;

  close(): Promise<void>;
}
