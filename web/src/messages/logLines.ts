import type { ChatMessageOut, LogEntry } from "@pickle-garden/shared";
import { i18n } from "../i18n/index.ts";
import { itemName, monsterName } from "../i18n/names.ts";
import { toLocalTime } from "../pages/ui/clock.ts";
import { useServerTimeStore } from "../stores/serverTimeStore.ts";
import { type MessageTone, pushMessage, restoreMessages } from "../stores/uiStore.ts";
import { craftNames } from "./craftLog.ts";
import { craftUpdateLine } from "./craftMessages.ts";

/**
 * The logs channel in the message log: the server's structured lines written in the player's language
 * (the server's English `text` only for a line without `log`).
 */
export function logLineText(entry: LogEntry): { text: string; tone: MessageTone } | null {
  if (entry.kind === "drop") {
    const n = entry.quantity - entry.lost;
    if (n <= 0) return null;
    return { text: i18n.t("shell:messages.logDrop", { n, item: itemName(entry.itemId) }), tone: "success" };
  }
  if (entry.kind === "loot")
    return {
      text: i18n.t("shell:messages.logLoot", {
        n: entry.quantity,
        item: itemName(entry.itemId),
        monster: monsterName(entry.monsterId),
      }),
      tone: "success",
    };
  if (entry.kind === "level")
    return {
      text: i18n.t("shell:messages.logLevel", {
        skill: i18n.t(`shell:skills.${entry.skill}`),
        level: entry.level,
      }),
      tone: "success",
    };
  const line = craftUpdateLine({ ...entry, kind: entry.craft }, craftNames);
  return line ? { text: i18n.t(line.key, { ns: "pages", ...line.params }), tone: line.tone } : null;
}

/** A pushed logs line; crafts are already logged live from their craftUpdate (craftLog.ts). */
export function logPushed(message: ChatMessageOut): void {
  if (!message.log) {
    pushMessage(message.text, "info", false);
    return;
  }
  if (message.log.kind === "craft") return;
  const line = logLineText(message.log);
  if (line) pushMessage(line.text, line.tone, false);
}

/** The logs history the server replays on connect: what a reload lost comes back. */
export function logHistory(messages: readonly ChatMessageOut[]): void {
  const offset = useServerTimeStore.getState().offsetMs;
  restoreMessages(
    messages.flatMap((m) => {
      const line = m.log ? logLineText(m.log) : { text: m.text, tone: "info" as const };
      return line ? [{ ...line, at: toLocalTime(m.timestamp, offset) }] : [];
    }),
  );
}
