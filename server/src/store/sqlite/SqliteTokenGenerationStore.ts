import type Database from "better-sqlite3";
import type { TokenGenerationStore } from "../Store.ts";

export class SqliteTokenGenerationStore implements TokenGenerationStore {
  private readonly stmt;

  constructor(db: Database.Database) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS token_generations (
        discord_id TEXT PRIMARY KEY NOT NULL,
        generation INTEGER NOT NULL
      ) STRICT;
    `);
    this.stmt = {
      get: db.prepare<[string], { generation: number }>(
        "SELECT generation FROM token_generations WHERE discord_id = ?",
      ),
      bump: db.prepare<[string], { generation: number }>(
        `INSERT INTO token_generations (discord_id, generation) VALUES (?, 1)
         ON CONFLICT (discord_id) DO UPDATE SET generation = generation + 1 RETURNING generation`,
      ),
    };
  }

  async tokenGeneration(discordId: string): Promise<number> {
    return this.stmt.get.get(discordId)?.generation ?? 0;
  }

  async bumpTokenGeneration(discordId: string): Promise<number> {
    return (this.stmt.bump.get(discordId) as { generation: number }).generation;
  }
}
