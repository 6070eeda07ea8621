import type { Rng } from "./rng.ts";

/**
 * Successes in `n` draws without replacement from `total` items of which `good` are successes.
 * Exact (sequential draws, or inversion around the mode) when small; normal approximation with continuity
 * correction when the standard deviation is at least 3, the same trade the generator's binomial makes.
 */
export function hypergeometric(rng: Rng, total: number, good: number, n: number): number {
  if (n <= 0 || good <= 0) return 0;
  if (good >= total) return n;
  if (n >= total) return good;
  if (2 * n > total) return good - hypergeometric(rng, total, good, total - n);
  if (2 * good > total) return n - hypergeometric(rng, total, total - good, n);
  if (good < n) return hypergeometric(rng, total, n, good);
  const lo = Math.max(0, n - (total - good));
  const hi = Math.min(n, good);
  if (lo === hi) return lo;
  if (n <= 32) {
    let k = 0;
    let g = good;
    let t = total;
    for (let i = 0; i < n; i++) {
      if (rng.next() * t < g) {
        k++;
        g--;
      }
      t--;
    }
    return k;
  }
  const p = good / total;
  const mean = n * p;
  const variance = (mean * (1 - p) * (total - n)) / (total - 1);
  if (variance >= 9) {
    const k = Math.round(mean + Math.sqrt(variance) * gaussian(rng));
    return Math.min(hi, Math.max(lo, k));
  }
  // inversion over the pmf around the mode, built from term ratios; beyond 8 sd + 8 the tails are negligible
  const mode = Math.min(hi, Math.max(lo, Math.floor(((n + 1) * (good + 1)) / (total + 2))));
  const reach = Math.ceil(8 * Math.sqrt(variance)) + 8;
  const from = Math.max(lo, mode - reach);
  const to = Math.min(hi, mode + reach);
  const w: number[] = [];
  w[mode - from] = 1;
  for (let k = mode; k < to; k++) {
    const r = ((good - k) * (n - k)) / ((k + 1) * (total - good - n + k + 1));
    w[k + 1 - from] = (w[k - from] as number) * r;
  }
  for (let k = mode; k > from; k--) {
    const r = ((good - k + 1) * (n - k + 1)) / (k * (total - good - n + k));
    w[k - 1 - from] = (w[k - from] as number) / r;
  }
  let sum = 0;
  for (const x of w) sum += x;
  let u = rng.next() * sum;
  for (let i = 0; i < w.length; i++) {
    u -= w[i] as number;
    if (u < 0) return from + i;
  }
  return to;
}

/** Splits counts per category: how many of each fall in a uniformly random `take` of the pool. */
export function hypergeometricSplit(rng: Rng, pool: readonly number[], take: number): number[] {
  let total = 0;
  for (const c of pool) total += c;
  const out = new Array<number>(pool.length).fill(0);
  let left = take;
  for (let i = 0; i < pool.length && left > 0; i++) {
    const c = pool[i] as number;
    if (c === 0) continue;
    const k = i === pool.length - 1 || total === c ? left : hypergeometric(rng, total, c, left);
    out[i] = k;
    left -= k;
    total -= c;
  }
  return out;
}

function gaussian(rng: Rng): number {
  const u = 1 - rng.next();
  const v = rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
