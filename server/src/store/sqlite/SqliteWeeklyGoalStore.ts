import type Database from "better-sqlite3";
import type { WeeklyGoalStore, WeeklyTotals } from "../Store.ts";

export class SqliteWeeklyGoalStore implements WeeklyGoalStore {
  private readonly stmt;
  private readonly addAll: (week: number, amounts: Readonly<Record<string, number>>) => void;

  constructor(db: Database.Database) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS weekly_goal (
        week INTEGER NOT NULL,
        discord_id TEXT NOT NULL,
        amount INTEGER NOT NULL,
        PRIMARY KEY (week, discord_id)
      ) STRICT;
    `);
    this.stmt = {
      add: db.prepare(
        "INSERT INTO weekly_goal (week, discord_id, amount) VALUES (?, ?, ?) ON CONFLICT (week, discord_id) DO UPDATE SET amount = amount + excluded.amount",
      ),
      totals: db.prepare<[number], { total: number | null; contributors: number }>(
        "SELECT SUM(amount) AS total, COUNT(*) AS contributors FROM weekly_goal WHERE week = ?",
      ),
      share: db.prepare<[number, string], { amount: number }>(
        "SELECT amount FROM weekly_goal WHERE week = ? AND discord_id = ?",
      ),
    };
    this.addAll = db.transaction((week: number, amounts: Readonly<Record<string, number>>) => {
      for (const [id, amount] of Object.entries(amounts)) this.stmt.add.run(week, id, amount);
    });
  }

  async addWeeklyContributions(week: number, amounts: Readonly<Record<string, number>>): Promise<void> {
    this.addAll(week, amounts);
  }

  async weeklyTotals(week: number): Promise<WeeklyTotals> {
    const row = this.stmt.totals.get(week);
    return { total: row?.total ?? 0, contributors: row?.contributors ?? 0 };
  }

  async weeklyShare(week: number, discordId: string): Promise<number> {
    return this.stmt.share.get(week, discordId)?.amount ?? 0;
  }
}
