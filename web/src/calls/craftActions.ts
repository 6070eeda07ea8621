import type { CraftSkill, PlayerView } from "@pickle-garden/shared";
import { i18n } from "../i18n/index.ts";
import { craftRefusal } from "../messages/craftMessages.ts";
import { craftNames } from "../messages/craftNames.ts";
import { errorCodeText, NETWORK_ERROR } from "../messages/errorMessages.ts";
import { usePlayerStore } from "../stores/playerStore.ts";
import { pushMessage } from "../stores/uiStore.ts";
import { intent } from "./intent.ts";

export const SLOTS_FIELD = {
  smithing: "smithingSlots",
  tanning: "tanningSlots",
  tailoring: "tailoringSlots",
} as const satisfies Record<CraftSkill, keyof PlayerView>;

/** A refused call: its code's text (never the server's English). */
function refused(code: string, skill: CraftSkill, slotId: number, itemId: number | null): void {
  const line =
    code === NETWORK_ERROR
      ? { key: "craft.offline", params: {}, tone: "error" as const }
      : craftRefusal(code, { skill, slotId, itemId }, craftNames);
  pushMessage(i18n.t(line.key, { ns: "pages", ...line.params }), "error");
}

export interface StartCraftInput {
  skill: CraftSkill;
  slotId: number;
  itemId: number;
  quantity: number;
}

/**
 * The craft intent. Its slots and inventory come over the socket, with what the server stopped to start
 * it (another skill's slots); every later craft arrives as craftUpdate pushes (the slots) and logs lines.
 */
export async function startCraft({ skill, slotId, itemId, quantity }: StartCraftInput): Promise<boolean> {
  const done = await intent("craft", { craftingSkill: skill, itemId, slotId, quantity });
  if (!done.ok) {
    refused(done.code, skill, slotId, itemId);
    return false;
  }
  pushMessage(
    i18n.t("craft.started", {
      ns: "pages",
      n: quantity,
      item: craftNames.item(itemId, quantity),
      slot: slotId + 1,
    }),
    "info",
    false,
    { topic: skill },
  );
  return true;
}

/** The cancelAllCrafts intent: every busy slot of the skill; each cancel's line comes on the logs channel. */
export async function cancelAllCrafts(skill: CraftSkill): Promise<boolean> {
  const done = await intent("cancelAllCrafts", { craftingSkill: skill });
  if (!done.ok) pushMessage(errorCodeText(done.code), "error");
  return done.ok;
}

/** The cancelCraft intent; the cancel's own line comes on the logs channel. */
export async function cancelCraft(skill: CraftSkill, slotId: number): Promise<boolean> {
  const itemId = usePlayerStore.getState().player?.[SLOTS_FIELD[skill]][slotId]?.currentItem ?? null;
  const done = await intent("cancelCraft", { skill, slotId });
  if (!done.ok) refused(done.code, skill, slotId, itemId);
  return done.ok;
}
