import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RedisServer, redisBinary, startRedis } from "../../testing/redisServer.ts";
import type { Limiters } from "./Limiter.ts";
import { memoryLimiters } from "./MemoryLimiter.ts";
import { redisLimiters } from "./RedisLimiter.ts";

/** One contract for every adapter of the limits port: in memory, and in a real redis-server. */

let redis: RedisServer | undefined;
let client: ReturnType<typeof createClient> | undefined;
beforeAll(async () => {
  if (!redisBinary) return;
  redis = await startRedis();
  client = createClient({ url: redis.url });
  await client.connect();
});
afterAll(async () => {
  await client?.close();
  await redis?.stop();
});

const adapters: [string, () => Limiters][] = [
  ["memory", () => memoryLimiters()],
  ["redis", () => redisLimiters(client!)],
];

for (const [name, make] of adapters) {
  describe.skipIf(name === "redis" && !redisBinary)(`limits port: ${name}`, () => {
    it("counts each key apart in its window, reads with 0, takes hits back, never below 0", async () => {
      const limiter = make()(`contract-${name}`, 60_000);
      const first = await limiter.hit("a");
      expect(first.count).toBe(1);
      expect(first.resetAt).toBeGreaterThan(Date.now() + 55_000);
      expect((await limiter.hit("a", 2)).count).toBe(3);
      expect((await limiter.hit("b")).count).toBe(1);
      await limiter.undo("a");
      expect((await limiter.hit("a", 0)).count).toBe(2);
      await limiter.undo("a", 5);
      expect((await limiter.hit("a", 0)).count).toBe(0);
    });

    it("starts again once the window has ended", async () => {
      const limiter = make()(`window-${name}`, 150);
      await limiter.hit("k", 5);
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect((await limiter.hit("k")).count).toBe(1);
    });

    it("one name shares its counts; another name counts apart", async () => {
      const limiters = make();
      await limiters(`shared-${name}`, 60_000).hit("k");
      expect((await limiters(`shared-${name}`, 60_000).hit("k")).count).toBe(2);
      expect((await limiters(`other-${name}`, 60_000).hit("k")).count).toBe(1);
    });
  });
}
