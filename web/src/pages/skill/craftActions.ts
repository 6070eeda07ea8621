import {
  CancelCraftAnswerSchema,
  CRAFT_SKILLS,
  CraftAnswerSchema,
  type CraftSkill,
  type PlayerView,
} from "@pickle-garden/shared";
import { ApiError, errorText, http } from "../../api/http.ts";
import { i18n } from "../../i18n/index.ts";
import { itemName } from "../../i18n/names.ts";
import { craftErrorMessage } from "../../messages/craftMessages.ts";
import { refreshPlayer, setPlayer, usePlayerStore } from "../../stores/playerStore.ts";
import { pushMessage } from "../../stores/uiStore.ts";
import { setBatchTotal } from "./craftBatchStore.ts";

const tr = (key: string, params: Record<string, unknown> = {}) => i18n.t(key, { ns: "pages", ...params });
const skillName = (skill: string) => tr(`shell:skills.${skill}`);

export const SLOTS_FIELD = {
  smithing: "smithingSlots",
  tanning: "tanningSlots",
  tailoring: "tailoringSlots",
} as const satisfies Record<CraftSkill, keyof PlayerView>;

function patchSlots(
  skill: CraftSkill,
  answer: { inventory: PlayerView["inventory"]; slots: PlayerView["smithingSlots"] },
) {
  const p = usePlayerStore.getState().player;
  if (p) setPlayer({ ...p, inventory: answer.inventory, [SLOTS_FIELD[skill]]: answer.slots });
}

/**
 * Spec shell §4 Activity: switching skills cancels the running slots of every other crafting skill,
 * with 'Auto-cancelled …' (only when the skill differs from the next one) or 'Cancel failed for …'.
 */
export async function autoCancelOtherCrafts(next: string): Promise<void> {
  const player = usePlayerStore.getState().player;
  if (!player) return;
  for (const skill of CRAFT_SKILLS) {
    if (skill === next) continue;
    const slots = player[SLOTS_FIELD[skill]];
    for (let slotId = 0; slotId < slots.length; slotId++) {
      const slot = slots[slotId]!;
      if (slot.currentItem === null || slot.remaining <= 0) continue;
      const params = {
        remaining: slot.remaining,
        item: itemName(slot.currentItem),
        skill: skillName(skill),
        n: slotId + 1,
        next: skillName(next),
      };
      try {
        const answer = await http.post(
          "/api/user/cancel-craft",
          { skill, slotId },
          { schema: CancelCraftAnswerSchema },
        );
        if (answer.success) {
          patchSlots(skill, answer);
          pushMessage(tr("craft.autoCancelled", params), "warning", false);
        } else {
          pushMessage(tr("craft.cancelFailed", params), "error");
        }
      } catch (err) {
        if (err instanceof ApiError && err.status !== 0)
          pushMessage(tr("craft.cancelFailed", params), "error");
        else pushMessage(tr("craft.cancelError"), "error");
      }
    }
  }
}

export interface StartCraftInput {
  skill: CraftSkill;
  slotId: number;
  itemId: number;
  quantity: number;
}

/** POST /api/user/craft; the answer's inventory and slots replace ours (spec mechanics §7). */
export async function startCraft({ skill, slotId, itemId, quantity }: StartCraftInput): Promise<boolean> {
  await autoCancelOtherCrafts(skill);
  const ctx = { verb: tr("craft.verbCraft"), item: itemName(itemId), skill: skillName(skill), n: slotId + 1 };
  try {
    const answer = await http.post(
      "/api/user/craft",
      { craftingSkill: skill, itemId, slotId, quantity },
      { schema: CraftAnswerSchema },
    );
    patchSlots(skill, answer);
    if (answer.error) {
      const msg = craftErrorMessage(answer.error, ctx);
      pushMessage(tr(msg.key, msg.params), "error");
      return false;
    }
    setBatchTotal(skill, slotId, quantity);
    pushMessage(tr("craft.started", { n: quantity, item: ctx.item, slot: slotId + 1 }), "info", false);
    void refreshPlayer();
    return true;
  } catch (err) {
    const msg = craftErrorMessage(errorText(err), ctx);
    pushMessage(tr(msg.key, msg.params), "error");
    return false;
  }
}

/**
 * POST /api/user/cancel-craft. A failure (not ok or success false) raises the error text or
 * 'cancel-craft failed' and answers ok false (spec mechanics §7).
 */
export async function cancelCraft(
  skill: CraftSkill,
  slotId: number,
): Promise<{ ok: boolean; error?: string }> {
  const slot = usePlayerStore.getState().player?.[SLOTS_FIELD[skill]][slotId];
  try {
    const answer = await http.post(
      "/api/user/cancel-craft",
      { skill, slotId },
      { schema: CancelCraftAnswerSchema },
    );
    if (!answer.success) {
      const error = answer.error ?? tr("craft.cancelCraftFailed");
      pushMessage(error, "error");
      return { ok: false, error };
    }
    patchSlots(skill, answer);
    if (slot?.currentItem != null) {
      pushMessage(
        tr("craft.cancelled", {
          item: itemName(slot.currentItem),
          skill: skillName(skill),
          n: slotId + 1,
          next: tr("common.none"),
        }),
        "info",
        false,
      );
    }
    void refreshPlayer();
    return { ok: true };
  } catch (err) {
    const body = err instanceof ApiError ? (err.body as { error?: string } | null) : null;
    const error =
      body?.error ??
      (err instanceof ApiError && err.status !== 0 ? err.message : tr("craft.cancelCraftFailed"));
    pushMessage(error, "error");
    return { ok: false, error };
  }
}
