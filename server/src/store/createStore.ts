import { join } from "node:path";
import type { Config } from "../config.ts";
import type { Logger } from "../log.ts";
import { storeWriteSeconds } from "../metrics.ts";
import type { Store } from "./Store.ts";

/** The embedded SQLite store by default; MongoDB when MONGODB_URI is set. Writes are timed for /metrics. */
export async function createStore(
  config: Pick<Config, "dataDir" | "mongodbUri" | "mongodbDb">,
  log?: Logger,
): Promise<Store> {
  if (config.mongodbUri) {
    const { MongoStore } = await import("./MongoStore.ts");
    const store = await MongoStore.connect(config.mongodbUri, config.mongodbDb);
    log?.info({ db: config.mongodbDb }, "store: MongoDB");
    return timed(store);
  }
  const { SqliteStore } = await import("./SqliteStore.ts");
  const file = join(config.dataDir, "pickle-garden.sqlite");
  log?.info({ file }, "store: embedded SQLite (set MONGODB_URI for MongoDB)");
  return timed(new SqliteStore(file));
}

const WRITES = [
  "createPlayer",
  "savePlayer",
  "archivePlayer",
  "savePanel",
  "recordVote",
  "dismissPanel",
  "appendChat",
  "setPanelMessage",
  "enqueueOutbox",
  "claimOutbox",
  "ackOutbox",
  "setNotifyPrefs",
] as const satisfies readonly (keyof Store)[];

/** Wraps each write of a store with the store write latency histogram. */
export function timed(store: Store): Store {
  const wrapped: Store = Object.create(store);
  for (const op of WRITES) {
    const original = store[op].bind(store) as (...args: unknown[]) => Promise<unknown>;
    (wrapped as unknown as Record<string, unknown>)[op] = async (...args: unknown[]) => {
      const end = storeWriteSeconds.startTimer({ op });
      try {
        return await original(...args);
      } finally {
        end();
      }
    };
  }
  return wrapped;
}
