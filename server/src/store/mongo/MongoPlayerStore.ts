import type { Collection, Db } from "mongodb";
import { type Doc, migrate, SCHEMA_VERSIONS } from "../migrations.ts";
import {
  DuplicatePlayerError,
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
}
