/**
 * The limits port: counters in fixed windows, shared by every node when REDIS_URL is set
 * (RedisLimiter) and kept in this process otherwise (MemoryLimiter). One limiter per purpose (its name
 * is its keys' namespace), each key counted apart: `hit` adds and answers the count so far in the
 * current window, so a caller compares it with its own maximum. docs/scale-out.md shows how to use it.
 */

export interface LimitCount {
  /** hits counted on the key in the current window, this one included */
  count: number;
  /** when the window ends and the count starts again (epoch ms) */
  resetAt: number;
}

export interface Limiter {
  /** Adds `n` hits (default 1; 0 reads the count without adding) to `key`'s current window. */
  hit(key: string, n?: number): Promise<LimitCount>;
  /** Takes `n` hits back from `key` (default 1; a hit that should not have counted), never below 0. */
  undo(key: string, n?: number): Promise<void>;
}

/**
 * Makes a limiter: `name` keeps its keys apart from other limiters' (two limiters of one name share
 * their counts, on every node with Redis), `windowMs` is its window.
 */
export type Limiters = (name: string, windowMs: number) => Limiter;
