import type { Collection, Db } from "mongodb";
import { ChatTrims } from "../ChatTrims.ts";
import { type Doc, migrate, SCHEMA_VERSIONS } from "../migrations.ts";
import type { ChatMessage, ChatStore } from "../Store.ts";
import type { MongoCollections } from "./MongoCollections.ts";

interface ChatRow extends ChatMessage {
  channel: string;
  seq: number;
  schemaVersion: number;
}
interface CounterRow {
  _id: string;
  seq: number;
}

/** Chat lines numbered per channel by a counter document, trimmed to the newest (ChatTrims). */
export class MongoChatStore implements ChatStore, MongoCollections {
  private readonly chat: Collection<ChatRow>;
  private readonly counters: Collection<CounterRow>;
  private readonly trims = new ChatTrims();

  constructor(db: Db) {
    this.chat = db.collection<ChatRow>("chat");
    this.counters = db.collection<CounterRow>("counters");
  }

  createIndexes(): Promise<unknown> {
    return this.chat.createIndex({ channel: 1, seq: -1 });
  }

  clear(): Promise<unknown> {
    return Promise.all([this.chat.deleteMany({}), this.counters.deleteMany({})]);
  }

  async appendChat(channel: string, message: ChatMessage, keep: number): Promise<void> {
    const counter = await this.counters.findOneAndUpdate(
      { _id: `chat:${channel}` },
      { $inc: { seq: 1 } },
      { upsert: true, returnDocument: "after" },
    );
    const seq = counter?.seq ?? Date.now();
    await this.chat.insertOne({ ...message, channel, seq, schemaVersion: SCHEMA_VERSIONS.chat });
    if (this.trims.due(channel))
      await this.chat.deleteMany({ channel, seq: { $lte: seq - Math.max(0, Math.floor(keep)) } });
  }

  async recentChat(channel: string, limit: number): Promise<ChatMessage[]> {
    if (limit <= 0) return [];
    const rows = await this.chat
      .find({ channel }, { projection: { _id: 0, channel: 0, seq: 0 } })
      .sort({ seq: -1 })
      .limit(Math.floor(limit))
      .toArray();
    return rows.reverse().map((row) => {
      const { schemaVersion: _v, ...message } = migrate("chat", row as unknown as Doc);
      return message as unknown as ChatMessage;
    });
  }
}
