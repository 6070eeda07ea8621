import { createClient } from "redis";
import type { Logger } from "../log.ts";
import { reportAway } from "../scale/redisClient.ts";
import type { Limiters } from "./Limiter.ts";
import { memoryLimiters } from "./MemoryLimiter.ts";
import { redisLimiters } from "./RedisLimiter.ts";

/**
 * The limits of this server: in Redis with its own connection when REDIS_URL is set (the same count on
 * every node), in memory otherwise. `close` ends the connection.
 */
export async function createLimiters(
  redisUrl: string | undefined,
  log: Logger,
): Promise<{ limiters: Limiters; close(): Promise<void> }> {
  if (!redisUrl) return { limiters: memoryLimiters(), close: async () => undefined };
  // with Redis away a count fails at once (no offline queue, a short timeout) and the request passes,
  // rather than every write waiting for Redis to come back
  const client = createClient({
    url: redisUrl,
    disableOfflineQueue: true,
    commandOptions: { timeout: 2000 },
  });
  reportAway([client], (err) => log.error({ err }, "redis error: limits pass unchecked until it answers"));
  await client.connect();
  return {
    limiters: redisLimiters(client),
    async close() {
      await client.close();
    },
  };
}
