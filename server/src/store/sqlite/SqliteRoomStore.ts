import { type RoomState, RoomStateSchema } from "@pickle-garden/shared";
import type Database from "better-sqlite3";
import { FencedOffError, type RoomStore } from "../Store.ts";
import type { WriteBatch } from "./WriteBatch.ts";

/** Rooms' shared state as JSON beside the fencing token it was written under; saves go through the turn's write batch. */
export class SqliteRoomStore implements RoomStore {
  private readonly stmt;

  constructor(
    db: Database.Database,
    private readonly batch: WriteBatch,
  ) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS rooms (
        id TEXT PRIMARY KEY NOT NULL,
        fence INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        doc TEXT NOT NULL
      ) STRICT;
    `);
    this.stmt = {
      load: db.prepare<[string], { fence: number; doc: string }>("SELECT fence, doc FROM rooms WHERE id = ?"),
      save: db.prepare(
        "INSERT INTO rooms (id, fence, updated_at, doc) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET fence = excluded.fence, updated_at = excluded.updated_at, doc = excluded.doc WHERE rooms.fence <= excluded.fence",
      ),
      delete: db.prepare("DELETE FROM rooms WHERE id = ? AND fence <= ?"),
    };
  }

  async loadRoom(roomId: string): Promise<{ state: RoomState; fence: number } | null> {
    const row = this.stmt.load.get(roomId);
    return row ? { state: RoomStateSchema.parse(JSON.parse(row.doc)), fence: row.fence } : null;
  }

  saveRoom(state: RoomState, fence: number): Promise<void> {
    return this.batch.run(() => {
      const { changes } = this.stmt.save.run(state.id, fence, Date.now(), JSON.stringify(state));
      if (changes !== 1) throw new FencedOffError(`room ${state.id}`);
    });
  }

  async deleteRoom(roomId: string, fence: number): Promise<void> {
    this.stmt.delete.run(roomId, fence);
  }
}
