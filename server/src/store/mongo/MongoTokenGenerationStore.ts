import type { Collection, Db } from "mongodb";
import type { TokenGenerationStore } from "../Store.ts";
import type { MongoCollections } from "./MongoCollections.ts";

interface TokenGenerationRow {
  _id: string;
  generation: number;
}

export class MongoTokenGenerationStore implements TokenGenerationStore, MongoCollections {
  private readonly tokenGenerations: Collection<TokenGenerationRow>;

  constructor(db: Db) {
    this.tokenGenerations = db.collection<TokenGenerationRow>("tokenGenerations");
  }

  clear(): Promise<unknown> {
    return this.tokenGenerations.deleteMany({});
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
}
