import { type Collection, type Db, MongoClient, MongoServerError } from "mongodb";
import { type Doc, migrate, SCHEMA_VERSIONS } from "./migrations.ts";
import {
  type ChatMessage,
  DEFAULT_NOTIFY_PREFS,
  DuplicatePlayerError,
  type NotifyPrefs,
  type OutboxEntry,
  type OutboxItem,
  type Panel,
  type PanelMessage,
  PlayerNotFoundError,
  type Store,
  type StoredPlayer,
  VersionConflictError,
  type Versioned,
  type VoteCountsByAccount,
} from "./Store.ts";

interface PlayerRow {
  _id: string;
  version: number;
  schemaVersion: number;
  updatedAt: Date;
  player: StoredPlayer["player"];
  meta: StoredPlayer["meta"];
}
interface PanelRow extends Omit<Panel, "_id"> {
  _id: string;
  schemaVersion: number;
}
interface VoteRow {
  schemaVersion: number;
  panelId: string;
  discordId: string;
  optionId: string;
  votedAt: Date;
}
interface DismissalRow {
  schemaVersion: number;
  discordId: string;
  panelId: string;
  version: number;
}
interface ChatRow extends ChatMessage {
  channel: string;
  seq: number;
  schemaVersion: number;
}
interface PanelMessageRow extends PanelMessage {
  _id: string;
}
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
interface NotifyPrefsRow extends NotifyPrefs {
  _id: string;
}
interface TokenGenerationRow {
  _id: string;
  generation: number;
}
interface CounterRow {
  _id: string;
  seq: number;
}

/**
 * The production store (DESIGN §5): the official driver, the same contract as SqliteStore. Player id
 * is `_id` (unique by construction, and the shard key past one machine); one vote per player per
 * panel and one dismissal per player per panel are unique indexes.
 */
export class MongoStore implements Store {
  private constructor(
    private readonly client: MongoClient,
    private readonly players: Collection<PlayerRow>,
    private readonly panels: Collection<PanelRow>,
    private readonly votes: Collection<VoteRow>,
    private readonly dismissals: Collection<DismissalRow>,
    private readonly chat: Collection<ChatRow>,
    private readonly counters: Collection<CounterRow>,
    private readonly panelMessages: Collection<PanelMessageRow>,
    private readonly outbox: Collection<OutboxRow>,
    private readonly notifyPrefs: Collection<NotifyPrefsRow>,
    private readonly tokenGenerations: Collection<TokenGenerationRow>,
  ) {}

  static async connect(uri: string, dbName: string): Promise<MongoStore> {
    const client = new MongoClient(uri, { serverSelectionTimeoutMS: 10_000 });
    await client.connect();
    const db: Db = client.db(dbName);
    const store = new MongoStore(
      client,
      db.collection<PlayerRow>("players"),
      db.collection<PanelRow>("panels"),
      db.collection<VoteRow>("votes"),
      db.collection<DismissalRow>("dismissals"),
      db.collection<ChatRow>("chat"),
      db.collection<CounterRow>("counters"),
      db.collection<PanelMessageRow>("panelMessages"),
      db.collection<OutboxRow>("outbox"),
      db.collection<NotifyPrefsRow>("notifyPrefs"),
      db.collection<TokenGenerationRow>("tokenGenerations"),
    );
    await Promise.all([
      store.panels.createIndex({ active: 1, createdAt: 1 }),
      store.votes.createIndex({ panelId: 1, discordId: 1 }, { unique: true, name: "one_vote_per_player" }),
      store.dismissals.createIndex({ discordId: 1, panelId: 1 }, { unique: true }),
      store.chat.createIndex({ channel: 1, seq: -1 }),
      store.outbox.createIndex({ leaseUntil: 1, createdAt: 1 }),
      store.outbox.createIndex({ id: 1 }, { unique: true }),
    ]);
    return store;
  }

  /** Test support: drops every collection of this store's database. */
  async dropAll(): Promise<void> {
    await Promise.all(
      [
        this.players,
        this.panels,
        this.votes,
        this.dismissals,
        this.chat,
        this.counters,
        this.panelMessages,
        this.outbox,
        this.notifyPrefs,
        this.tokenGenerations,
      ].map((c) => (c as unknown as Collection).deleteMany({})),
    );
  }

  async loadPlayer(discordId: string): Promise<Versioned<StoredPlayer> | null> {
    const row = await this.players.findOne({ _id: discordId });
    if (!row) return null;
    const { _id, version, updatedAt: _u, ...stored } = row;
    const doc = migrate("player", stored as unknown as Doc);
    return { doc: { player: doc.player, meta: doc.meta } as StoredPlayer, version };
  }

  async createPlayer(doc: StoredPlayer): Promise<number> {
    const id = doc.player.discordId;
    try {
      await this.players.insertOne({
        _id: id,
        version: 1,
        schemaVersion: SCHEMA_VERSIONS.player,
        updatedAt: new Date(),
        player: doc.player,
        meta: doc.meta,
      });
    } catch (error) {
      if (isDuplicateKey(error)) throw new DuplicatePlayerError(id);
      throw error;
    }
    return 1;
  }

  async savePlayer(doc: StoredPlayer, expectedVersion: number): Promise<number> {
    const id = doc.player.discordId;
    const result = await this.players.updateOne(
      { _id: id, version: expectedVersion },
      {
        $set: {
          player: doc.player,
          meta: doc.meta,
          schemaVersion: SCHEMA_VERSIONS.player,
          updatedAt: new Date(),
        },
        $inc: { version: 1 },
      },
    );
    if (result.matchedCount !== 1) throw new VersionConflictError(`player ${id}`);
    return expectedVersion + 1;
  }

  /** Insert the copy first, then remove the original: a crash in between leaves two copies, never none. */
  async archivePlayer(discordId: string, archivedAs: string): Promise<void> {
    const row = await this.players.findOne({ _id: discordId });
    if (!row) throw new PlayerNotFoundError(discordId);
    const { _id, version, updatedAt: _u, ...stored } = row;
    const doc = migrate("player", stored as unknown as Doc) as unknown as StoredPlayer;
    try {
      await this.players.insertOne({
        _id: archivedAs,
        version: version + 1,
        schemaVersion: SCHEMA_VERSIONS.player,
        updatedAt: new Date(),
        player: doc.player,
        meta: { ...doc.meta, archived: true },
      });
    } catch (error) {
      if (isDuplicateKey(error)) throw new DuplicatePlayerError(archivedAs);
      throw error;
    }
    await this.players.deleteOne({ _id: discordId, version });
  }

  async listActivePanels(): Promise<Panel[]> {
    const rows = await this.panels.find({ active: true }).sort({ createdAt: 1, _id: 1 }).toArray();
    return rows.map(decodePanel);
  }

  async getPanel(id: string): Promise<Panel | null> {
    const row = await this.panels.findOne({ _id: id });
    return row ? decodePanel(row) : null;
  }

  async savePanel(panel: Panel): Promise<void> {
    const { _id, ...rest } = panel;
    await this.panels.replaceOne(
      { _id },
      { ...rest, schemaVersion: SCHEMA_VERSIONS.panel } as Omit<PanelRow, "_id">,
      { upsert: true },
    );
  }

  async recordVote(panelId: string, discordId: string, optionId: string): Promise<boolean> {
    try {
      await this.votes.insertOne({ schemaVersion: 1, panelId, discordId, optionId, votedAt: new Date() });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  async voteCounts(panelId: string): Promise<Record<string, number>> {
    const rows = await this.votes
      .aggregate<{ _id: string; n: number }>([
        { $match: { panelId } },
        { $group: { _id: "$optionId", n: { $sum: 1 } } },
      ])
      .toArray();
    return Object.fromEntries(rows.map((r) => [r._id, r.n]));
  }

  async voteCountsByAccount(panelId: string): Promise<VoteCountsByAccount> {
    const rows = await this.votes
      .aggregate<{ _id: { optionId: string; guest: boolean }; n: number }>([
        { $match: { panelId } },
        {
          $group: {
            _id: {
              optionId: "$optionId",
              guest: { $eq: [{ $substrCP: ["$discordId", 0, 6] }, "guest-"] },
            },
            n: { $sum: 1 },
          },
        },
      ])
      .toArray();
    const counts: VoteCountsByAccount = { linked: {}, guests: {} };
    for (const r of rows) counts[r._id.guest ? "guests" : "linked"][r._id.optionId] = r.n;
    return counts;
  }

  async tokenGeneration(discordId: string): Promise<number> {
    return (await this.tokenGenerations.findOne({ _id: discordId }))?.generation ?? 0;
  }

  async bumpTokenGeneration(discordId: string): Promise<number> {
    const row = await this.tokenGenerations.findOneAndUpdate(
      { _id: discordId },
      { $inc: { generation: 1 } },
      { upsert: true, returnDocument: "after" },
    );
    return row?.generation ?? 1;
  }

  async voteOf(panelId: string, discordId: string): Promise<string | null> {
    return (await this.votes.findOne({ panelId, discordId }))?.optionId ?? null;
  }

  async getPanelMessage(panelId: string): Promise<PanelMessage | null> {
    const row = await this.panelMessages.findOne({ _id: panelId });
    return row ? { channelId: row.channelId, messageId: row.messageId } : null;
  }

  async setPanelMessage(panelId: string, message: PanelMessage): Promise<void> {
    await this.panelMessages.replaceOne(
      { _id: panelId },
      { channelId: message.channelId, messageId: message.messageId },
      { upsert: true },
    );
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

  async getNotifyPrefs(discordId: string): Promise<NotifyPrefs> {
    const row = await this.notifyPrefs.findOne({ _id: discordId });
    return row ? { summaries: row.summaries, language: row.language } : DEFAULT_NOTIFY_PREFS;
  }

  async setNotifyPrefs(discordId: string, prefs: NotifyPrefs): Promise<void> {
    await this.notifyPrefs.replaceOne({ _id: discordId }, prefs, { upsert: true });
  }

  async dismissPanel(panelId: string, discordId: string, version: number): Promise<void> {
    await this.dismissals.updateOne(
      { discordId, panelId },
      { $set: { version, schemaVersion: 1 } },
      { upsert: true },
    );
  }

  async closedPanels(discordId: string): Promise<Record<string, number>> {
    const rows = await this.dismissals.find({ discordId }).toArray();
    return Object.fromEntries(rows.map((r) => [r.panelId, r.version]));
  }

  async appendChat(channel: string, message: ChatMessage, keep: number): Promise<void> {
    const counter = await this.counters.findOneAndUpdate(
      { _id: `chat:${channel}` },
      { $inc: { seq: 1 } },
      { upsert: true, returnDocument: "after" },
    );
    const seq = counter?.seq ?? Date.now();
    await this.chat.insertOne({ ...message, channel, seq, schemaVersion: SCHEMA_VERSIONS.chat });
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

  async close(): Promise<void> {
    await this.client.close();
  }
}

function decodePanel(row: PanelRow): Panel {
  const { schemaVersion: _v, ...panel } = migrate("panel", row as unknown as Doc);
  return panel as unknown as Panel;
}

function isDuplicateKey(error: unknown): boolean {
  return error instanceof MongoServerError && error.code === 11000;
}
