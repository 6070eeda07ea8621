import { i18n } from "../i18n/index.ts";
import { itemName } from "../i18n/names.ts";
import type { CraftNames } from "./craftMessages.ts";

/** The names the craft texts use, in the player's language. */
export const craftNames: CraftNames = {
  item: itemName,
  skill: (skill) => i18n.t(`shell:skills.${skill}`),
};
