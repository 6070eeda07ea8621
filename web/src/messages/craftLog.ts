import { type CraftUpdatePayload, CraftUpdatePayloadSchema } from "@pickle-garden/shared";
import { onServerEvent } from "../api/socket.ts";
import { i18n } from "../i18n/index.ts";
import { itemName } from "../i18n/names.ts";
import { pushMessage } from "../stores/uiStore.ts";
import { craftErrorMessage } from "./craftMessages.ts";

const tr = (key: string, params: Record<string, unknown> = {}) => i18n.t(key, { ns: "pages", ...params });

export interface CraftLogLine {
  /** i18n key, or "" to show `params.text` as the server wrote it */
  key: string;
  params: Record<string, string | number>;
  tone: "success" | "error" | "info";
}

const CRAFTED = /^Crafted .+ and granted ([\d.]+) \S+ XP\.?$/;
const FINISHED = /finished crafting all items/i;

/**
 * What one craftUpdate means for the log (pure, for tests). The server's message says what happened
 * (mechanics §8): 'Crafted {item} and granted {n} {skill} XP.', 'Slot {n} finished crafting all items.', or
 * a cancel ('… cancelled: {reason}'), shown in the player's language with the spec's texts. A progress
 * update without a message logs nothing.
 */
export function craftUpdateMessages(e: CraftUpdatePayload): CraftLogLine[] {
  if (!e.message) return [];
  const skill = tr(`shell:skills.${e.skill}`);
  const n = e.slotId + 1;
  const item = e.itemId === null ? "?" : itemName(e.itemId);
  const crafted = CRAFTED.exec(e.message);
  if (crafted)
    return [{ key: "craft.crafted", params: { item, n: Number(crafted[1]), skill }, tone: "success" }];
  if (FINISHED.test(e.message)) return [{ key: "craft.finished", params: { n }, tone: "success" }];
  const ctx = { verb: tr("craft.verbCraft"), item, skill, n };
  const cut = e.message.indexOf("cancelled: ");
  const detail = cut >= 0 ? e.message.slice(cut + "cancelled: ".length).replace(/\.$/, "") : e.message;
  if (/no space for next craft/i.test(detail)) return [{ key: "craft.noSpace", params: ctx, tone: "error" }];
  const msg = craftErrorMessage(detail, ctx);
  return [{ key: msg.key, params: msg.params, tone: "error" }];
}

/** Logs craftUpdate pushes (the shell listens once, so the texts reach every page); returns the unsubscribe. */
export function listenCraftUpdates(): () => void {
  return onServerEvent("craftUpdate", (payload) => {
    const parsed = CraftUpdatePayloadSchema.safeParse(payload);
    if (!parsed.success) return;
    for (const m of craftUpdateMessages(parsed.data)) {
      pushMessage(m.key ? tr(m.key, m.params) : String(m.params.text), m.tone, m.tone === "error");
    }
  });
}
