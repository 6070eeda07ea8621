import { INVENTORY_CODES } from "@pickle-garden/shared";
import { i18n } from "../i18n/index.ts";
import { intent } from "./intent.ts";

const KNOWN = new Set<string>(Object.values(INVENTORY_CODES));

/** The player's words for a refusal, from the rule's code (its generic text for a code we do not know). */
function refusal(code: string | undefined, error: string): string {
  if (code && KNOWN.has(code)) return i18n.t(`inventory.refused.${code.split("/")[1]}`, { ns: "pages" });
  return i18n.t("inventory.actionFailed", { ns: "pages", error });
}

export const sellItem = (inventoryIndex: number, quantity: number) =>
  intent("/api/user/sell-item", { inventoryIndex, quantity }, refusal);
export const sellAll = (itemId: number) => intent("/api/user/sell-all", { itemId }, refusal);
export const discardItem = (inventoryIndex: number, quantity: number) =>
  intent("/api/user/discard-item", { inventoryIndex, quantity }, refusal);
export const buySlot = () => intent("/api/user/buy-slot", {}, refusal);
