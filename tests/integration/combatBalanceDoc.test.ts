import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { balanceDoc, balanceTable } from "../../shared/src/rules/simulation/combat/balanceTable.ts";

describe("docs/combat-balance.md", () => {
  it("is what `npm run docs:balance` writes from the current formulas", () => {
    const doc = readFileSync(new URL("../../docs/combat-balance.md", import.meta.url), "utf8");
    expect(doc).toBe(balanceDoc(balanceTable()));
  });
});
