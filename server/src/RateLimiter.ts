/** A token bucket per key: `capacity` actions at once, refilled at `refillPerSecond`. */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly opts: { capacity: number; refillPerSecond: number },
    private readonly now: () => number = () => performance.now(),
  ) {}

  take(key: string): boolean {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.opts.capacity, at: now };
    bucket.tokens = Math.min(
      this.opts.capacity,
      bucket.tokens + ((now - bucket.at) / 1000) * this.opts.refillPerSecond,
    );
    bucket.at = now;
    if (this.buckets.size > 50_000) this.buckets.clear();
    this.buckets.set(key, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }
}
