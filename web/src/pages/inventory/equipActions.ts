import type { Character, CombatStyle, EquipmentSlot } from "@pickle-garden/shared";
import { IntentAnswerSchema } from "@pickle-garden/shared";
import { errorText, http } from "../../api/http.ts";
import { i18n } from "../../i18n/index.ts";
import { setPlayer } from "../../stores/playerStore.ts";
import { pushMessage } from "../../stores/uiStore.ts";

/** The intents of shared/src/protocol/intents.ts; each answers the player's new view. */
async function intent(path: string, body: unknown): Promise<boolean> {
  try {
    const answer = await http.post(path, body, { schema: IntentAnswerSchema });
    setPlayer(answer.user);
    if (!answer.success) {
      pushMessage(i18n.t("inventory.equipFailed", { ns: "pages", error: answer.error ?? "?" }), "error");
      return false;
    }
    return true;
  } catch (err) {
    pushMessage(i18n.t("inventory.equipFailed", { ns: "pages", error: errorText(err) }), "error");
    return false;
  }
}

export const equip = (style: CombatStyle, slot: EquipmentSlot, inventoryIndex: number) =>
  intent("/api/user/equip", { style, slot, inventoryIndex });
export const unequip = (style: CombatStyle, slot: EquipmentSlot) =>
  intent("/api/user/unequip", { style, slot });
export const chooseCharacter = (activeCharacter: Character) =>
  intent("/api/user/active-character", { activeCharacter });
