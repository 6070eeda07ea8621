import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RedisServer, startRedis } from "../../server/testing/redisServer.ts";
import { type RunningServer, removeDataDir, startServer } from "./startServer.ts";

/**
 * Two server processes sharing one store (one SQLite file in WAL mode) and one Redis of their own on a
 * free loopback port (docs/scale-out.md). `restart(i)` starts node i again on the same data (after a kill).
 */

export const CLUSTER_SECRET = "two-nodes-test-secret-0123456789abcdef";

export interface TwoNodes {
  redis: RedisServer;
  nodes: RunningServer[];
  dataDir: string;
  env: Record<string, string>;
  restart(i: number): Promise<void>;
  stop(): Promise<void>;
}

/** `redisOptions`: startRedis's options (a private Redis: its password and TLS, its certificate trusted by the nodes). */
export async function startTwoNodes(
  env: Record<string, string> = {},
  redisOptions: Parameters<typeof startRedis>[0] = {},
): Promise<TwoNodes> {
  const redis = await startRedis(redisOptions);
  const dataDir = mkdtempSync(join(tmpdir(), "pickle-nodes-"));
  const all = {
    REDIS_URL: redis.url,
    AUTH_SECRET: CLUSTER_SECRET,
    RATE_LIMIT_WRITES: "0",
    ...(redis.ca ? { NODE_EXTRA_CA_CERTS: redis.ca } : {}),
    ...env,
  };
  // one after the other: the first creates the SQLite file and its tables
  const first = await startServer(all, dataDir);
  const second = await startServer(all, dataDir);
  const nodes = [first, second];
  return {
    redis,
    nodes,
    dataDir,
    env: all,
    async restart(i) {
      nodes[i] = await startServer(all, dataDir);
    },
    async stop() {
      for (const node of nodes)
        if (node.process.exitCode === null && node.process.signalCode === null) await node.stop("SIGKILL");
      await redis.stop();
      removeDataDir(dataDir);
    },
  };
}
