import type { Collection, Db } from "mongodb";
import type { OutboxEntry, OutboxItem, OutboxStore } from "../Store.ts";
import { isDuplicateKey } from "./isDuplicateKey.ts";
import type { MongoCollections } from "./MongoCollections.ts";

interface OutboxRow {
  _id: string;
  id: string;
  kind: OutboxItem["kind"];
  payload: unknown;
  createdAt: number;
  attempts: number;
  leaseOwner: string | null;
  leaseUntil: number;
  again: boolean;
}

/** The bot's deliveries keyed by `_id` = key, claimed one by one with findOneAndUpdate. */
export class MongoOutboxStore implements OutboxStore, MongoCollections {
  private readonly outbox: Collection<OutboxRow>;

  constructor(db: Db) {
    this.outbox = db.collection<OutboxRow>("outbox");
  }

  createIndexes(): Promise<unknown> {
    return Promise.all([
      this.outbox.createIndex({ leaseUntil: 1, createdAt: 1 }),
      this.outbox.createIndex({ id: 1 }, { unique: true }),
    ]);
  }

  clear(): Promise<unknown> {
    return this.outbox.deleteMany({});
  }

  async enqueueOutbox(entry: OutboxEntry, now: number): Promise<void> {
    // a leased row is marked again; a waiting one gets the new payload; a missing one is inserted
    for (;;) {
      const leased = await this.outbox.updateOne(
        { _id: entry.key, leaseUntil: { $gt: now } },
        { $set: { payload: entry.payload, again: true } },
      );
      if (leased.matchedCount === 1) return;
      const waiting = await this.outbox.updateOne({ _id: entry.key }, { $set: { payload: entry.payload } });
      if (waiting.matchedCount === 1) return;
      try {
        await this.outbox.insertOne({
          _id: entry.key,
          id: entry.id,
          kind: entry.kind,
          payload: entry.payload,
          createdAt: now,
          attempts: 0,
          leaseOwner: null,
          leaseUntil: 0,
          again: false,
        });
        return;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
    }
  }

  async claimOutbox(owner: string, now: number, leaseMs: number, limit: number): Promise<OutboxItem[]> {
    const items: OutboxItem[] = [];
    while (items.length < limit) {
      const row = await this.outbox.findOneAndUpdate(
        { leaseUntil: { $lte: now } },
        { $set: { leaseOwner: owner, leaseUntil: now + leaseMs }, $inc: { attempts: 1 } },
        { sort: { createdAt: 1, _id: 1 }, returnDocument: "after" },
      );
      if (!row) break;
      items.push({
        id: row.id,
        key: row._id,
        kind: row.kind,
        payload: row.payload,
        createdAt: row.createdAt,
        attempts: row.attempts,
      });
    }
    return items;
  }

  async ackOutbox(id: string, owner: string, newId: string): Promise<boolean> {
    const again = await this.outbox.updateOne(
      { id, leaseOwner: owner, again: true },
      { $set: { id: newId, again: false, leaseOwner: null, leaseUntil: 0, attempts: 0 } },
    );
    if (again.matchedCount === 1) return true;
    const done = await this.outbox.deleteOne({ id, leaseOwner: owner, again: false });
    return done.deletedCount === 1;
  }
}
