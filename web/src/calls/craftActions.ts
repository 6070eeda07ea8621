import {
  CancelCraftAnswerSchema,
  CraftAnswerSchema,
  type CraftSkill,
  type PlayerView,
} from "@pickle-garden/shared";
import { ApiError, http } from "../api/http.ts";
import { answeredHere } from "../api/socket.ts";
import { i18n } from "../i18n/index.ts";
import { craftRefusal } from "../messages/craftMessages.ts";
import { craftNames } from "../messages/craftNames.ts";
import { setPlayer, usePlayerStore } from "../stores/playerStore.ts";
import { pushMessage } from "../stores/uiStore.ts";

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

const SlotsAnswerSchema = CraftAnswerSchema.pick({ inventory: true, slots: true });

/** A refused call: its answer's slots when it has them, and the protocol code's text (never the server's English). */
function refused(err: unknown, skill: CraftSkill, slotId: number, itemId: number | null): void {
  const body = err instanceof ApiError ? (err.body as Record<string, unknown> | null) : null;
  const parsed = SlotsAnswerSchema.safeParse(body);
  if (parsed.success) patchSlots(skill, parsed.data);
  const offline = err instanceof ApiError && err.status === 0;
  const code = typeof body?.code === "string" ? body.code : undefined;
  const line = offline
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
 * One intent, one request: POST /api/user/craft. Its answer's inventory and slots replace ours; what the
 * server stopped to start it (another skill's slots) and every later craft arrive as craftUpdate pushes (the
 * slots) and logs lines (the texts).
 */
export async function startCraft({ skill, slotId, itemId, quantity }: StartCraftInput): Promise<boolean> {
  try {
    const answer = await http.post(
      "/api/user/craft",
      { craftingSkill: skill, itemId, slotId, quantity },
      { schema: CraftAnswerSchema, headers: answeredHere() },
    );
    patchSlots(skill, answer);
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
  } catch (err) {
    refused(err, skill, slotId, itemId);
    return false;
  }
}

/** One intent, one request: POST /api/user/cancel-craft; the cancel's own line comes on the logs channel. */
export async function cancelCraft(skill: CraftSkill, slotId: number): Promise<boolean> {
  const itemId = usePlayerStore.getState().player?.[SLOTS_FIELD[skill]][slotId]?.currentItem ?? null;
  try {
    const answer = await http.post(
      "/api/user/cancel-craft",
      { skill, slotId },
      { schema: CancelCraftAnswerSchema, headers: answeredHere() },
    );
    patchSlots(skill, answer);
    return true;
  } catch (err) {
    refused(err, skill, slotId, itemId);
    return false;
  }
}
