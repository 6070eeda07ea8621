import { LAB_NODES } from "@pickle-garden/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatExact, formatNumber } from "../../format.ts";
import { usePlayerShallow } from "../../stores/playerStore.ts";
import { labBuyText, labNodeText } from "../lab/labText.ts";
import { questTitle } from "../quests/questText.ts";
import { ProgressBar } from "../ui/ProgressBar.tsx";
import { nextGoal } from "./nextGoal.ts";

/** Home's "next goal" card: there is always one (a quest to claim or finish, a lab node, the next level). */
export function NextGoalCard() {
  const { t } = useTranslation("pages");
  const goal = usePlayerShallow(nextGoal);
  if (!goal) return null;
  let text: string;
  let to: string;
  let bar: { value: number; max: number } | null = null;
  switch (goal.kind) {
    case "claim":
      text = t("home.goal.claim", { quest: questTitle(goal.quest) });
      to = "/quests";
      break;
    case "quest":
      text = t("home.goal.quest", { quest: questTitle(goal.quest) });
      to = "/quests";
      bar = { value: goal.quest.progress, max: goal.quest.count };
      break;
    case "lab": {
      const node = LAB_NODES[goal.nodeId];
      const name = node ? labNodeText(node, t).label : goal.nodeId;
      text = t(goal.affordable ? "home.goal.labReady" : "home.goal.lab", {
        action: node ? labBuyText(node, t) : goal.nodeId,
        node: name,
        cost: formatNumber(goal.cost),
      });
      to = "/lab";
      if (!goal.affordable) bar = { value: goal.rp, max: goal.cost };
      break;
    }
    case "level":
      text = t("home.goal.level", {
        skill: t(`shell:skills.${goal.skill}`),
        level: goal.level,
        xp: formatExact(goal.toNext),
      });
      to = `/skills/${goal.skill}`;
      break;
  }
  return (
    <section className="pg-card pg-home__goal" aria-labelledby="pg-goal-title" data-testid="next-goal">
      <h2 id="pg-goal-title">{t("home.goal.title")}</h2>
      <p className="pg-row">
        <span className="pg-grow" data-testid="next-goal-text">
          {text}
        </span>
        <Link className="pg-btn" to={to}>
          {t("home.goTo")}
        </Link>
      </p>
      {bar ? <ProgressBar value={bar.value} max={bar.max} label={text} small /> : null}
    </section>
  );
}
