import { CRAFT_CODES } from "@pickle-garden/shared";
import { describe, expect, it } from "vitest";
import { i18n } from "../i18n/index.ts";
import { craftRefusal, craftUpdateLine } from "./craftMessages.ts";
import { craftNames } from "./craftNames.ts";

const text = (line: { key: string; params: Record<string, unknown> } | null) =>
  line ? i18n.t(line.key, { ns: "pages", ...line.params }) : null;
const stop = { skill: "smithing", slotId: 0, itemId: 20001, remaining: 2, kind: "stopped" as const };

describe("craft texts come from the protocol's kinds, reasons and codes", () => {
  it("a crafted item and a finished slot are successes", () => {
    const crafted = craftUpdateLine({ ...stop, kind: "crafted", xp: 3, quantity: 1 }, craftNames);
    expect(crafted?.tone).toBe("success");
    expect(text(crafted)).toBe("Crafted Dirt Brick and granted 3 Smithing XP.");
    expect(text(craftUpdateLine({ ...stop, remaining: 0, reason: "finished" }, craftNames))).toBe(
      "Slot 1 finished crafting all items.",
    );
    expect(craftUpdateLine({ ...stop, kind: "progress" }, craftNames)).toBeNull();
  });

  it("a cancel is information, not an error", () => {
    const line = craftUpdateLine({ ...stop, reason: "cancelled" }, craftNames);
    expect(line?.tone).toBe("info");
    expect(text(line)).toBe(
      "Cancelled Dirt Brick in Smithing slot 1; its materials are back in your inventory.",
    );
    expect(text(line)).not.toMatch(/error|❌/i);
  });

  it("a switch says what it stopped", () => {
    const line = craftUpdateLine({ ...stop, reason: "switched", next: "tanning" }, craftNames);
    expect(line?.tone).toBe("info");
    expect(text(line)).toBe("Stopped 2 Dirt Bricks in Smithing slot 1 (switching to Tanning).");
  });

  it("each refusal code has its own text, in both languages", async () => {
    const o = { skill: "smithing", slotId: 1, itemId: 30201 };
    expect(text(craftRefusal(CRAFT_CODES.levelRequired, o, craftNames))).toBe(
      "Clay Helmet needs Smithing level 5.",
    );
    expect(text(craftRefusal(CRAFT_CODES.notEnoughMaterials, o, craftNames))).toBe(
      "Not enough materials for Clay Helmet.",
    );
    expect(text(craftRefusal(undefined, o, craftNames))).toBe("Could not craft in slot 2. Try again.");
    const keys = Object.values(CRAFT_CODES).map((c) => craftRefusal(c, o, craftNames).key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const lang of ["en", "fr"]) {
      for (const key of keys)
        expect(i18n.exists(key, { ns: "pages", lng: lang }), `${lang} ${key}`).toBe(true);
    }
  });
});
