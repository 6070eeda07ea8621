import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { withGeneratedBlocks } from "../../scripts/sim/progressionDoc.ts";

describe("docs/progression.md", () => {
  it("holds what `npm run docs:progression` writes from the current rules and data", () => {
    const doc = readFileSync(new URL("../../docs/progression.md", import.meta.url), "utf8");
    expect(doc).toBe(withGeneratedBlocks(doc));
  });
});
