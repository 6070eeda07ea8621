import type { Quest } from "@pickle-garden/shared";
import { formatExact } from "../../format.ts";
import { itemName, locationName, monsterName } from "../../i18n/names.ts";

type T = (key: string, options?: Record<string, unknown>) => string;

/** A daily quest's task in words ("Gather 200 resources by Mining", "Defeat 40 Aphid at the Aphid Nest"). */
export function questTitle(q: Quest, t: T): string {
  const count = formatExact(q.count);
  switch (q.kind) {
    case "gather":
      return t("pages:quests.gather", { count, skill: t(`shell:skills.${q.skill}`) });
    case "craft":
      return t("pages:quests.craft", { count, item: itemName(q.subject ?? 0) });
    case "defeat":
      return t("pages:quests.defeat", {
        count,
        monster: monsterName(q.subject ?? 0),
        location: locationName(q.location ?? ""),
      });
  }
}

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
