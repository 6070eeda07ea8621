import {
  AFFIXES,
  BOSSES,
  GATHER_NODES,
  ITEMS,
  LAB_NODES,
  LOCATIONS,
  MONSTERS,
  RECIPES,
  SPELL_IDS,
} from "@pickle-garden/shared";
import { afterAll, describe, expect, it } from "vitest";
import { labBuyText, labNodeText } from "../pages/lab/labText.ts";
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
  questTitleIn,
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

  it.each(LANGUAGES)("every item, node and monster has its %s plural form", async (lng) => {
    const counted = [
      ...Object.keys(ITEMS).map((id) => itemNameKeys(Number(id)).at(-1)!),
      ...Object.keys(GATHER_NODES).map((id) => nodeNameKeys(Number(id))[0]!),
      ...Object.keys(MONSTERS).map((id) => monsterNameKeys(Number(id))[0]!),
    ];
    for (const key of counted) expect(own(lng, `${key}_other`), key).toEqual(expect.any(String));
  });

  it("names a boss quest by its boss and area, once or a count of wins, in English and French", async () => {
    const boss = (count: number) =>
      questTitleIn(
        { kind: "boss", count, subject: null, skill: "melee", location: BOSSES.wasp_queen!.location },
        String(count),
      );
    await i18n.changeLanguage("en");
    const area = locationName(BOSSES.wasp_queen!.location);
    expect([boss(1), boss(2)]).toEqual([
      `Defeat the Wasp Queen with your party at ${area}`,
      `Defeat the Wasp Queen 2 times with your party at ${area}`,
    ]);
    await i18n.changeLanguage("fr");
    const zone = locationName(BOSSES.wasp_queen!.location);
    expect(zone).not.toBe(area);
    expect([boss(1), boss(2)]).toEqual([
      `Vaincre en groupe : Reine des guêpes (${zone})`,
      `Vaincre en groupe 2 fois : Reine des guêpes (${zone})`,
    ]);
  });

  it("writes a count's plural form: 1 and many, in English and French", async () => {
    const quest = (kind: "craft" | "defeat" | "gather", count: number, subject: number | null) =>
      questTitleIn({ kind, count, subject, skill: "mining", location: "rosebush_nest" }, String(count));
    await i18n.changeLanguage("en");
    expect([
      quest("craft", 1, 20001),
      quest("craft", 820, 20001),
      quest("defeat", 1, 4),
      quest("defeat", 75, 4),
      quest("gather", 1, null),
      quest("gather", 200, null),
      itemName(30107, 2),
    ]).toEqual([
      "Craft 1 Dirt Brick",
      "Craft 820 Dirt Bricks",
      expect.stringMatching(/^Defeat 1 Ladybug at /),
      expect.stringMatching(/^Defeat 75 Ladybugs at /),
      "Gather 1 resource by Mining",
      "Gather 200 resources by Mining",
      "Dirt Swords",
    ]);
    expect([1, 10].map((count) => i18n.t("social:group.quest.break", { count }))).toEqual([
      "break 1 node together",
      "break 10 nodes together",
    ]);
    await i18n.changeLanguage("fr");
    expect([
      quest("craft", 1, 20001),
      quest("craft", 820, 20001),
      quest("defeat", 1, 4),
      quest("defeat", 75, 4),
      quest("gather", 1, null),
      quest("gather", 200, null),
      itemName(30107, 2),
    ]).toEqual([
      "Fabriquer 1 Brique de terre",
      "Fabriquer 820 Briques de terre",
      expect.stringMatching(/^Vaincre 1 Coccinelle \(/),
      expect.stringMatching(/^Vaincre 75 Coccinelles \(/),
      "Récolter 1 ressource en Minage",
      "Récolter 200 ressources en Minage",
      "Épées en terre",
    ]);
    expect([1, 10].map((count) => i18n.t("social:group.quest.defeat", { count }))).toEqual([
      "vaincre 1 monstre ensemble",
      "vaincre 10 monstres ensemble",
    ]);
  });

  it("says what buying a lab node does, without 'Buy Unlock'", async () => {
    const buy = async (lng: string) => {
      await i18n.changeLanguage(lng);
      const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, { ns: "pages", ...params });
      return ["south:mining:unlock", "east:utility:gold-pouch"].map((id) => labBuyText(LAB_NODES[id]!, t));
    };
    expect(await buy("en")).toEqual(["Unlock Mining", "Buy Gold Pouch"]);
    expect(await buy("fr")).toEqual(["Débloquer la compétence Minage", "Acheter Bourse"]);
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
