import type { Collection, Db } from "mongodb";
import type { WeeklyGoalStore, WeeklyTotals } from "../Store.ts";
import type { MongoCollections } from "./MongoCollections.ts";

interface WeeklyRow {
  /** `<week>:<discordId>` */
  _id: string;
  week: number;
  discordId: string;
  amount: number;
}

export class MongoWeeklyGoalStore implements WeeklyGoalStore, MongoCollections {
  private readonly weekly: Collection<WeeklyRow>;

  constructor(db: Db) {
    this.weekly = db.collection<WeeklyRow>("weeklyGoal");
  }

  createIndexes(): Promise<unknown> {
    return this.weekly.createIndex({ week: 1 });
  }

  clear(): Promise<unknown> {
    return this.weekly.deleteMany({});
  }

  async addWeeklyContributions(week: number, amounts: Readonly<Record<string, number>>): Promise<void> {
    const ops = Object.entries(amounts).map(([discordId, amount]) => ({
      updateOne: {
        filter: { _id: `${week}:${discordId}` },
        update: { $inc: { amount }, $setOnInsert: { week, discordId } },
        upsert: true,
      },
    }));
    if (ops.length > 0) await this.weekly.bulkWrite(ops, { ordered: false });
  }

  async weeklyTotals(week: number): Promise<WeeklyTotals> {
    const [row] = await this.weekly
      .aggregate<WeeklyTotals>([
        { $match: { week } },
        { $group: { _id: null, total: { $sum: "$amount" }, contributors: { $sum: 1 } } },
        { $project: { _id: 0, total: 1, contributors: 1 } },
      ])
      .toArray();
    return row ?? { total: 0, contributors: 0 };
  }

  async weeklyShare(week: number, discordId: string): Promise<number> {
    return (await this.weekly.findOne({ _id: `${week}:${discordId}` }))?.amount ?? 0;
  }
}
