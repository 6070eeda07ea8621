import { INVENTORY_CODES } from "@pickle-garden/shared";
import { i18n } from "../i18n/index.ts";
import { errorCodeText } from "../messages/errorMessages.ts";
import { pushMessage } from "../stores/uiStore.ts";
import { type IntentOutcome, intent } from "./intent.ts";

const KNOWN = new Set<string>(Object.values(INVENTORY_CODES));

/** The player's words for a refusal, from the rule's code (its generic text for a code we do not know). */
function refusal(code: string): string {
  if (KNOWN.has(code)) return i18n.t(`inventory.refused.${code.split("/")[1]}`, { ns: "pages" });
  return i18n.t("inventory.actionFailed", { ns: "pages", error: errorCodeText(code) });
}

async function told(done: Promise<IntentOutcome>): Promise<boolean> {
  const outcome = await done;
  if (!outcome.ok) pushMessage(refusal(outcome.code), "error");
  return outcome.ok;
}

export const sellItem = (inventoryIndex: number, quantity: number) =>
  told(intent("sellItem", { inventoryIndex, quantity }));
export const sellAll = (itemId: number) => told(intent("sellAll", { itemId }));
export const discardItem = (inventoryIndex: number, quantity: number) =>
  told(intent("discardItem", { inventoryIndex, quantity }));
export const buySlot = () => told(intent("buySlot", {}));
