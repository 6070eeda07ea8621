import type { PlayerAfflictions } from "../../../protocol/player.ts";

const INF = Number.POSITIVE_INFINITY;
const NONE = Number.NEGATIVE_INFINITY;

/**
 * A fighter's afflictions in a running fight as plain numbers (afflictions.ts applies them): what ended is
 * NONE (or INF for the next poison tick), so a check is one comparison on the hot path.
 */
export class Afflicted {
  poisonDps = 0;
  poisonUntil = NONE;
  poisonNextTick = INF;
  weakenPct = 0;
  weakenUntil = NONE;
  slowPct = 0;
  slowUntil = NONE;
  /** the swing a stun put back (NONE, or a past swing, when none is) */
  stunSwingAt = NONE;

  /** A swing interval from t: `pct` % longer while slowed (rounded to the ms). */
  swingInterval(interval: number, t: number): number {
    return this.slowUntil > t ? Math.round((interval * (100 + this.slowPct)) / 100) : interval;
  }

  /** A swing's damage while weakened: `pct` % less, floored, at least 1. */
  weakenedHit(hit: number): number {
    return Math.max(1, Math.floor((hit * (100 - this.weakenPct)) / 100));
  }

  /** Death, or a fight without any. */
  clear(): void {
    this.endPoison();
    this.weakenPct = 0;
    this.weakenUntil = NONE;
    this.slowPct = 0;
    this.slowUntil = NONE;
    this.stunSwingAt = NONE;
  }

  endPoison(): void {
    this.poisonDps = 0;
    this.poisonUntil = NONE;
    this.poisonNextTick = INF;
  }

  /** The document's afflictions at `at` (the fight's next swing at `nextSwingAt`); what ended by then is dropped. */
  restore(a: PlayerAfflictions | undefined, at: number, nextSwingAt: number): void {
    this.clear();
    if (!a) return;
    if (a.poison && a.poison.nextTickAt > at) {
      this.poisonDps = a.poison.dps;
      this.poisonUntil = a.poison.until;
      this.poisonNextTick = a.poison.nextTickAt;
    }
    if (a.weaken && a.weaken.until > at) {
      this.weakenPct = a.weaken.pct;
      this.weakenUntil = a.weaken.until;
    }
    if (a.slow && a.slow.until > at) {
      this.slowPct = a.slow.pct;
      this.slowUntil = a.slow.until;
    }
    if (a.stun && a.stun.swingAt === nextSwingAt) this.stunSwingAt = a.stun.swingAt;
  }

  /** Those still running at t, for the document; undefined when none. */
  toDocument(t: number, nextSwingAt: number): PlayerAfflictions | undefined {
    const out: PlayerAfflictions = {};
    if (this.poisonNextTick !== INF)
      out.poison = { until: this.poisonUntil, dps: this.poisonDps, nextTickAt: this.poisonNextTick };
    if (this.weakenUntil > t) out.weaken = { until: this.weakenUntil, pct: this.weakenPct };
    if (this.slowUntil > t) out.slow = { until: this.slowUntil, pct: this.slowPct };
    if (this.stunSwingAt === nextSwingAt && this.stunSwingAt > t) out.stun = { swingAt: this.stunSwingAt };
    return out.poison || out.weaken || out.slow || out.stun ? out : undefined;
  }
}
