import { describe, expect, it } from "vitest";
import { formatClock, formatDuration, formatNumber, percent } from "./format.ts";

describe("formatNumber", () => {
  it.each([
    [0, "0"],
    [7, "7"],
    [999, "999"],
    [12.345, "12.35"],
    [0.004, "0"],
    [1000, "1K"],
    [1234, "1.2K"],
    [12_345, "12.3K"],
    [999_949, "999.9K"],
    [999_999, "1M"],
    [1_500_000, "1.5M"],
    [10_000_000, "10M"],
    [2_500_000_000, "2500M"],
    [-1234, "-1.2K"],
    [Number.NaN, "0"],
  ])("%s → %s", (n, expected) => {
    expect(formatNumber(n)).toBe(expected);
  });
  it("rounds 999.999 up to 1K", () => {
    expect(formatNumber(999.999)).toBe("1K");
  });
});

describe("formatDuration", () => {
  it.each([
    [0, "0s"],
    [-5, "0s"],
    [400, "0.4s"],
    [2400, "2.4s"],
    [10_000, "10s"],
    [59_960, "1m"],
    [65_000, "1m 5s"],
    [3_600_000, "1h"],
    [7_384_000, "2h 3m 4s"],
    [2 * 3_600_000 + 30_000, "2h 30s"],
  ])("%s ms → %s", (ms, expected) => {
    expect(formatDuration(ms)).toBe(expected);
  });
  it("takes localized units", () => {
    expect(formatDuration(125_000, { h: "h", m: "min", s: "s" })).toBe("2min 5s");
  });
});

describe("formatClock", () => {
  it("prints a 24-hour clock in a given zone", () => {
    expect(formatClock(Date.UTC(2026, 10, 22, 14, 5, 9), "UTC")).toBe("14:05:09");
  });
});

describe("percent", () => {
  it("clamps", () => {
    expect(percent(5, 10)).toBe("50%");
    expect(percent(15, 10)).toBe("100%");
    expect(percent(-1, 10)).toBe("0%");
    expect(percent(1, 0)).toBe("0%");
  });
});
