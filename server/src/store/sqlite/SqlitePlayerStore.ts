import type Database from "better-sqlite3";
import { type Doc, migrate, SCHEMA_VERSIONS } from "../migrations.ts";
import {
  DuplicatePlayerError,
  FencedOffError,
  PlayerNotFoundError,
  type PlayerStore,
  type StoredPlayer,
  VersionConflictError,
  type Versioned,
} from "../Store.ts";
import type { WriteBatch } from "./WriteBatch.ts";

/** Players as JSON documents beside a version column; saves go through the turn's write batch. */
export class SqlitePlayerStore implements PlayerStore {
  private readonly stmt;

  constructor(
    private readonly db: Database.Database,
    private readonly batch: WriteBatch,
  ) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS players (
        id TEXT PRIMARY KEY NOT NULL,
        version INTEGER NOT NULL,
        schema_version INTEGER NOT NULL,
        archived INTEGER NOT NULL DEFAULT 0,
        updated_at INTEGER NOT NULL,
        doc TEXT NOT NULL,
        fence INTEGER NOT NULL DEFAULT 0
      ) STRICT;
    `);
    // files made before the fencing token (docs/scale-out.md) get its column
    const columns = db.pragma("table_info(players)") as { name: string }[];
    if (!columns.some((c) => c.name === "fence"))
      db.exec("ALTER TABLE players ADD COLUMN fence INTEGER NOT NULL DEFAULT 0");
    this.stmt = {
      load: db.prepare<[string], { version: number; fence: number; doc: string }>(
        "SELECT version, fence, doc FROM players WHERE id = ?",
      ),
      insert: db.prepare(
        "INSERT INTO players (id, version, schema_version, archived, updated_at, doc) VALUES (?, 1, ?, ?, ?, ?)",
      ),
      save: db.prepare(
        "UPDATE players SET version = version + 1, schema_version = ?, archived = ?, updated_at = ?, doc = ?, fence = ? WHERE id = ? AND version = ? AND fence <= ?",
      ),
      rename: db.prepare(
        "UPDATE players SET id = ?, archived = 1, version = version + 1, updated_at = ?, doc = ? WHERE id = ?",
      ),
      exists: db.prepare<[string], { one: number }>("SELECT 1 AS one FROM players WHERE id = ?"),
    };
  }

  async loadPlayer(discordId: string): Promise<Versioned<StoredPlayer> | null> {
    const row = this.stmt.load.get(discordId);
    if (!row) return null;
    const doc = migrate("player", JSON.parse(row.doc) as Doc);
    return {
      doc: { player: doc.player, meta: doc.meta } as StoredPlayer,
      version: row.version,
      fence: row.fence,
    };
  }

  async createPlayer(doc: StoredPlayer): Promise<number> {
    const id = doc.player.discordId;
    try {
      this.stmt.insert.run(id, SCHEMA_VERSIONS.player, doc.meta.archived ? 1 : 0, Date.now(), encode(doc));
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicatePlayerError(id);
      throw error;
    }
    return 1;
  }

  savePlayer(doc: StoredPlayer, expectedVersion: number, fence: number): Promise<number> {
    const id = doc.player.discordId;
    return this.batch.run(() => {
      const { changes } = this.stmt.save.run(
        SCHEMA_VERSIONS.player,
        doc.meta.archived ? 1 : 0,
        Date.now(),
        encode(doc),
        fence,
        id,
        expectedVersion,
        fence,
      );
      if (changes === 1) return expectedVersion + 1;
      if ((this.stmt.load.get(id)?.fence ?? 0) > fence) throw new FencedOffError(`player ${id}`);
      throw new VersionConflictError(`player ${id}`);
    });
  }

  async archivePlayer(discordId: string, archivedAs: string): Promise<void> {
    this.db.transaction(() => {
      const row = this.stmt.load.get(discordId);
      if (!row) throw new PlayerNotFoundError(discordId);
      if (this.stmt.exists.get(archivedAs)) throw new DuplicatePlayerError(archivedAs);
      const doc = migrate("player", JSON.parse(row.doc) as Doc);
      const meta = { ...(doc.meta as Doc), archived: true };
      this.stmt.rename.run(archivedAs, Date.now(), JSON.stringify({ ...doc, meta }), discordId);
    })();
  }
}

function encode(doc: StoredPlayer): string {
  return JSON.stringify({ schemaVersion: SCHEMA_VERSIONS.player, player: doc.player, meta: doc.meta });
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "SQLITE_CONSTRAINT_UNIQUE";
}
