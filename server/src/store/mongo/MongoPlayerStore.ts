import type { Collection, Db } from "mongodb";
import { type Doc, migrate, SCHEMA_VERSIONS } from "../migrations.ts";
import {
  DuplicatePlayerError,
  FencedOffError,
  PlayerNotFoundError,
  type PlayerStore,
  type StoredPlayer,
  VersionConflictError,
  type Versioned,
} from "../Store.ts";
import { isDuplicateKey } from "./isDuplicateKey.ts";
import type { MongoCollections } from "./MongoCollections.ts";

interface PlayerRow {
  _id: string;
  version: number;
  /** the fencing token (docs/scale-out.md); missing on documents written before it: 0 */
  fence?: number;
  schemaVersion: number;
  updatedAt: Date;
  player: StoredPlayer["player"];
  meta: StoredPlayer["meta"];
}

/** Players keyed by `_id` (unique by construction, and the shard key past one machine). */
export class MongoPlayerStore implements PlayerStore, MongoCollections {
  private readonly players: Collection<PlayerRow>;

  constructor(db: Db) {
    this.players = db.collection<PlayerRow>("players");
  }

  clear(): Promise<unknown> {
    return this.players.deleteMany({});
  }

  async loadPlayer(discordId: string): Promise<Versioned<StoredPlayer> | null> {
    const row = await this.players.findOne({ _id: discordId });
    if (!row) return null;
    const { _id, version, fence = 0, updatedAt: _u, ...stored } = row;
    const doc = migrate("player", stored as unknown as Doc);
    return { doc: { player: doc.player, meta: doc.meta } as StoredPlayer, version, fence };
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

  async savePlayer(doc: StoredPlayer, expectedVersion: number, fence: number): Promise<number> {
    const id = doc.player.discordId;
    const result = await this.players.updateOne(
      // a missing token is 0: `$not $gt` matches it
      { _id: id, version: expectedVersion, fence: { $not: { $gt: fence } } },
      {
        $set: {
          player: doc.player,
          meta: doc.meta,
          fence,
          schemaVersion: SCHEMA_VERSIONS.player,
          updatedAt: new Date(),
        },
        $inc: { version: 1 },
      },
    );
    if (result.matchedCount !== 1) {
      const stored = await this.players.findOne({ _id: id }, { projection: { fence: 1 } });
      if ((stored?.fence ?? 0) > fence) throw new FencedOffError(`player ${id}`);
      throw new VersionConflictError(`player ${id}`);
    }
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
}
