import { MongoClient } from "mongodb";
import { ComposedStore, type StoreParts } from "./ComposedStore.ts";
import { MongoChatStore } from "./mongo/MongoChatStore.ts";
import type { MongoCollections } from "./mongo/MongoCollections.ts";
import { MongoNotifyPrefsStore } from "./mongo/MongoNotifyPrefsStore.ts";
import { MongoOutboxStore } from "./mongo/MongoOutboxStore.ts";
import { MongoPanelStore } from "./mongo/MongoPanelStore.ts";
import { MongoPlayerStore } from "./mongo/MongoPlayerStore.ts";
import { MongoRoomStore } from "./mongo/MongoRoomStore.ts";
import { MongoTokenGenerationStore } from "./mongo/MongoTokenGenerationStore.ts";
import { MongoWeeklyGoalStore } from "./mongo/MongoWeeklyGoalStore.ts";

/**
 * The production store (DESIGN §5): the official driver, the same contract as SqliteStore, one module per
 * collection under `mongo/`.
 */
export class MongoStore extends ComposedStore {
  private constructor(
    private readonly client: MongoClient,
    private readonly modules: MongoCollections[],
    parts: StoreParts,
  ) {
    super(parts);
  }

  static async connect(uri: string, dbName: string): Promise<MongoStore> {
    const client = new MongoClient(uri, { serverSelectionTimeoutMS: 10_000 });
    await client.connect();
    const db = client.db(dbName);
    const parts = {
      players: new MongoPlayerStore(db),
      panels: new MongoPanelStore(db),
      chat: new MongoChatStore(db),
      outbox: new MongoOutboxStore(db),
      notifyPrefs: new MongoNotifyPrefsStore(db),
      tokens: new MongoTokenGenerationStore(db),
      weekly: new MongoWeeklyGoalStore(db),
      rooms: new MongoRoomStore(db),
    };
    const modules: MongoCollections[] = Object.values(parts);
    await Promise.all(modules.map((m) => m.createIndexes?.()));
    return new MongoStore(client, modules, parts);
  }

  /** Test support: drops every collection of this store's database. */
  async dropAll(): Promise<void> {
    await Promise.all(this.modules.map((m) => m.clear()));
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
