import type Database from "better-sqlite3";
import { DEFAULT_NOTIFY_PREFS, type NotifyPrefs, type NotifyPrefsStore } from "../Store.ts";

export class SqliteNotifyPrefsStore implements NotifyPrefsStore {
  private readonly stmt;

  constructor(db: Database.Database) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS notify_prefs (
        discord_id TEXT PRIMARY KEY NOT NULL,
        doc TEXT NOT NULL
      ) STRICT;
    `);
    this.stmt = {
      get: db.prepare<[string], { doc: string }>("SELECT doc FROM notify_prefs WHERE discord_id = ?"),
      set: db.prepare(
        "INSERT INTO notify_prefs (discord_id, doc) VALUES (?, ?) ON CONFLICT (discord_id) DO UPDATE SET doc = excluded.doc",
      ),
    };
  }

  async getNotifyPrefs(discordId: string): Promise<NotifyPrefs> {
    const row = this.stmt.get.get(discordId);
    return row
      ? { ...DEFAULT_NOTIFY_PREFS, ...(JSON.parse(row.doc) as Partial<NotifyPrefs>) }
      : DEFAULT_NOTIFY_PREFS;
  }

  async setNotifyPrefs(discordId: string, prefs: NotifyPrefs): Promise<void> {
    this.stmt.set.run(discordId, JSON.stringify(prefs));
  }
}
