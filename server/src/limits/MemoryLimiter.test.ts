import { describe, expect, it } from "vitest";
import { MemoryLimiter, memoryLimiters } from "./MemoryLimiter.ts";

describe("MemoryLimiter", () => {
  it("counts each key in its window, starts again when the window ends, and takes hits back", async () => {
    let now = 1_000;
    const limiter = new MemoryLimiter(60_000, () => now);
    expect(await limiter.hit("a")).toEqual({ count: 1, resetAt: 61_000 });
    expect(await limiter.hit("a", 2)).toEqual({ count: 3, resetAt: 61_000 });
    expect((await limiter.hit("b")).count).toBe(1);
    await limiter.undo("a");
    expect((await limiter.hit("a", 0)).count).toBe(2);
    await limiter.undo("a", 5);
    expect((await limiter.hit("a", 0)).count).toBe(0);
    now = 61_000;
    expect(await limiter.hit("b")).toEqual({ count: 1, resetAt: 121_000 });
  });

  it("one name, one limiter: its counts are shared", async () => {
    const limiters = memoryLimiters();
    await limiters("writes", 1000).hit("k");
    expect((await limiters("writes", 1000).hit("k")).count).toBe(2);
    expect((await limiters("guests", 1000).hit("k")).count).toBe(1);
  });
});
