import { CRAFT_CODES, type CraftUpdatePayload, RECIPES } from "@pickle-garden/shared";

/**
 * What crafting tells the player, from the protocol alone: a refused intent's `code` (CRAFT_CODES) and a
 * craftUpdate's `kind` and `reason` (it carries no text).
 */
export type CraftTone = "success" | "error" | "warning" | "info";

export interface CraftLine {
  /** i18n key in the `pages` namespace */
  key: string;
  params: Record<string, string | number>;
  tone: CraftTone;
}

/** Names the texts need, resolved by the caller in the player's language. */
export interface CraftNames {
  /** an item's name, in a count's plural form when given */
  item: (id: number, count?: number) => string;
  skill: (skill: string) => string;
}

const REFUSALS: Readonly<Record<string, string>> = {
  [CRAFT_CODES.locked]: "craft.refused.locked",
  [CRAFT_CODES.slotLocked]: "craft.refused.slotLocked",
  [CRAFT_CODES.slotBusy]: "craft.refused.slotBusy",
  [CRAFT_CODES.slotIdle]: "craft.refused.slotIdle",
  [CRAFT_CODES.unknownRecipe]: "craft.refused.unknownRecipe",
  [CRAFT_CODES.levelRequired]: "craft.refused.levelRequired",
  [CRAFT_CODES.notEnoughMaterials]: "craft.refused.notEnoughMaterials",
  [CRAFT_CODES.inventoryFull]: "craft.refused.inventoryFull",
  [CRAFT_CODES.badQuantity]: "craft.refused.badQuantity",
};

/** A refused start or cancel: its code's text, or a plain "could not" when the code is unknown or missing. */
export function craftRefusal(
  code: string | undefined,
  o: { skill: string; slotId: number; itemId: number | null },
  names: CraftNames,
): CraftLine {
  const recipe = o.itemId === null ? undefined : RECIPES[o.itemId];
  return {
    key: (code !== undefined && REFUSALS[code]) || "craft.refused.other",
    params: {
      n: o.slotId + 1,
      skill: names.skill(o.skill),
      item: o.itemId === null ? "" : names.item(o.itemId),
      level: recipe?.level ?? 1,
    },
    tone: "error",
  };
}

const STOPS: Readonly<Record<string, { key: string; tone: CraftTone }>> = {
  finished: { key: "craft.finished", tone: "success" },
  cancelled: { key: "craft.cancelled", tone: "info" },
  switched: { key: "craft.autoCancelled", tone: "info" },
  materials: { key: "craft.materialsOut", tone: "warning" },
  no_space: { key: "craft.noSpace", tone: "warning" },
  inventory_full: { key: "craft.inventoryFull", tone: "warning" },
};

/** The log line of one craftUpdate push; a progress update (the next item started) logs nothing. */
export function craftUpdateLine(e: CraftUpdatePayload, names: CraftNames): CraftLine | null {
  const item = e.itemId === null ? "" : names.item(e.itemId);
  const skill = names.skill(e.skill);
  const n = e.slotId + 1;
  if (e.kind === "crafted")
    return {
      key: "craft.crafted",
      params: { item, n: e.xp ?? 0, skill, quantity: e.quantity ?? 1 },
      tone: "success",
    };
  if (e.kind !== "stopped" || !e.reason) return null;
  const stop = STOPS[e.reason]!;
  const next = e.next === undefined ? "" : names.skill(e.next);
  // the crafts a switch stopped are counted: their name in that count's form
  const named = e.reason === "switched" && e.itemId !== null ? names.item(e.itemId, e.remaining) : item;
  return {
    key: stop.key,
    params: { item: named, skill, n, remaining: e.remaining, next },
    tone: stop.tone,
  };
}
