import { LAB_NODES } from "@pickle-garden/shared";
import { afterAll, describe, expect, it } from "vitest";
import { i18n } from "../../i18n/index.ts";
import { labNodeText } from "./labText.ts";

const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, { ns: "pages", ...params });

afterAll(() => void i18n.changeLanguage("en"));

describe("lab node texts", () => {
  it("names every node in English and French, never with a raw key", async () => {
    for (const lng of ["en", "fr"]) {
      await i18n.changeLanguage(lng);
      for (const node of Object.values(LAB_NODES)) {
        const { label, desc } = labNodeText(node, t);
        expect(label, node._id).not.toMatch(/lab\.nodes|\{\{/);
        expect(desc, node._id).not.toMatch(/lab\.nodes|\{\{/);
        expect(label.length).toBeGreaterThan(0);
      }
    }
  });

  it("reads the real effect: botany's '+5' node adds 1", async () => {
    await i18n.changeLanguage("en");
    const botany = LAB_NODES["south:botany:damage-5"]!;
    expect(labNodeText(botany, t)).toEqual({
      label: "Botany damage +5",
      desc: "+1 Botany damage per level.",
    });
    expect(labNodeText(LAB_NODES["south:mining:unlock"]!, t).label).toBe("Unlock Mining");
    await i18n.changeLanguage("fr");
    expect(labNodeText(LAB_NODES["south:mining:speed-1"]!, t).label).toBe("Minage vitesse +1\u00a0%");
  });
});
