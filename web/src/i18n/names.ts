import { ITEMS, MONSTER_ID, MONSTERS } from "@pickle-garden/shared";
import { i18n } from "./index.ts";

/** Display name of an item id from the shared table (the data's own English name). */
export function itemName(id: number): string {
  return ITEMS[id]?.name ?? `#${id}`;
}

const MONSTER_KEY: Readonly<Record<number, string>> = Object.fromEntries(
  Object.entries(MONSTER_ID).map(([key, id]) => [id, key]),
);

/** A monster's name in the player's language (the shell's `monsters` texts), else the data's name. */
export function monsterName(id: number): string {
  const key = MONSTER_KEY[id];
  const fallback = MONSTERS[id]?.name ?? `#${id}`;
  return key ? i18n.t(`monsters.${key}`, { ns: "shell", defaultValue: fallback }) : fallback;
}
