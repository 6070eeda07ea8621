import { CraftUpdatePayloadSchema } from "@pickle-garden/shared";
import { onServerEvent } from "../api/socket.ts";
import { i18n } from "../i18n/index.ts";
import { itemName } from "../i18n/names.ts";
import { pushMessage } from "../stores/uiStore.ts";
import { type CraftNames, craftUpdateLine } from "./craftMessages.ts";

export const craftNames: CraftNames = {
  item: itemName,
  skill: (skill) => i18n.t(`shell:skills.${skill}`),
};

/** Logs craftUpdate pushes (the shell listens once, so the texts reach every page); returns the unsubscribe. */
export function listenCraftUpdates(): () => void {
  return onServerEvent("craftUpdate", (payload) => {
    const parsed = CraftUpdatePayloadSchema.safeParse(payload);
    if (!parsed.success) return;
    const line = craftUpdateLine(parsed.data, craftNames);
    if (line)
      pushMessage(i18n.t(line.key, { ns: "pages", ...line.params }), line.tone, line.tone === "warning");
  });
}
