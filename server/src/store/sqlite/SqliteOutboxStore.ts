import type Database from "better-sqlite3";
import type { OutboxEntry, OutboxItem, OutboxStore } from "../Store.ts";

/** The bot's deliveries, one row per key, claimed with a lease. */
export class SqliteOutboxStore implements OutboxStore {
  private readonly stmt;

  constructor(private readonly db: Database.Database) {
    db.exec(`
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
    `);
    this.stmt = {
      insert: db.prepare(
        "INSERT INTO outbox (key, id, kind, payload, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING",
      ),
      refresh: db.prepare(
        "UPDATE outbox SET payload = ?, again = CASE WHEN lease_until > ? THEN 1 ELSE again END WHERE key = ?",
      ),
      claimable: db.prepare<[number, number], { key: string }>(
        "SELECT key FROM outbox WHERE lease_until <= ? ORDER BY created_at, key LIMIT ?",
      ),
      lease: db.prepare(
        "UPDATE outbox SET lease_owner = ?, lease_until = ?, attempts = attempts + 1 WHERE key = ?",
      ),
      row: db.prepare<
        [string],
        { id: string; key: string; kind: string; payload: string; created_at: number; attempts: number }
      >("SELECT id, key, kind, payload, created_at, attempts FROM outbox WHERE key = ?"),
      ackAgain: db.prepare(
        "UPDATE outbox SET id = ?, again = 0, lease_owner = NULL, lease_until = 0, attempts = 0 WHERE id = ? AND lease_owner = ? AND again = 1",
      ),
      ackDelete: db.prepare("DELETE FROM outbox WHERE id = ? AND lease_owner = ? AND again = 0"),
    };
  }

  async enqueueOutbox(entry: OutboxEntry, now: number): Promise<void> {
    const payload = JSON.stringify(entry.payload);
    this.db.transaction(() => {
      const { changes } = this.stmt.insert.run(entry.key, entry.id, entry.kind, payload, now);
      if (changes === 0) this.stmt.refresh.run(payload, now, entry.key);
    })();
  }

  async claimOutbox(owner: string, now: number, leaseMs: number, limit: number): Promise<OutboxItem[]> {
    return this.db.transaction(() =>
      this.stmt.claimable.all(now, Math.max(0, Math.floor(limit))).map(({ key }) => {
        this.stmt.lease.run(owner, now + leaseMs, key);
        const row = this.stmt.row.get(key)!;
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
}
