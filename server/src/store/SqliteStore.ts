import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { type Doc, migrate, SCHEMA_VERSIONS } from "./migrations.ts";
import {
  type ChatMessage,
  DEFAULT_NOTIFY_PREFS,
  DuplicatePlayerError,
  type NotifyPrefs,
  type OutboxEntry,
  type OutboxItem,
  type Panel,
  type PanelMessage,
  PlayerNotFoundError,
  type Store,
  type StoredPlayer,
  VersionConflictError,
  type Versioned,
  type VoteCountsByAccount,
} from "./Store.ts";

interface PendingWrite {
  write: () => unknown;
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

/**
 * The embedded default (DESIGN §5): one SQLite file in WAL mode, documents as JSON beside a version
 * column. better-sqlite3 is synchronous and fast (microseconds per statement); the port is async so
 * MongoStore fits the same contract.
 */
export class SqliteStore implements Store {
  private readonly db: Database.Database;
  private readonly stmt;
  private pending: PendingWrite[] = [];

  constructor(file: string) {
    if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma("journal_mode = WAL");
    this.db.pragma("synchronous = NORMAL");
    this.db.pragma("busy_timeout = 5000");
    this.db.pragma("foreign_keys = ON");
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS players (
        id TEXT PRIMARY KEY NOT NULL,
        version INTEGER NOT NULL,
        schema_version INTEGER NOT NULL,
        archived INTEGER NOT NULL DEFAULT 0,
        updated_at INTEGER NOT NULL,
        doc TEXT NOT NULL
      ) STRICT;
      CREATE TABLE IF NOT EXISTS panels (
        id TEXT PRIMARY KEY NOT NULL,
        schema_version INTEGER NOT NULL,
        active INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        doc TEXT NOT NULL
      ) STRICT;
      CREATE INDEX IF NOT EXISTS panels_active ON panels (active, created_at);
      CREATE TABLE IF NOT EXISTS votes (
        panel_id TEXT NOT NULL,
        discord_id TEXT NOT NULL,
        option_id TEXT NOT NULL,
        voted_at INTEGER NOT NULL
      ) STRICT;
      CREATE UNIQUE INDEX IF NOT EXISTS votes_one_per_player ON votes (panel_id, discord_id);
      CREATE TABLE IF NOT EXISTS dismissals (
        discord_id TEXT NOT NULL,
        panel_id TEXT NOT NULL,
        version INTEGER NOT NULL,
        PRIMARY KEY (discord_id, panel_id)
      ) STRICT;
      CREATE TABLE IF NOT EXISTS chat (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        channel TEXT NOT NULL,
        schema_version INTEGER NOT NULL,
        doc TEXT NOT NULL
      ) STRICT;
      CREATE INDEX IF NOT EXISTS chat_channel ON chat (channel, seq);
      CREATE TABLE IF NOT EXISTS panel_messages (
        panel_id TEXT PRIMARY KEY NOT NULL,
        channel_id TEXT NOT NULL,
        message_id TEXT NOT NULL
      ) STRICT;
      CREATE TABLE IF NOT EXISTS outbox (
        key TEXT PRIMARY KEY NOT NULL,
        id TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL,
        payload TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        lease_owner TEXT,
        lease_until INTEGER NOT NULL DEFAULT 0,
        again INTEGER NOT NULL DEFAULT 0
      ) STRICT;
      CREATE INDEX IF NOT EXISTS outbox_claimable ON outbox (lease_until, created_at);
      CREATE TABLE IF NOT EXISTS token_generations (
        discord_id TEXT PRIMARY KEY NOT NULL,
        generation INTEGER NOT NULL
      ) STRICT;
      CREATE TABLE IF NOT EXISTS notify_prefs (
        discord_id TEXT PRIMARY KEY NOT NULL,
        doc TEXT NOT NULL
      ) STRICT;
    `);
    this.stmt = {
      loadPlayer: this.db.prepare<[string], { version: number; doc: string }>(
        "SELECT version, doc FROM players WHERE id = ?",
      ),
      insertPlayer: this.db.prepare(
        "INSERT INTO players (id, version, schema_version, archived, updated_at, doc) VALUES (?, 1, ?, ?, ?, ?)",
      ),
      savePlayer: this.db.prepare(
        "UPDATE players SET version = version + 1, schema_version = ?, archived = ?, updated_at = ?, doc = ? WHERE id = ? AND version = ?",
      ),
      renamePlayer: this.db.prepare(
        "UPDATE players SET id = ?, archived = 1, version = version + 1, updated_at = ?, doc = ? WHERE id = ?",
      ),
      playerExists: this.db.prepare<[string], { one: number }>("SELECT 1 AS one FROM players WHERE id = ?"),
      activePanels: this.db.prepare<[], { doc: string }>(
        "SELECT doc FROM panels WHERE active = 1 ORDER BY created_at, id",
      ),
      getPanel: this.db.prepare<[string], { doc: string }>("SELECT doc FROM panels WHERE id = ?"),
      savePanel: this.db.prepare(
        `INSERT INTO panels (id, schema_version, active, created_at, doc) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET schema_version = excluded.schema_version, active = excluded.active,
           created_at = excluded.created_at, doc = excluded.doc`,
      ),
      vote: this.db.prepare(
        "INSERT OR IGNORE INTO votes (panel_id, discord_id, option_id, voted_at) VALUES (?, ?, ?, ?)",
      ),
      voteCounts: this.db.prepare<[string], { option_id: string; n: number }>(
        "SELECT option_id, COUNT(*) AS n FROM votes WHERE panel_id = ? GROUP BY option_id",
      ),
      voteCountsByAccount: this.db.prepare<[string], { option_id: string; guest: number; n: number }>(
        `SELECT option_id, discord_id LIKE 'guest-%' AS guest, COUNT(*) AS n FROM votes
         WHERE panel_id = ? GROUP BY option_id, guest`,
      ),
      tokenGeneration: this.db.prepare<[string], { generation: number }>(
        "SELECT generation FROM token_generations WHERE discord_id = ?",
      ),
      bumpTokenGeneration: this.db.prepare<[string], { generation: number }>(
        `INSERT INTO token_generations (discord_id, generation) VALUES (?, 1)
         ON CONFLICT (discord_id) DO UPDATE SET generation = generation + 1 RETURNING generation`,
      ),
      voteOf: this.db.prepare<[string, string], { option_id: string }>(
        "SELECT option_id FROM votes WHERE panel_id = ? AND discord_id = ?",
      ),
      getPanelMessage: this.db.prepare<[string], { channel_id: string; message_id: string }>(
        "SELECT channel_id, message_id FROM panel_messages WHERE panel_id = ?",
      ),
      setPanelMessage: this.db.prepare(
        `INSERT INTO panel_messages (panel_id, channel_id, message_id) VALUES (?, ?, ?)
         ON CONFLICT (panel_id) DO UPDATE SET channel_id = excluded.channel_id, message_id = excluded.message_id`,
      ),
      insertOutbox: this.db.prepare(
        "INSERT INTO outbox (key, id, kind, payload, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING",
      ),
      refreshOutbox: this.db.prepare(
        "UPDATE outbox SET payload = ?, again = CASE WHEN lease_until > ? THEN 1 ELSE again END WHERE key = ?",
      ),
      claimable: this.db.prepare<[number, number], { key: string }>(
        "SELECT key FROM outbox WHERE lease_until <= ? ORDER BY created_at, key LIMIT ?",
      ),
      lease: this.db.prepare(
        "UPDATE outbox SET lease_owner = ?, lease_until = ?, attempts = attempts + 1 WHERE key = ?",
      ),
      outboxRow: this.db.prepare<
        [string],
        { id: string; key: string; kind: string; payload: string; created_at: number; attempts: number }
      >("SELECT id, key, kind, payload, created_at, attempts FROM outbox WHERE key = ?"),
      ackAgain: this.db.prepare(
        "UPDATE outbox SET id = ?, again = 0, lease_owner = NULL, lease_until = 0, attempts = 0 WHERE id = ? AND lease_owner = ? AND again = 1",
      ),
      ackDelete: this.db.prepare("DELETE FROM outbox WHERE id = ? AND lease_owner = ? AND again = 0"),
      getPrefs: this.db.prepare<[string], { doc: string }>(
        "SELECT doc FROM notify_prefs WHERE discord_id = ?",
      ),
      setPrefs: this.db.prepare(
        "INSERT INTO notify_prefs (discord_id, doc) VALUES (?, ?) ON CONFLICT (discord_id) DO UPDATE SET doc = excluded.doc",
      ),
      dismiss: this.db.prepare(
        `INSERT INTO dismissals (discord_id, panel_id, version) VALUES (?, ?, ?)
         ON CONFLICT (discord_id, panel_id) DO UPDATE SET version = excluded.version`,
      ),
      closed: this.db.prepare<[string], { panel_id: string; version: number }>(
        "SELECT panel_id, version FROM dismissals WHERE discord_id = ?",
      ),
      appendChat: this.db.prepare("INSERT INTO chat (channel, schema_version, doc) VALUES (?, ?, ?)"),
      trimChat: this.db.prepare(
        `DELETE FROM chat WHERE channel = ? AND seq <= (
           SELECT seq FROM chat WHERE channel = ? ORDER BY seq DESC LIMIT 1 OFFSET ?)`,
      ),
      recentChat: this.db.prepare<[string, number], { doc: string }>(
        "SELECT doc FROM (SELECT seq, doc FROM chat WHERE channel = ? ORDER BY seq DESC LIMIT ?) ORDER BY seq",
      ),
    };
  }

  async loadPlayer(discordId: string): Promise<Versioned<StoredPlayer> | null> {
    const row = this.stmt.loadPlayer.get(discordId);
    if (!row) return null;
    const doc = migrate("player", JSON.parse(row.doc) as Doc);
    return { doc: { player: doc.player, meta: doc.meta } as StoredPlayer, version: row.version };
  }

  async createPlayer(doc: StoredPlayer): Promise<number> {
    const id = doc.player.discordId;
    try {
      this.stmt.insertPlayer.run(
        id,
        SCHEMA_VERSIONS.player,
        doc.meta.archived ? 1 : 0,
        Date.now(),
        encode(doc),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicatePlayerError(id);
      throw error;
    }
    return 1;
  }

  savePlayer(doc: StoredPlayer, expectedVersion: number): Promise<number> {
    return this.batched(() => {
      const { changes } = this.stmt.savePlayer.run(
        SCHEMA_VERSIONS.player,
        doc.meta.archived ? 1 : 0,
        Date.now(),
        encode(doc),
        doc.player.discordId,
        expectedVersion,
      );
      if (changes !== 1) throw new VersionConflictError(`player ${doc.player.discordId}`);
      return expectedVersion + 1;
    });
  }

  async archivePlayer(discordId: string, archivedAs: string): Promise<void> {
    this.db.transaction(() => {
      const row = this.stmt.loadPlayer.get(discordId);
      if (!row) throw new PlayerNotFoundError(discordId);
      if (this.stmt.playerExists.get(archivedAs)) throw new DuplicatePlayerError(archivedAs);
      const doc = migrate("player", JSON.parse(row.doc) as Doc);
      const meta = { ...(doc.meta as Doc), archived: true };
      this.stmt.renamePlayer.run(archivedAs, Date.now(), JSON.stringify({ ...doc, meta }), discordId);
    })();
  }

  async listActivePanels(): Promise<Panel[]> {
    return this.stmt.activePanels.all().map((row) => decodePanel(row.doc));
  }

  async getPanel(id: string): Promise<Panel | null> {
    const row = this.stmt.getPanel.get(id);
    return row ? decodePanel(row.doc) : null;
  }

  async savePanel(panel: Panel): Promise<void> {
    this.stmt.savePanel.run(
      panel._id,
      SCHEMA_VERSIONS.panel,
      panel.active ? 1 : 0,
      panel.createdAt,
      JSON.stringify({ ...panel, schemaVersion: SCHEMA_VERSIONS.panel }),
    );
  }

  async recordVote(panelId: string, discordId: string, optionId: string): Promise<boolean> {
    return this.stmt.vote.run(panelId, discordId, optionId, Date.now()).changes === 1;
  }

  async voteCounts(panelId: string): Promise<Record<string, number>> {
    return Object.fromEntries(this.stmt.voteCounts.all(panelId).map((r) => [r.option_id, r.n]));
  }

  async voteCountsByAccount(panelId: string): Promise<VoteCountsByAccount> {
    const counts: VoteCountsByAccount = { linked: {}, guests: {} };
    for (const r of this.stmt.voteCountsByAccount.all(panelId)) {
      counts[r.guest ? "guests" : "linked"][r.option_id] = r.n;
    }
    return counts;
  }

  async tokenGeneration(discordId: string): Promise<number> {
    return this.stmt.tokenGeneration.get(discordId)?.generation ?? 0;
  }

  async bumpTokenGeneration(discordId: string): Promise<number> {
    return (this.stmt.bumpTokenGeneration.get(discordId) as { generation: number }).generation;
  }

  async voteOf(panelId: string, discordId: string): Promise<string | null> {
    return this.stmt.voteOf.get(panelId, discordId)?.option_id ?? null;
  }

  async getPanelMessage(panelId: string): Promise<PanelMessage | null> {
    const row = this.stmt.getPanelMessage.get(panelId);
    return row ? { channelId: row.channel_id, messageId: row.message_id } : null;
  }

  async setPanelMessage(panelId: string, message: PanelMessage): Promise<void> {
    this.stmt.setPanelMessage.run(panelId, message.channelId, message.messageId);
  }

  async enqueueOutbox(entry: OutboxEntry, now: number): Promise<void> {
    const payload = JSON.stringify(entry.payload);
    this.db.transaction(() => {
      const { changes } = this.stmt.insertOutbox.run(entry.key, entry.id, entry.kind, payload, now);
      if (changes === 0) this.stmt.refreshOutbox.run(payload, now, entry.key);
    })();
  }

  async claimOutbox(owner: string, now: number, leaseMs: number, limit: number): Promise<OutboxItem[]> {
    return this.db.transaction(() =>
      this.stmt.claimable.all(now, Math.max(0, Math.floor(limit))).map(({ key }) => {
        this.stmt.lease.run(owner, now + leaseMs, key);
        const row = this.stmt.outboxRow.get(key)!;
        return {
          id: row.id,
          key: row.key,
          kind: row.kind as OutboxItem["kind"],
          payload: JSON.parse(row.payload) as unknown,
          createdAt: row.created_at,
          attempts: row.attempts,
        };
      }),
    )();
  }

  async ackOutbox(id: string, owner: string, newId: string): Promise<boolean> {
    return this.db.transaction(
      () =>
        this.stmt.ackAgain.run(newId, id, owner).changes + this.stmt.ackDelete.run(id, owner).changes === 1,
    )();
  }

  async getNotifyPrefs(discordId: string): Promise<NotifyPrefs> {
    const row = this.stmt.getPrefs.get(discordId);
    return row
      ? { ...DEFAULT_NOTIFY_PREFS, ...(JSON.parse(row.doc) as Partial<NotifyPrefs>) }
      : DEFAULT_NOTIFY_PREFS;
  }

  async setNotifyPrefs(discordId: string, prefs: NotifyPrefs): Promise<void> {
    this.stmt.setPrefs.run(discordId, JSON.stringify(prefs));
  }

  async dismissPanel(panelId: string, discordId: string, version: number): Promise<void> {
    this.stmt.dismiss.run(discordId, panelId, version);
  }

  async closedPanels(discordId: string): Promise<Record<string, number>> {
    return Object.fromEntries(this.stmt.closed.all(discordId).map((r) => [r.panel_id, r.version]));
  }

  appendChat(channel: string, message: ChatMessage, keep: number): Promise<void> {
    return this.batched(() => {
      this.stmt.appendChat.run(
        channel,
        SCHEMA_VERSIONS.chat,
        JSON.stringify({ ...message, schemaVersion: SCHEMA_VERSIONS.chat }),
      );
      this.stmt.trimChat.run(channel, channel, Math.max(0, Math.floor(keep)));
    });
  }

  /**
   * The busy writes (player saves, chat and log lines) made in one turn of the event loop are written
   * together in one transaction after the turn's other work: the write-behind flush saves a hundred
   * players at once, and one commit is far cheaper than a hundred. Each write keeps its own savepoint and
   * answers alone (a version conflict fails that save, not its neighbours); the order of calls is kept.
   */
  private batched<T>(write: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ write, resolve: resolve as (value: unknown) => void, reject });
      if (this.pending.length === 1) queueMicrotask(() => this.commitPending());
    });
  }

  private commitPending(): void {
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    const outcomes: { ok: boolean; value: unknown }[] = [];
    try {
      this.db.transaction(() => {
        for (const { write } of batch) {
          try {
            outcomes.push({ ok: true, value: this.db.transaction(write)() });
          } catch (err) {
            outcomes.push({ ok: false, value: err });
          }
        }
      })();
    } catch (err) {
      for (const p of batch) p.reject(err);
      return;
    }
    batch.forEach((p, i) => {
      const outcome = outcomes[i] as { ok: boolean; value: unknown };
      if (outcome.ok) p.resolve(outcome.value);
      else p.reject(outcome.value);
    });
  }

  async recentChat(channel: string, limit: number): Promise<ChatMessage[]> {
    return this.stmt.recentChat.all(channel, Math.max(0, Math.floor(limit))).map((row) => {
      const { schemaVersion: _v, ...message } = migrate("chat", JSON.parse(row.doc) as Doc);
      return message as unknown as ChatMessage;
    });
  }

  async close(): Promise<void> {
    this.commitPending();
    if (this.db.open) this.db.close();
  }
}

function encode(doc: StoredPlayer): string {
  return JSON.stringify({ schemaVersion: SCHEMA_VERSIONS.player, player: doc.player, meta: doc.meta });
}

function decodePanel(json: string): Panel {
  const { schemaVersion: _v, ...panel } = migrate("panel", JSON.parse(json) as Doc);
  return panel as unknown as Panel;
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "SQLITE_CONSTRAINT_UNIQUE";
}
