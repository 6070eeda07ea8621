import { type RoomState, RoomStateSchema } from "@pickle-garden/shared";
import type { Collection, Db } from "mongodb";
import { FencedOffError, type RoomStore } from "../Store.ts";
import { isDuplicateKey } from "./isDuplicateKey.ts";
import type { MongoCollections } from "./MongoCollections.ts";

interface RoomRow {
  _id: string;
  fence: number;
  updatedAt: Date;
  state: RoomState;
}

/** Rooms' shared state keyed by room id, beside the fencing token it was written under. */
export class MongoRoomStore implements RoomStore, MongoCollections {
  private readonly rooms: Collection<RoomRow>;

  constructor(db: Db) {
    this.rooms = db.collection<RoomRow>("rooms");
  }

  clear(): Promise<unknown> {
    return this.rooms.deleteMany({});
  }

  async loadRoom(roomId: string): Promise<{ state: RoomState; fence: number } | null> {
    const row = await this.rooms.findOne({ _id: roomId });
    return row ? { state: RoomStateSchema.parse(row.state), fence: row.fence } : null;
  }

  async saveRoom(state: RoomState, fence: number): Promise<void> {
    try {
      // a newer token's document does not match, so the upsert tries to insert its id and fails
      await this.rooms.updateOne(
        { _id: state.id, fence: { $lte: fence } },
        { $set: { fence, updatedAt: new Date(), state } },
        { upsert: true },
      );
    } catch (error) {
      if (isDuplicateKey(error)) throw new FencedOffError(`room ${state.id}`);
      throw error;
    }
  }

  async deleteRoom(roomId: string, fence: number): Promise<void> {
    await this.rooms.deleteOne({ _id: roomId, fence: { $lte: fence } });
  }
}
