import type { Character, CombatStyle, EquipmentSlot } from "@pickle-garden/shared";
import { i18n } from "../i18n/index.ts";
import { errorCodeText } from "../messages/errorMessages.ts";
import { pushMessage } from "../stores/uiStore.ts";
import { intent } from "./intent.ts";

/** Equipment and the active character, as intents (intent.ts); a refusal is told with its code's text. */
async function told(done: Promise<{ ok: boolean; code?: string }>): Promise<boolean> {
  const outcome = await done;
  if (!outcome.ok)
    pushMessage(
      i18n.t("inventory.equipFailed", { ns: "pages", error: errorCodeText(outcome.code) }),
      "error",
    );
  return outcome.ok;
}

export const equip = (style: CombatStyle, slot: EquipmentSlot, inventoryIndex: number) =>
  told(intent("equip", { style, slot, inventoryIndex }));
export const unequip = (style: CombatStyle, slot: EquipmentSlot) => told(intent("unequip", { style, slot }));
export const chooseCharacter = (activeCharacter: Character) =>
  told(intent("activeCharacter", { activeCharacter }));
