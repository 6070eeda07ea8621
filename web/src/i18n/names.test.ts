import {
  AFFIXES,
  GATHER_NODES,
  ITEMS,
  LAB_NODES,
  LOCATIONS,
  MONSTERS,
  RECIPES,
  SPELL_IDS,
} from "@pickle-garden/shared";
import { afterAll, describe, expect, it } from "vitest";
import { labNodeText } from "../pages/lab/labText.ts";
import { i18n } from "./index.ts";
import {
  affixText,
  affixTextKeys,
  itemDescription,
  itemName,
  itemNameKeys,
  locationName,
  locationNameKeys,
  monsterName,
  monsterNameKeys,
  nodeName,
  nodeNameKeys,
  spellName,
  spellNameKeys,
} from "./names.ts";

const LANGUAGES = ["en", "fr"] as const;

/** The text at `ns:path` in one language only: no fallback to English. */
function own(lng: string, key: string): unknown {
  const [ns, path] = key.split(":") as [string, string];
  return i18n.getResource(lng, ns, path);
}

/** Every data id, the keys its name is made of, and the name shown. */
const NAMED: { what: string; keys: string[]; name: () => string }[] = [
  ...Object.keys(ITEMS).map((id) => ({
    what: `item ${id}`,
    keys: itemNameKeys(Number(id)),
    name: () => itemName(Number(id)),
  })),
  ...Object.keys(RECIPES).map((id) => ({
    what: `recipe ${id}`,
    keys: itemNameKeys(Number(id)),
    name: () => itemName(Number(id)),
  })),
  ...Object.keys(GATHER_NODES).map((id) => ({
    what: `node ${id}`,
    keys: nodeNameKeys(Number(id)),
    name: () => nodeName(Number(id)),
  })),
  ...Object.keys(MONSTERS).map((id) => ({
    what: `monster ${id}`,
    keys: monsterNameKeys(Number(id)),
    name: () => monsterName(Number(id)),
  })),
  ...SPELL_IDS.map((id) => ({ what: `spell ${id}`, keys: spellNameKeys(id), name: () => spellName(id) })),
  ...[...LOCATIONS.map((l) => l.id), "home"].map((id) => ({
    what: `location ${id}`,
    keys: locationNameKeys(id),
    name: () => locationName(id),
  })),
  ...AFFIXES.map((a) => ({ what: `affix ${a.id}`, keys: affixTextKeys(a.id), name: () => affixText(a.id) })),
];

afterAll(() => void i18n.changeLanguage("en"));

describe("names of the game data", () => {
  it.each(LANGUAGES)(
    "every item, recipe, node, monster, spell, location and affix has its %s text",
    async (lng) => {
      await i18n.changeLanguage(lng);
      for (const { what, keys, name } of NAMED) {
        expect(keys.length, what).toBeGreaterThan(0);
        for (const key of keys) expect(own(lng, key), `${what}: ${key}`).toEqual(expect.any(String));
        expect(name(), what).not.toMatch(/\{\{|^#|names:|shell:/);
      }
      for (const id of Object.keys(ITEMS)) {
        expect(itemDescription(Number(id)), `item ${id}`).not.toMatch(/\{\{|names:|pages:|shell:/);
      }
    },
  );

  it.each(LANGUAGES)("every lab node has its %s name and description", async (lng) => {
    await i18n.changeLanguage(lng);
    const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, { ns: "pages", ...params });
    for (const node of Object.values(LAB_NODES)) {
      const { label, desc } = labNodeText(node, t);
      // the data's English label only comes back when no text matched the node
      if (lng === "fr") expect([label, desc], node._id).not.toContain(node.desc);
      expect(`${label} ${desc}`, node._id).not.toMatch(/\{\{|lab\.nodes|shell:/);
    }
  });

  it("names things in the player's language", async () => {
    await i18n.changeLanguage("en");
    expect([
      itemName(10001),
      itemName(30107),
      itemName(21003),
      nodeName(101),
      spellName("long_shot"),
    ]).toEqual(["Dirt", "Dirt Sword", "Chanterelle Leather", "Button Mushroom", "Long Shot"]);
    expect(itemDescription(30107)).toBe("Tier 1 melee mainhand made by smithing.");
    expect(affixText("health_lvl_t2")).toBe("+2 Health levels");
    await i18n.changeLanguage("fr");
    expect([
      itemName(10001),
      itemName(30107),
      itemName(21003),
      nodeName(101),
      spellName("long_shot"),
    ]).toEqual(["Terre", "Épée en terre", "Cuir de girolle", "Champignon de Paris", "Tir lointain"]);
    expect(itemDescription(15001)).toBe("Miellat : butin de combat (Puceron).");
    expect(affixText("crit_chance_pct_t3")).toBe("3\u00a0% de chances de coup critique");
    expect(monsterName(1)).toBe("Puceron");
    expect(locationName("aphid_nest")).toBe("Nid de pucerons");
  });
});
