import { describe, expect, it } from "vitest";
import { SystemClock, TestClock } from "./clock.ts";

describe("clocks", () => {
  it("SystemClock reads real time and never jumps", () => {
    const clock = new SystemClock();
    const before = Date.now();
    expect(clock.now()).toBeGreaterThanOrEqual(before);
    expect(typeof clock.onJump(() => {})).toBe("function");
  });

  it("TestClock is real time plus an offset; advance tells its listeners", () => {
    let real = 1_000;
    const clock = new TestClock(() => real);
    const heard: number[] = [];
    const off = clock.onJump(() => heard.push(clock.now()));
    expect(clock.now()).toBe(1_000);
    expect(clock.advance(3_600_000)).toBe(3_601_000);
    real = 2_000;
    expect(clock.now()).toBe(3_602_000);
    off();
    clock.advance(1);
    expect(heard).toEqual([3_601_000]);
    expect(() => clock.advance(-1)).toThrow(RangeError);
  });
});
