import { nextGoal } from "@pickle-garden/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { usePlayerShallow } from "../../stores/playerStore.ts";
import { ProgressBar } from "../ui/ProgressBar.tsx";
import { goalView } from "./goalView.ts";

/**
 * Home's "next goal" card: shared's nextGoal, which reads the player's situation (a full inventory, a fight
 * being lost, a quest to claim, an idle craft slot, a better place…) before any lab node; the guide's last
 * card shows the same goal.
 */
export function NextGoalCard() {
  const { t } = useTranslation("pages");
  const goal = usePlayerShallow(nextGoal);
  if (!goal) return null;
  const { text, to, bar } = goalView(goal, t);
  return (
    <section className="pg-card pg-home__goal" aria-labelledby="pg-goal-title" data-testid="next-goal">
      <h2 id="pg-goal-title">{t("home.goal.title")}</h2>
      <p className="pg-row">
        <span className="pg-grow" data-testid="next-goal-text" data-goal={goal.kind}>
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
