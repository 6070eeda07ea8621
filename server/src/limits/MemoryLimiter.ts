import type { LimitCount, Limiter, Limiters } from "./Limiter.ts";

// chosen: far more keys than one node meets in a window; past it the oldest windows are forgotten first
const MAX_KEYS = 100_000;

/** The limits port in this process's memory: one node's counts (no REDIS_URL). */
export class MemoryLimiter implements Limiter {
  private readonly windows = new Map<string, LimitCount>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string, n = 1): Promise<LimitCount> {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.windows.delete(key);
      if (this.windows.size >= MAX_KEYS) this.forgetOldest(now);
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += n;
    return { ...window };
  }

  async undo(key: string, n = 1): Promise<void> {
    const window = this.windows.get(key);
    if (window) window.count = Math.max(0, window.count - n);
  }

  private forgetOldest(now: number): void {
    for (const [key, window] of this.windows) {
      if (window.resetAt <= now || this.windows.size >= MAX_KEYS) this.windows.delete(key);
      else break;
    }
  }
}

/** Limiters in this process; asking twice for one name answers the same limiter (its counts shared, as in Redis). */
export function memoryLimiters(): Limiters {
  const made = new Map<string, MemoryLimiter>();
  return (name, windowMs) => {
    let limiter = made.get(name);
    if (!limiter) {
      limiter = new MemoryLimiter(windowMs);
      made.set(name, limiter);
    }
    return limiter;
  };
}
