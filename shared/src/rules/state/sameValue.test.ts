import { describe, expect, it } from "vitest";
import { sameValue } from "./sameValue.ts";

describe("sameValue", () => {
  it("is equality as JSON data: 0 and -0 alike, NaN itself, an array never an object", () => {
    expect(sameValue(0, -0)).toBe(true);
    expect(sameValue(Number.NaN, Number.NaN)).toBe(true);
    expect(sameValue([1], { 0: 1 })).toBe(false);
    expect(sameValue({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
  });

  it("counts keys both ways and compares arrays item by item", () => {
    expect(sameValue({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameValue({ a: 1, b: 2 }, { a: 1 })).toBe(false);
    expect(sameValue({ a: 1, b: 2 }, { a: 1, c: 2 })).toBe(false);
    expect(sameValue([1, [2, 3]], [1, [2, 3]])).toBe(true);
    expect(sameValue([1, 2], [1, 2, 3])).toBe(false);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue({ 0: 1 }, [1])).toBe(false);
  });

  it("tells an object from null, either way round", () => {
    expect(sameValue({}, null)).toBe(false);
    expect(sameValue({ a: 1 }, null)).toBe(false);
    expect(sameValue(null, {})).toBe(false);
  });
});
