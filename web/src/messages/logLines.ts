import { type ChatMessageOut, LOCATIONS, type LogEntry, SKILLS, SkillIdSchema } from "@pickle-garden/shared";
import { i18n } from "../i18n/index.ts";
import { itemName, monsterName } from "../i18n/names.ts";
import { toLocalTime } from "../pages/ui/clock.ts";
import { useServerTimeStore } from "../stores/serverTimeStore.ts";
import { type Drop, type MessageTone, pushMessage, restoreMessages } from "../stores/uiStore.ts";
import { craftUpdateLine } from "./craftMessages.ts";
import { craftNames } from "./craftNames.ts";

export interface LogLine {
  text: string;
  tone: MessageTone;
  /** the page whose log keeps it (MessageLog's topic): its skill's, or "combat" for the fights */
  topic?: string;
  /** a drop's line: what was gathered */
  drop?: Drop;
}

/** The page of a skill's lines: the combat skills' belong to the fight. */
export function skillTopic(skill: string): string {
  const id = SkillIdSchema.safeParse(skill);
  return id.success && SKILLS[id.data].kind === "combat" ? "combat" : skill;
}

/**
 * The page of a fight's lines: the combat area its monster lives in (`combat:<location>`), so one area's
 * log never shows another's insects.
 */
export function combatTopic(monsterId: number): string {
  const area = LOCATIONS.find((l) => l.skill === "combat" && l.spawns.some((s) => s.id === monsterId));
  return area ? `combat:${area.id}` : "combat";
}

/**
 * The logs channel in the message log: the server's structured lines written in the player's language
 * (a player's own words, echoed on the logs channel, as they are).
 */
export function logLineText(entry: LogEntry): LogLine | null {
  if (entry.kind === "drop") {
    const n = entry.quantity - entry.lost;
    if (n <= 0) return null;
    return {
      text: i18n.t("shell:messages.logDrop", { n, item: itemName(entry.itemId, n) }),
      tone: "success",
      topic: entry.skill,
      drop: { id: entry.itemId, stack: n },
    };
  }
  if (entry.kind === "loot")
    return {
      text: i18n.t("shell:messages.logLoot", {
        n: entry.quantity,
        item: itemName(entry.itemId, entry.quantity),
        monster: monsterName(entry.monsterId),
      }),
      tone: "success",
      topic: combatTopic(entry.monsterId),
    };
  if (entry.kind === "level")
    return {
      text: i18n.t("shell:messages.logLevel", {
        skill: i18n.t(`shell:skills.${entry.skill}`),
        level: entry.level,
      }),
      tone: "success",
      topic: skillTopic(entry.skill),
    };
  if (entry.kind === "action")
    // the action changed by itself: say why, and what the player does now (a warning: it pops up too)
    return {
      text: i18n.t(`shell:messages.actionChanged.${entry.why}`),
      tone: "warning",
      ...(entry.from ? { topic: skillTopic(entry.from) } : {}),
    };
  const line = craftUpdateLine({ ...entry, kind: entry.craft }, craftNames);
  return line
    ? { text: i18n.t(line.key, { ns: "pages", ...line.params }), tone: line.tone, topic: entry.skill }
    : null;
}

function lineOf(message: ChatMessageOut): LogLine | null {
  if (message.log) return logLineText(message.log);
  return message.text === undefined ? null : { text: message.text, tone: "info" };
}

/** A server line's identity: its time and what it says. */
const keyOf = (m: ChatMessageOut) => `${m.timestamp}:${JSON.stringify(m.log ?? m.text)}`;

/**
 * A pushed logs line, on every page; the history replayed on (re)connect has it too and leaves it. A
 * warning (a craft stopped for want of materials or room) also pops up.
 */
export function logPushed(message: ChatMessageOut): void {
  const line = lineOf(message);
  if (line)
    pushMessage(line.text, line.tone, line.tone === "warning", {
      topic: line.topic,
      key: keyOf(message),
      drop: line.drop,
    });
}

/** The logs history the server replays on connect: what a reload lost comes back, at its own time. */
export function logHistory(messages: readonly ChatMessageOut[]): void {
  const offset = useServerTimeStore.getState().offsetMs;
  restoreMessages(
    messages.flatMap((m) => {
      const line = lineOf(m);
      return line ? [{ ...line, at: toLocalTime(m.timestamp, offset), key: keyOf(m) }] : [];
    }),
  );
}
