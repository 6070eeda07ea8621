import type { LogEntry, Player, RoomState } from "@pickle-garden/shared";

/**
 * The storage port, in the game's words. Adapters: SqliteStore (embedded default) and MongoStore.
 * Every document carries a version; a save names the version it read and fails on a mismatch, so two
 * tabs or two nodes never overwrite each other's progress.
 */

export interface Versioned<T> {
  doc: T;
  version: number;
  /** the fencing token of the lease the document was last written under (0: no lease, one node) */
  fence: number;
}

export class VersionConflictError extends Error {
  constructor(readonly key: string) {
    super(`version conflict on ${key}`);
    this.name = "VersionConflictError";
  }
}

/**
 * A save carried an older fencing token than the stored document's: another node took the lease since
 * (docs/scale-out.md). The writer has lost ownership and must drop its copy.
 */
export class FencedOffError extends Error {
  constructor(readonly key: string) {
    super(`fenced off from ${key}: a newer lease wrote it`);
    this.name = "FencedOffError";
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
  /** the room the player is a member of, so a node that takes it over puts it back (docs/scale-out.md) */
  room?: string | null;
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

/** A kept chat line: a player's `text`, or a logs line's structured `log` (ChatMessageSchema). */
export interface ChatMessage {
  username: string;
  text?: string;
  type: "global" | "party" | "logs";
  timestamp: number;
  roomId?: string;
  log?: LogEntry;
}

/**
 * What the bot must deliver (DESIGN §10), one row per key: `panel:<id>` (make the panel's Discord message
 * match the panel: post, edit or close it), `summary:<discordId>:<awaySince>` (one welcome-back DM) or
 * `boss:<roomId>:<at>` (a party boss beaten, announced in the panel channel).
 * The bot claims rows with a lease and acknowledges them once sent; a lease that runs out makes the row
 * claimable again. Enqueueing a key that waits unclaimed replaces its payload; enqueueing a key that is
 * leased marks it `again`, so the acknowledgement keeps it for one more delivery under a new id.
 */
export interface OutboxItem {
  /** unique per delivery; the DM's Discord nonce (at most 25 characters) */
  id: string;
  key: string;
  kind: "panel" | "summary" | "boss";
  payload: unknown;
  createdAt: number;
  attempts: number;
}

export interface OutboxEntry {
  id: string;
  key: string;
  kind: OutboxItem["kind"];
  payload: unknown;
}

/** Where a panel was posted in Discord (recorded once, then only edited). */
export interface PanelMessage {
  channelId: string;
  messageId: string;
}

/** A linked player's Discord notifications: welcome-back DMs on or off, and the language to write them in. */
export interface NotifyPrefs {
  summaries: boolean;
  language: "en" | "fr";
}

export interface VoteCountsByAccount {
  linked: Record<string, number>;
  guests: Record<string, number>;
}

export const DEFAULT_NOTIFY_PREFS: NotifyPrefs = { summaries: true, language: "en" };

/** The players collection: versioned player documents, and archives of the ones moved aside. */
export interface PlayerStore {
  /** The player stored under this id (live, or archived under its archive id), migrated to the current schema. */
  loadPlayer(discordId: string): Promise<Versioned<StoredPlayer> | null>;
  /** Inserts a new player under player.discordId; throws DuplicatePlayerError if the id exists. Returns version 1. */
  createPlayer(doc: StoredPlayer): Promise<number>;
  /**
   * Writes when the stored version equals expectedVersion and the stored fencing token is not newer than
   * `fence`; returns the new version, or throws VersionConflictError / FencedOffError.
   */
  savePlayer(doc: StoredPlayer, expectedVersion: number, fence: number): Promise<number>;
  /**
   * Moves a player out of the live id space (linking conflicts): the document is kept under
   * `archivedAs` with meta.archived = true, never deleted; the live id becomes free. Throws
   * PlayerNotFoundError / DuplicatePlayerError.
   */
  archivePlayer(discordId: string, archivedAs: string): Promise<void>;
}

/** Panels with their votes, their dismissals and their Discord messages. */
export interface PanelStore {
  listActivePanels(): Promise<Panel[]>;
  getPanel(id: string): Promise<Panel | null>;
  savePanel(panel: Panel): Promise<void>;
  /** One vote per player per panel: false when the player already voted. */
  recordVote(panelId: string, discordId: string, optionId: string): Promise<boolean>;
  voteCounts(panelId: string): Promise<Record<string, number>>;
  /** The counts per option, apart for votes of linked (Discord) players and of guests. */
  voteCountsByAccount(panelId: string): Promise<VoteCountsByAccount>;
  /** The option this player voted for on this panel, or null. */
  voteOf(panelId: string, discordId: string): Promise<string | null>;
  getPanelMessage(panelId: string): Promise<PanelMessage | null>;
  /** Records the Discord message of a panel (a fresh post replaces the one Discord refused to edit). */
  setPanelMessage(panelId: string, message: PanelMessage): Promise<void>;
  /** Remembers that a player closed this version of a panel. */
  dismissPanel(panelId: string, discordId: string, version: number): Promise<void>;
  closedPanels(discordId: string): Promise<Record<string, number>>;
}

/** Chat channels, each kept to its newest messages. */
export interface ChatStore {
  /**
   * Appends and keeps the newest `keep` messages of the channel; older ones are removed in batches, so at
   * most `keep + CHAT_TRIM_EVERY - 1` are held per node (ChatTrims.ts).
   */
  appendChat(channel: string, message: ChatMessage, keep: number): Promise<void>;
  /** The newest `limit` messages of the channel, oldest first. */
  recentChat(channel: string, limit: number): Promise<ChatMessage[]>;
}

/** What the bot must deliver (see OutboxItem). */
export interface OutboxStore {
  /** Queues a delivery (see OutboxItem for how a key already queued behaves). */
  enqueueOutbox(entry: OutboxEntry, now: number): Promise<void>;
  /** Leases up to `limit` claimable rows (unleased or lease expired), oldest first, to `owner` until now + leaseMs. */
  claimOutbox(owner: string, now: number, leaseMs: number, limit: number): Promise<OutboxItem[]>;
  /** Done with this delivery: false when the lease was lost (another claim holds the row) or the id is unknown. */
  ackOutbox(id: string, owner: string, newId: string): Promise<boolean>;
}

export interface NotifyPrefsStore {
  getNotifyPrefs(discordId: string): Promise<NotifyPrefs>;
  setNotifyPrefs(discordId: string, prefs: NotifyPrefs): Promise<void>;
}

export interface TokenGenerationStore {
  /** The generation of this player's bearer tokens (0 until first bumped); older tokens are refused. */
  tokenGeneration(discordId: string): Promise<number>;
  /** Revokes every bearer token of the player (sign-out, linking); answers the new generation. */
  bumpTokenGeneration(discordId: string): Promise<number>;
}

/** A week's count of the garden's weekly goal (DESIGN §11). */
export interface WeeklyTotals {
  total: number;
  contributors: number;
}

/** The garden's weekly goal: every player's resources gathered, per week (weeks counted by the rules). */
export interface WeeklyGoalStore {
  /** Adds each player's units to a week (one write for many players; counted atomically by the store). */
  addWeeklyContributions(week: number, amounts: Readonly<Record<string, number>>): Promise<void>;
  weeklyTotals(week: number): Promise<WeeklyTotals>;
  /** One player's units in a week (0 when none). */
  weeklyShare(week: number, discordId: string): Promise<number>;
}

/**
 * Rooms' shared worlds (several nodes, docs/scale-out.md): the state of each open room (its generator,
 * shared nodes and monsters, party quest), written behind by the node holding its lease with the lease's
 * fencing token, so a node that takes the room over resumes the same world.
 */
export interface RoomStore {
  /** The room's state as its owner last saved it, or null (never saved, or closed). */
  loadRoom(roomId: string): Promise<{ state: RoomState; fence: number } | null>;
  /** Writes the room's state under a fencing token; FencedOffError when a newer token wrote it. */
  saveRoom(state: RoomState, fence: number): Promise<void>;
  /** The room closed (its last member left): its state goes, unless a newer token wrote it. */
  deleteRoom(roomId: string, fence: number): Promise<void>;
}

/** The whole port: one module per collection in each adapter (`sqlite/`, `mongo/`), composed by `ComposedStore`. */
export interface Store
  extends PlayerStore,
    PanelStore,
    ChatStore,
    OutboxStore,
    NotifyPrefsStore,
    TokenGenerationStore,
    WeeklyGoalStore,
    RoomStore {
  close(): Promise<void>;
}
