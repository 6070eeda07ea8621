import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Scheduler, type SchedulerTimers } from "./Scheduler.ts";

/** A manual clock and timer: `tick(ms)` moves time and fires the one armed timer when due. */
function harness() {
  let now = 1_000;
  let armed: { fn: () => void; at: number } | null = null;
  let arms = 0;
  const timers: SchedulerTimers = {
    setTimeout: (fn, ms) => {
      arms += 1;
      armed = { fn, at: now + ms };
      return armed;
    },
    clearTimeout: (h) => {
      if (armed === h) armed = null;
    },
  };
  const woken: [string, number][] = [];
  const scheduler = new Scheduler({ now: () => now }, (key) => woken.push([key, now]), timers);
  return {
    scheduler,
    woken,
    get arms() {
      return arms;
    },
    get armed() {
      return armed;
    },
    set(t: number) {
      now = t;
    },
    tick(ms: number) {
      const end = now + ms;
      while (armed && armed.at <= end) {
        now = Math.max(now, armed.at);
        const fn = armed.fn;
        armed = null;
        fn();
      }
      now = end;
    },
  };
}

describe("Scheduler (one min-heap, one timer)", () => {
  it("wakes keys in time order with a single armed timer", () => {
    const h = harness();
    h.scheduler.schedule("b", 3_000);
    h.scheduler.schedule("a", 2_000);
    h.scheduler.schedule("c", 2_500);
    h.tick(5_000);
    expect(h.woken).toEqual([
      ["a", 2_000],
      ["c", 2_500],
      ["b", 3_000],
    ]);
    expect(h.scheduler.size).toBe(0);
    expect(h.armed).toBeNull();
  });

  it("rescheduling replaces the old plan (lazy deletion) and cancel forgets a key", () => {
    const h = harness();
    h.scheduler.schedule("a", 2_000);
    h.scheduler.schedule("a", 4_000);
    h.scheduler.schedule("b", 3_000);
    h.scheduler.cancel("b");
    h.tick(10_000);
    expect(h.woken).toEqual([["a", 4_000]]);
  });

  it("replan after a clock jump fires everything now due", () => {
    const h = harness();
    h.scheduler.schedule("a", 50_000);
    h.scheduler.schedule("b", 3_600_000);
    h.set(4_000_000); // the test clock jumped an hour
    h.scheduler.replan();
    h.tick(0);
    expect(h.woken.map(([k]) => k)).toEqual(["a", "b"]);
  });

  it("wakes every key exactly once at its last planned time (property)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.constantFrom("a", "b", "c", "d", "e"), fc.integer({ min: 1_000, max: 100_000 })),
          {
            maxLength: 60,
          },
        ),
        (plans) => {
          const h = harness();
          const last = new Map<string, number>();
          for (const [key, at] of plans) {
            h.scheduler.schedule(key, at);
            last.set(key, at);
          }
          h.tick(200_000);
          const byTime = (x: [string, number], y: [string, number]) => x[1] - y[1] || (x[0] < y[0] ? -1 : 1);
          const expected = [...last]
            .map(([k, at]): [string, number] => [k, Math.max(at, 1_000)])
            .sort(byTime);
          expect([...h.woken].sort(byTime)).toEqual(expected);
          // in time order
          for (let i = 1; i < h.woken.length; i++)
            expect(h.woken[i]![1]).toBeGreaterThanOrEqual(h.woken[i - 1]![1]);
          expect(new Set(h.woken.map(([k]) => k)).size).toBe(h.woken.length);
        },
      ),
      { numRuns: 300 },
    );
  });
});
