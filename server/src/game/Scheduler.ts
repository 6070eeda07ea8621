/**
 * One scheduler for every live player: a binary min-heap of (wakeAt, id) with lazy deletion and a single
 * timer armed for the earliest entry. `schedule` replaces a key's wake time (the old heap entry stays and
 * is skipped when it surfaces); `replan` re-arms after the clock jumps (the test clock, or a suspended
 * machine), so entries already due fire at once.
 */

export interface SchedulerClock {
  now(): number;
}

interface Entry {
  at: number;
  key: string;
}

export interface SchedulerTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: SchedulerTimers = {
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    t.unref?.();
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** Longest single timer: setTimeout overflows past 2^31-1 ms, and a shorter re-check is harmless. */
const MAX_DELAY_MS = 60_000;

export class Scheduler {
  private readonly heap: Entry[] = [];
  /** the one valid wake time per key; heap entries that disagree are stale */
  private readonly wakeAt = new Map<string, number>();
  private timer: unknown = null;
  private timerAt = Number.POSITIVE_INFINITY;
  private stopped = false;

  constructor(
    private readonly clock: SchedulerClock,
    private readonly onWake: (key: string) => void,
    private readonly timers: SchedulerTimers = realTimers,
  ) {}

  /** Wakes `key` at `at` (epoch ms), replacing any earlier plan; null cancels. */
  schedule(key: string, at: number | null): void {
    if (at === null || !Number.isFinite(at)) {
      this.wakeAt.delete(key);
      return;
    }
    if (this.wakeAt.get(key) === at) return;
    this.wakeAt.set(key, at);
    this.push({ at, key });
    if (at < this.timerAt) this.arm();
  }

  cancel(key: string): void {
    this.wakeAt.delete(key);
  }

  /** When `key` is due next, or null. */
  plannedAt(key: string): number | null {
    return this.wakeAt.get(key) ?? null;
  }

  get size(): number {
    return this.wakeAt.size;
  }

  /** After a clock jump: fire what is due now and re-arm for the rest. */
  replan(): void {
    this.timerAt = Number.POSITIVE_INFINITY;
    this.arm();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  /** Pops and wakes every entry due at or before now. */
  runDue(): void {
    const now = this.clock.now();
    for (;;) {
      const top = this.heap[0];
      if (top === undefined || top.at > now) break;
      this.pop();
      if (this.wakeAt.get(top.key) !== top.at) continue; // stale
      this.wakeAt.delete(top.key);
      try {
        this.onWake(top.key);
      } catch {
        // a wake handler's failure is its own business; the scheduler keeps going
      }
    }
  }

  private arm(): void {
    if (this.stopped) return;
    this.dropStaleTop();
    const top = this.heap[0];
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = Number.POSITIVE_INFINITY;
    if (top === undefined) return;
    const delay = Math.min(MAX_DELAY_MS, Math.max(0, top.at - this.clock.now()));
    this.timerAt = top.at;
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      this.timerAt = Number.POSITIVE_INFINITY;
      this.runDue();
      this.arm();
    }, delay);
  }

  private dropStaleTop(): void {
    for (;;) {
      const top = this.heap[0];
      if (top === undefined || this.wakeAt.get(top.key) === top.at) return;
      this.pop();
    }
  }

  private push(entry: Entry): void {
    const h = this.heap;
    h.push(entry);
    let i = h.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (h[parent]!.at <= entry.at) break;
      h[i] = h[parent]!;
      i = parent;
    }
    h[i] = entry;
  }

  private pop(): Entry | undefined {
    const h = this.heap;
    const top = h[0];
    const last = h.pop();
    if (top === undefined || last === undefined || h.length === 0) return top;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= h.length) break;
      const r = l + 1;
      const child = r < h.length && h[r]!.at < h[l]!.at ? r : l;
      if (h[child]!.at >= last.at) break;
      h[i] = h[child]!;
      i = child;
    }
    h[i] = last;
    return top;
  }
}
