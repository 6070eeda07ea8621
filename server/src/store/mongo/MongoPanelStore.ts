import type { Collection, Db } from "mongodb";
import { type Doc, migrate, SCHEMA_VERSIONS } from "../migrations.ts";
import type { Panel, PanelMessage, PanelStore, VoteCountsByAccount } from "../Store.ts";
import { isDuplicateKey } from "./isDuplicateKey.ts";
import type { MongoCollections } from "./MongoCollections.ts";

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
interface PanelMessageRow extends PanelMessage {
  _id: string;
}

/** Panels; one vote and one dismissal per player per panel are unique indexes. */
export class MongoPanelStore implements PanelStore, MongoCollections {
  private readonly panels: Collection<PanelRow>;
  private readonly votes: Collection<VoteRow>;
  private readonly dismissals: Collection<DismissalRow>;
  private readonly panelMessages: Collection<PanelMessageRow>;

  constructor(db: Db) {
    this.panels = db.collection<PanelRow>("panels");
    this.votes = db.collection<VoteRow>("votes");
    this.dismissals = db.collection<DismissalRow>("dismissals");
    this.panelMessages = db.collection<PanelMessageRow>("panelMessages");
  }

  createIndexes(): Promise<unknown> {
    return Promise.all([
      this.panels.createIndex({ active: 1, createdAt: 1 }),
      this.votes.createIndex({ panelId: 1, discordId: 1 }, { unique: true, name: "one_vote_per_player" }),
      this.dismissals.createIndex({ discordId: 1, panelId: 1 }, { unique: true }),
    ]);
  }

  clear(): Promise<unknown> {
    return Promise.all([
      this.panels.deleteMany({}),
      this.votes.deleteMany({}),
      this.dismissals.deleteMany({}),
      this.panelMessages.deleteMany({}),
    ]);
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
    // prototype-less: an option id such as __proto__ is a key like any other
    const counts: VoteCountsByAccount = { linked: Object.create(null), guests: Object.create(null) };
    for (const r of rows) counts[r._id.guest ? "guests" : "linked"][r._id.optionId] = r.n;
    return counts;
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
}

function decodePanel(row: PanelRow): Panel {
  const { schemaVersion: _v, ...panel } = migrate("panel", row as unknown as Doc);
  return panel as unknown as Panel;
}
