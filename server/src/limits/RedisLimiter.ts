import type { createClient } from "redis";
import type { LimitCount, Limiter, Limiters } from "./Limiter.ts";

type RedisClient = Pick<ReturnType<typeof createClient>, "eval">;

/**
 * The limits port in Redis: every node sharing REDIS_URL counts on the same key `pg:limit:<name>:<key>`,
 * whose window is the key's time to live (set by the hit that creates it, in one script, so a key never
 * outlives its window).
 */

const HIT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return { count, ttl }`;

const UNDO = `
local left = redis.call('DECRBY', KEYS[1], ARGV[1])
if left <= 0 then redis.call('DEL', KEYS[1]) end
return left`;

export class RedisLimiter implements Limiter {
  constructor(
    private readonly redis: RedisClient,
    private readonly name: string,
    private readonly windowMs: number,
  ) {}

  async hit(key: string, n = 1): Promise<LimitCount> {
    const [count, ttl] = (await this.redis.eval(HIT, {
      keys: [this.key(key)],
      arguments: [String(n), String(this.windowMs)],
    })) as [number, number];
    return { count, resetAt: Date.now() + ttl };
  }

  async undo(key: string, n = 1): Promise<void> {
    await this.redis.eval(UNDO, { keys: [this.key(key)], arguments: [String(n)] });
  }

  private key(key: string): string {
    return `pg:limit:${this.name}:${key}`;
  }
}

export const redisLimiters =
  (redis: RedisClient): Limiters =>
  (name, windowMs) =>
    new RedisLimiter(redis, name, windowMs);
