import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { ComposedStore } from "./ComposedStore.ts";
import { SqliteChatStore } from "./sqlite/SqliteChatStore.ts";
import { SqliteNotifyPrefsStore } from "./sqlite/SqliteNotifyPrefsStore.ts";
import { SqliteOutboxStore } from "./sqlite/SqliteOutboxStore.ts";
import { SqlitePanelStore } from "./sqlite/SqlitePanelStore.ts";
import { SqlitePlayerStore } from "./sqlite/SqlitePlayerStore.ts";
import { SqliteRoomStore } from "./sqlite/SqliteRoomStore.ts";
import { SqliteTokenGenerationStore } from "./sqlite/SqliteTokenGenerationStore.ts";
import { SqliteWeeklyGoalStore } from "./sqlite/SqliteWeeklyGoalStore.ts";
import { WriteBatch } from "./sqlite/WriteBatch.ts";

/**
 * The embedded default (DESIGN §5): one SQLite file in WAL mode, documents as JSON beside a version
 * column, one module per collection under `sqlite/`. better-sqlite3 is synchronous and fast
 * (microseconds per statement); the port is async so MongoStore fits the same contract.
 */
export class SqliteStore extends ComposedStore {
  private readonly db: Database.Database;
  private readonly batch: WriteBatch;

  constructor(file: string) {
    const db = openSqlite(file);
    const batch = new WriteBatch(db);
    super({
      players: new SqlitePlayerStore(db, batch),
      panels: new SqlitePanelStore(db),
      chat: new SqliteChatStore(db, batch),
      outbox: new SqliteOutboxStore(db),
      notifyPrefs: new SqliteNotifyPrefsStore(db),
      tokens: new SqliteTokenGenerationStore(db),
      weekly: new SqliteWeeklyGoalStore(db),
      rooms: new SqliteRoomStore(db, batch),
    });
    this.db = db;
    this.batch = batch;
  }

  async close(): Promise<void> {
    this.batch.commit();
    if (this.db.open) this.db.close();
  }
}

/** The SQLite file (its folder made) with the store's settings (WAL, its sync level, the lock wait). */
export function openSqlite(file: string): Database.Database {
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("busy_timeout = 5000");
  db.pragma("foreign_keys = ON");
  return db;
}
