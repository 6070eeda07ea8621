import type Database from "better-sqlite3";
import { ChatTrims } from "../ChatTrims.ts";
import { type Doc, migrate, SCHEMA_VERSIONS } from "../migrations.ts";
import type { ChatMessage, ChatStore } from "../Store.ts";
import type { WriteBatch } from "./WriteBatch.ts";

/** Chat lines per channel, appended through the turn's write batch and trimmed to the newest (ChatTrims). */
export class SqliteChatStore implements ChatStore {
  private readonly stmt;
  private readonly trims = new ChatTrims();

  constructor(
    db: Database.Database,
    private readonly batch: WriteBatch,
  ) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS chat (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        channel TEXT NOT NULL,
        schema_version INTEGER NOT NULL,
        doc TEXT NOT NULL
      ) STRICT;
      CREATE INDEX IF NOT EXISTS chat_channel ON chat (channel, seq);
    `);
    this.stmt = {
      append: db.prepare("INSERT INTO chat (channel, schema_version, doc) VALUES (?, ?, ?)"),
      trim: db.prepare(
        `DELETE FROM chat WHERE channel = ? AND seq <= (
           SELECT seq FROM chat WHERE channel = ? ORDER BY seq DESC LIMIT 1 OFFSET ?)`,
      ),
      recent: db.prepare<[string, number], { doc: string }>(
        "SELECT doc FROM (SELECT seq, doc FROM chat WHERE channel = ? ORDER BY seq DESC LIMIT ?) ORDER BY seq",
      ),
    };
  }

  appendChat(channel: string, message: ChatMessage, keep: number): Promise<void> {
    return this.batch.run(() => {
      this.stmt.append.run(
        channel,
        SCHEMA_VERSIONS.chat,
        JSON.stringify({ ...message, schemaVersion: SCHEMA_VERSIONS.chat }),
      );
      if (this.trims.due(channel)) this.stmt.trim.run(channel, channel, Math.max(0, Math.floor(keep)));
    });
  }

  async recentChat(channel: string, limit: number): Promise<ChatMessage[]> {
    return this.stmt.recent.all(channel, Math.max(0, Math.floor(limit))).map((row) => {
      const { schemaVersion: _v, ...message } = migrate("chat", JSON.parse(row.doc) as Doc);
      return message as unknown as ChatMessage;
    });
  }
}
