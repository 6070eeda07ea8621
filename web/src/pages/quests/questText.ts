import type { Quest } from "@pickle-garden/shared";
import { formatExact } from "../../format.ts";
import { questTitleIn } from "../../i18n/names.ts";

type T = (key: string, options?: Record<string, unknown>) => string;

/** A daily quest's task in words, its count in the page's number format. */
export const questTitle = (q: Quest): string => questTitleIn(q, formatExact(q.count));

/** Its reward in words ("120 gold · 12 RP · 240 Mining XP"). */
export function rewardText(reward: Quest["reward"], skill: string | null, t: T): string {
  const parts = [
    t("pages:quests.gold", { n: formatExact(reward.gold) }),
    t("pages:quests.rp", { n: reward.rp }),
  ];
  if ("xp" in reward && reward.xp > 0 && skill)
    parts.push(t("pages:quests.xp", { n: formatExact(reward.xp), skill: t(`shell:skills.${skill}`) }));
  return parts.join(" · ");
}
