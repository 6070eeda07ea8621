import type { Collection, Db } from "mongodb";
import { DEFAULT_NOTIFY_PREFS, type NotifyPrefs, type NotifyPrefsStore } from "../Store.ts";
import type { MongoCollections } from "./MongoCollections.ts";

interface NotifyPrefsRow extends NotifyPrefs {
  _id: string;
}

export class MongoNotifyPrefsStore implements NotifyPrefsStore, MongoCollections {
  private readonly notifyPrefs: Collection<NotifyPrefsRow>;

  constructor(db: Db) {
    this.notifyPrefs = db.collection<NotifyPrefsRow>("notifyPrefs");
  }

  clear(): Promise<unknown> {
    return this.notifyPrefs.deleteMany({});
  }

  async getNotifyPrefs(discordId: string): Promise<NotifyPrefs> {
    const row = await this.notifyPrefs.findOne({ _id: discordId });
    return row ? { summaries: row.summaries, language: row.language } : DEFAULT_NOTIFY_PREFS;
  }

  async setNotifyPrefs(discordId: string, prefs: NotifyPrefs): Promise<void> {
    await this.notifyPrefs.replaceOne({ _id: discordId }, prefs, { upsert: true });
  }
}
