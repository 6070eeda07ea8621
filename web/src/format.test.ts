import { describe, expect, it } from "vitest";
import { awayParts, formatClock, formatDuration, formatExact, formatNumber, percent } from "./format.ts";
import { setLanguage } from "./stores/settingsStore.ts";

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
    expect(formatNumber(n, 2, "en")).toBe(expected);
  });
  it("rounds 999.999 up to 1K", () => {
    expect(formatNumber(999.999, 2, "en")).toBe("1K");
  });
  it.each([
    [111.84, "111,84"],
    [1234, "1,2\u00a0k"],
    [1_500_000, "1,5\u00a0M"],
    [999.999, "1\u00a0k"],
  ])("%s → %s in French", (n, expected) => {
    expect(formatNumber(n, 2, "fr")).toBe(expected);
  });
  it("follows the player's language", () => {
    setLanguage("fr");
    expect(formatNumber(12.5)).toBe("12,5");
    setLanguage("en");
    expect(formatNumber(12.5)).toBe("12.5");
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
    expect(formatDuration(ms, "en")).toBe(expected);
  });
  it.each([
    [3000, "3\u00a0s"],
    [2400, "2,4\u00a0s"],
    [125_000, "2\u00a0min 5\u00a0s"],
    [7_384_000, "2\u00a0h 3\u00a0min 4\u00a0s"],
  ])("%s ms → %s in French", (ms, expected) => {
    expect(formatDuration(ms, "fr")).toBe(expected);
  });
});

describe("awayParts", () => {
  const H = 3_600_000;
  it.each([
    [0, "0 seconds"],
    [40_000, "40 seconds"],
    [25_700, "26 seconds"],
    [95 * 60_000, "1 hours 35 minutes"],
    [2 * H, "2 hours"],
    [8 * H + 20 * 60_000, "8 hours 20 minutes"],
    [25 * H + 4_000, "25 hours"],
    [47 * H + 20 * 60_000, "47 hours"],
    [72 * H + 4_000, "3 days"],
    [80 * H, "3 days 8 hours"],
    [10 * 24 * H + 5 * H, "10 days"],
  ])("%s ms → %s", (ms, expected) => {
    expect(
      awayParts(ms)
        .map((p) => `${p.count} ${p.unit}`)
        .join(" "),
    ).toBe(expected);
  });
});

describe("formatExact", () => {
  it("groups thousands the language's way", () => {
    expect(formatExact(1234567, "en")).toBe("1,234,567");
    expect(formatExact(1234567.5, "fr")).toBe("1\u202f234\u202f567,5");
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
