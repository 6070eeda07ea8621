import type Database from "better-sqlite3";
import { type Doc, migrate, SCHEMA_VERSIONS } from "../migrations.ts";
import type { Panel, PanelMessage, PanelStore, VoteCountsByAccount } from "../Store.ts";

/** Panels, one vote per player per panel, dismissals, and where each panel was posted in Discord. */
export class SqlitePanelStore implements PanelStore {
  private readonly stmt;

  constructor(db: Database.Database) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS panels (
        id TEXT PRIMARY KEY NOT NULL,
        schema_version INTEGER NOT NULL,
        active INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        doc TEXT NOT NULL
      ) STRICT;
      CREATE INDEX IF NOT EXISTS panels_active ON panels (active, created_at);
      CREATE TABLE IF NOT EXISTS votes (
        panel_id TEXT NOT NULL,
        discord_id TEXT NOT NULL,
        option_id TEXT NOT NULL,
        voted_at INTEGER NOT NULL
      ) STRICT;
      CREATE UNIQUE INDEX IF NOT EXISTS votes_one_per_player ON votes (panel_id, discord_id);
      CREATE TABLE IF NOT EXISTS dismissals (
        discord_id TEXT NOT NULL,
        panel_id TEXT NOT NULL,
        version INTEGER NOT NULL,
        PRIMARY KEY (discord_id, panel_id)
      ) STRICT;
      CREATE TABLE IF NOT EXISTS panel_messages (
        panel_id TEXT PRIMARY KEY NOT NULL,
        channel_id TEXT NOT NULL,
        message_id TEXT NOT NULL
      ) STRICT;
    `);
    this.stmt = {
      activePanels: db.prepare<[], { doc: string }>(
        "SELECT doc FROM panels WHERE active = 1 ORDER BY created_at, id",
      ),
      getPanel: db.prepare<[string], { doc: string }>("SELECT doc FROM panels WHERE id = ?"),
      savePanel: db.prepare(
        `INSERT INTO panels (id, schema_version, active, created_at, doc) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET schema_version = excluded.schema_version, active = excluded.active,
           created_at = excluded.created_at, doc = excluded.doc`,
      ),
      vote: db.prepare(
        "INSERT OR IGNORE INTO votes (panel_id, discord_id, option_id, voted_at) VALUES (?, ?, ?, ?)",
      ),
      voteCounts: db.prepare<[string], { option_id: string; n: number }>(
        "SELECT option_id, COUNT(*) AS n FROM votes WHERE panel_id = ? GROUP BY option_id",
      ),
      voteCountsByAccount: db.prepare<[string], { option_id: string; guest: number; n: number }>(
        `SELECT option_id, discord_id LIKE 'guest-%' AS guest, COUNT(*) AS n FROM votes
         WHERE panel_id = ? GROUP BY option_id, guest`,
      ),
      voteOf: db.prepare<[string, string], { option_id: string }>(
        "SELECT option_id FROM votes WHERE panel_id = ? AND discord_id = ?",
      ),
      getPanelMessage: db.prepare<[string], { channel_id: string; message_id: string }>(
        "SELECT channel_id, message_id FROM panel_messages WHERE panel_id = ?",
      ),
      setPanelMessage: db.prepare(
        `INSERT INTO panel_messages (panel_id, channel_id, message_id) VALUES (?, ?, ?)
         ON CONFLICT (panel_id) DO UPDATE SET channel_id = excluded.channel_id, message_id = excluded.message_id`,
      ),
      dismiss: db.prepare(
        `INSERT INTO dismissals (discord_id, panel_id, version) VALUES (?, ?, ?)
         ON CONFLICT (discord_id, panel_id) DO UPDATE SET version = excluded.version`,
      ),
      closed: db.prepare<[string], { panel_id: string; version: number }>(
        "SELECT panel_id, version FROM dismissals WHERE discord_id = ?",
      ),
    };
  }

  async listActivePanels(): Promise<Panel[]> {
    return this.stmt.activePanels.all().map((row) => decodePanel(row.doc));
  }

  async getPanel(id: string): Promise<Panel | null> {
    const row = this.stmt.getPanel.get(id);
    return row ? decodePanel(row.doc) : null;
  }

  async savePanel(panel: Panel): Promise<void> {
    this.stmt.savePanel.run(
      panel._id,
      SCHEMA_VERSIONS.panel,
      panel.active ? 1 : 0,
      panel.createdAt,
      JSON.stringify({ ...panel, schemaVersion: SCHEMA_VERSIONS.panel }),
    );
  }

  async recordVote(panelId: string, discordId: string, optionId: string): Promise<boolean> {
    return this.stmt.vote.run(panelId, discordId, optionId, Date.now()).changes === 1;
  }

  async voteCounts(panelId: string): Promise<Record<string, number>> {
    return Object.fromEntries(this.stmt.voteCounts.all(panelId).map((r) => [r.option_id, r.n]));
  }

  async voteCountsByAccount(panelId: string): Promise<VoteCountsByAccount> {
    // prototype-less: an option id such as __proto__ is a key like any other
    const counts: VoteCountsByAccount = { linked: Object.create(null), guests: Object.create(null) };
    for (const r of this.stmt.voteCountsByAccount.all(panelId)) {
      counts[r.guest ? "guests" : "linked"][r.option_id] = r.n;
    }
    return counts;
  }

  async voteOf(panelId: string, discordId: string): Promise<string | null> {
    return this.stmt.voteOf.get(panelId, discordId)?.option_id ?? null;
  }

  async getPanelMessage(panelId: string): Promise<PanelMessage | null> {
    const row = this.stmt.getPanelMessage.get(panelId);
    return row ? { channelId: row.channel_id, messageId: row.message_id } : null;
  }

  async setPanelMessage(panelId: string, message: PanelMessage): Promise<void> {
    this.stmt.setPanelMessage.run(panelId, message.channelId, message.messageId);
  }

  async dismissPanel(panelId: string, discordId: string, version: number): Promise<void> {
    this.stmt.dismiss.run(discordId, panelId, version);
  }

  async closedPanels(discordId: string): Promise<Record<string, number>> {
    return Object.fromEntries(this.stmt.closed.all(discordId).map((r) => [r.panel_id, r.version]));
  }
}

function decodePanel(json: string): Panel {
  const { schemaVersion: _v, ...panel } = migrate("panel", JSON.parse(json) as Doc);
  return panel as unknown as Panel;
}
