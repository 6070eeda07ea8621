import type { Quest } from "@pickle-garden/shared";
import {
  AFFIXES,
  type Affix,
  BOSSES,
  bossAt,
  GATHER_NODE_BASE,
  ITEMS,
  type Item,
  MONSTER_ID,
  MONSTERS,
  REST_LOCATION,
  SPELLS,
  type SpellId,
} from "@pickle-garden/shared";

/**
 * The names of the game data in the player's language. The data in shared/src/data keeps one id per
 * thing; its names live in the "names" namespace (en/names.ts, fr/names.ts). Each `…Keys` function lists the texts a name is made of (names.test.ts checks both languages
 * hold them all); a name whose texts are missing falls back to the data's English, never a raw key.
 */

/** What the names need of i18next: the website passes its instance, the Discord bot its own. */
export interface Translator {
  t(key: string, params?: Record<string, unknown>): string;
  exists(key: string): boolean;
}

/** The gather node a raw resource comes from (its name is the node's), else null. */
function rawNodeId(item: Item): number | null {
  const skill = item.type.skill;
  if (item.category !== "Resource" || !(skill in GATHER_NODE_BASE)) return null;
  return GATHER_NODE_BASE[skill as keyof typeof GATHER_NODE_BASE] + item.type.tier;
}

export const nodeNameKeys = (id: number) => [`names:nodes.${id}`];

export function itemNameKeys(id: number): string[] {
  const item = ITEMS[id];
  if (!item) return [];
  const node = rawNodeId(item);
  if (node !== null) return nodeNameKeys(node);
  if (item.equipmentslot && item.gearClass) {
    return [
      "names:gear.name",
      `names:gear.material.${item.gearClass}.${item.type.tier}`,
      `names:gear.piece.${item.gearClass}.${item.equipmentslot}`,
    ];
  }
  return [`names:items.${id}`];
}

const MONSTER_KEY: Readonly<Record<number, string>> = Object.fromEntries(
  Object.entries(MONSTER_ID).map(([key, id]) => [id, key]),
);

export const monsterNameKeys = (id: number) => (MONSTER_KEY[id] ? [`names:monsters.${MONSTER_KEY[id]}`] : []);

export const locationNameKeys = (id: string) => [`names:locations.${id}`];

export const spellNameKeys = (id: SpellId) => [`names:spells.${id}`];

const AFFIX_BY_ID: ReadonlyMap<string, Affix> = new Map(AFFIXES.map((a) => [a.id, a]));
const affixStat = (affix: Affix): [string, number] => Object.entries(affix.stats)[0] ?? ["nothing", 0];

export function affixTextKeys(id: string): string[] {
  const affix = AFFIX_BY_ID.get(id);
  return affix ? [`names:affixes.${affixStat(affix)[0]}`] : [];
}

/** The name functions over one translator (the website's i18n, or the bot's for a player's language). */
export function createDataNames(i18n: Translator) {
  const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, params);

  function named(keys: readonly string[], fallback: string, make: () => string): string {
    return keys.length > 0 && keys.every((k) => i18n.exists(k)) ? make() : fallback;
  }

  /**
   * A count's plural form of a name (i18next's `_other` beside each name): "1 Dirt Brick", "820 Dirt
   * Bricks". Without a count, the name alone.
   */
  const counted = (count: number | undefined) => (count === undefined ? undefined : { count });

  /** A gather node's name: "Dirt", "Button Mushroom"… */
  function nodeName(id: number, count?: number): string {
    const keys = nodeNameKeys(id);
    return named(keys, `#${id}`, () => t(keys[0]!, counted(count)));
  }

  /** An item's name: raw resources by their node, gear by its tier's material and piece, the rest by id. */
  function itemName(id: number, count?: number): string {
    const keys = itemNameKeys(id);
    return named(keys, ITEMS[id]?.name ?? `#${id}`, () =>
      keys.length === 3
        ? t(keys[0]!, { material: t(keys[1]!), piece: t(keys[2]!, counted(count)) })
        : t(keys[0]!, counted(count)),
    );
  }

  const skillWord = (skill: string) => t(`shell:skills.${skill}`).toLowerCase();

  /** An item's one-line description, made from its kind, skill and tier. */
  function itemDescription(id: number): string {
    const item = ITEMS[id];
    if (!item) return "";
    const name = itemName(id);
    if (item.equipmentslot && item.gearClass) {
      return t("names:descriptions.gear", {
        tier: item.type.tier,
        style: skillWord(item.gearClass),
        slot: t(`pages:inventory.slots.${item.equipmentslot}`).toLowerCase(),
        skill: skillWord(item.type.skill),
      });
    }
    if (item.category === "Material") {
      return t("names:descriptions.material", { name, skill: skillWord(item.type.skill) });
    }
    const boss = Object.values(BOSSES).find((b) => b.trophy === id);
    if (boss) return t("names:descriptions.trophy", { name, boss: bossName(boss.id) });
    // a combat drop's tier is its monster's id
    if (item.type.skill === "combat") {
      return t("names:descriptions.drop", { name, monster: monsterName(item.type.tier) });
    }
    return t("names:descriptions.resource", { name, skill: skillWord(item.type.skill) });
  }

  /** A party boss's name (data/bosses.ts). */
  function bossName(id: string): string {
    const key = `names:bosses.${id}`;
    return named([key], BOSSES[id]?.name ?? id, () => t(key));
  }

  /** A monster's name, in a count's plural form when given. */
  function monsterName(id: number, count?: number): string {
    const keys = monsterNameKeys(id);
    return named(keys, MONSTERS[id]?.name ?? `#${id}`, () => t(keys[0]!, counted(count)));
  }

  /** A location's name; an id repeated across skills (garden, pond…) has one name. */
  function locationName(id: string): string {
    const keys = locationNameKeys(id);
    return named(keys, id, () => t(keys[0]!));
  }

  /** A spell's name. */
  function spellName(id: SpellId): string {
    const keys = spellNameKeys(id);
    return named(keys, SPELLS[id]?.name ?? id, () => t(keys[0]!));
  }

  /** An affix's text with its value: "+2 Health levels"; an unknown id reads as itself. */
  function affixText(id: string): string {
    const affix = AFFIX_BY_ID.get(id);
    const keys = affixTextKeys(id);
    return named(keys, affix?.label ?? id, () => t(keys[0]!, { v: affixStat(affix!)[1] }));
  }

  /** Where an action happens: its location's name, or null at home and for crafting (whose location is its skill). */
  function actionPlace(action: { skill: string; location: string }): string | null {
    if (action.skill === "none" || action.location === REST_LOCATION || action.location === action.skill)
      return null;
    return locationName(action.location);
  }

  /**
   * A daily quest's task in words ("Gather 200 resources by Mining", "Defeat 40 Aphid at Aphid Nest",
   * "Defeat the Wasp Queen with your party at …").
   */
  function questTitle(
    q: Pick<Quest, "kind" | "count" | "skill" | "subject" | "location">,
    count: string,
  ): string {
    // `count` picks the plural form, `n` is the count as the page writes numbers
    const n = { count: q.count, n: count };
    switch (q.kind) {
      case "gather":
        return t("pages:quests.gather", { ...n, skill: t(`shell:skills.${q.skill}`) });
      case "craft":
        return t("pages:quests.craft", { ...n, item: itemName(q.subject ?? 0, q.count) });
      case "defeat":
        return t("pages:quests.defeat", {
          ...n,
          monster: monsterName(q.subject ?? 0, q.count),
          location: locationName(q.location ?? ""),
        });
      case "boss":
        return t("pages:quests.boss", {
          ...n,
          boss: bossName(bossAt(q.location)?.id ?? ""),
          location: locationName(q.location ?? ""),
        });
    }
  }

  return {
    nodeName,
    itemName,
    itemDescription,
    monsterName,
    bossName,
    locationName,
    spellName,
    affixText,
    actionPlace,
    questTitle,
  };
}
