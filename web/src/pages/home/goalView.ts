import { LAB_NODES, type NextGoal } from "@pickle-garden/shared";
import type { TFunction } from "i18next";
import { formatExact, formatNumber } from "../../format.ts";
import { itemName } from "../../i18n/names.ts";
import { labBuyText, labNodeText } from "../lab/labText.ts";
import { questTitle } from "../quests/questText.ts";

/** A next goal as Home's card and the guide's last card show it: its words, its page, and its bar. */
export interface GoalView {
  text: string;
  to: string;
  bar: { value: number; max: number } | null;
}

/** The page a goal is reached from. */
export function goalRoute(goal: NextGoal): string {
  switch (goal.kind) {
    case "full":
      return "/inventory";
    case "losing":
      return "/skills/combat";
    case "claim":
    case "quest":
      return "/quests";
    case "craft":
    case "level":
      return `/skills/${goal.skill}`;
    case "place":
      return `/skills/${goal.skill}/${goal.location}`;
    case "lab":
      return "/lab";
  }
}

export function goalView(goal: NextGoal, t: TFunction<"pages">): GoalView {
  switch (goal.kind) {
    case "full":
      return { text: t("home.goal.full"), to: "/inventory", bar: null };
    case "losing":
      return {
        text: t("home.goal.losing", { location: t(`names:locations.${goal.location}`) }),
        to: "/skills/combat",
        bar: null,
      };
    case "claim":
      return { text: t("home.goal.claim", { quest: questTitle(goal.quest) }), to: "/quests", bar: null };
    case "craft":
      return {
        text: t("home.goal.craft", { skill: t(`shell:skills.${goal.skill}`), item: itemName(goal.itemId) }),
        to: `/skills/${goal.skill}`,
        bar: null,
      };
    case "place":
      return {
        text: t("home.goal.place", { location: t(`names:locations.${goal.location}`) }),
        to: `/skills/${goal.skill}/${goal.location}`,
        bar: null,
      };
    case "quest":
      return {
        text: t("home.goal.quest", { quest: questTitle(goal.quest) }),
        to: "/quests",
        bar: { value: goal.quest.progress, max: goal.quest.count },
      };
    case "lab": {
      const node = LAB_NODES[goal.nodeId];
      const text = t(goal.affordable ? "home.goal.labReady" : "home.goal.lab", {
        action: node ? labBuyText(node, t) : goal.nodeId,
        node: node ? labNodeText(node, t).label : goal.nodeId,
        cost: formatNumber(goal.cost),
      });
      return { text, to: "/lab", bar: goal.affordable ? null : { value: goal.rp, max: goal.cost } };
    }
    case "level":
      return {
        text: t("home.goal.level", {
          skill: t(`shell:skills.${goal.skill}`),
          level: goal.level,
          xp: formatExact(goal.toNext),
        }),
        to: `/skills/${goal.skill}`,
        bar: null,
      };
  }
}
