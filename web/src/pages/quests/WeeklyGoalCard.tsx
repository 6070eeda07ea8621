import { shareEarnsReward } from "@pickle-garden/shared";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { loadWeeklyGoal } from "../../calls/questActions.ts";
import { formatDuration, formatExact } from "../../format.ts";
import { usePlayer } from "../../stores/playerStore.ts";
import { useQuestStore } from "../../stores/questStore.ts";
import { serverNow } from "../../stores/serverTimeStore.ts";
import { ProgressBar } from "../ui/ProgressBar.tsx";

// chosen: the garden's count moves slowly; a minute between reads keeps it fresh without load
const REFRESH_MS = 60_000;

/**
 * The garden's weekly goal: everyone's resources this week, the player's share, and last week's reward:
 * received, due (the server grants it at the player's load), or missed.
 */
export function WeeklyGoalCard() {
  const { t } = useTranslation("pages");
  const weekly = useQuestStore((s) => s.weekly);
  const failed = useQuestStore((s) => s.weeklyError);
  // read once the player is known, and again when the load grants last week's reward (it moves this week)
  const receivedWeek = usePlayer((p) => p.quests.weeklyClaimed);
  useEffect(() => {
    if (receivedWeek === undefined) return;
    void loadWeeklyGoal();
    const timer = setInterval(() => void loadWeeklyGoal(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [receivedWeek]);
  const previous = weekly?.previous ?? null;
  // a player who took no part last week (a newcomer) is not told what they missed
  const previousState = !previous
    ? null
    : previous.claimed
      ? "received"
      : shareEarnsReward(previous.share)
        ? "due"
        : previous.share > 0
          ? "missed"
          : null;
  return (
    <section className="pg-card pg-weekly" aria-labelledby="pg-weekly-title" data-testid="weekly-goal">
      <h2 id="pg-weekly-title">{t("weekly.title")}</h2>
      {!weekly ? (
        <p className={failed ? "pg-alert pg-alert--error" : "pg-muted"}>
          {t(failed ? "weekly.error" : "shell:auth.loading")}
        </p>
      ) : (
        <>
          <p>{t("weekly.goal", { target: formatExact(weekly.current.target) })}</p>
          <ProgressBar
            value={weekly.current.total}
            max={weekly.current.target}
            label={t("weekly.title")}
            text={`${formatExact(weekly.current.total)}/${formatExact(weekly.current.target)}`}
            testId="weekly-progress"
          />
          <p className="pg-muted">
            {t("weekly.share", {
              share: formatExact(weekly.share),
              threshold: formatExact(weekly.current.threshold),
              count: weekly.current.contributors,
            })}
          </p>
          <p className="pg-muted">
            {t("weekly.endsIn", { time: formatDuration(Math.max(0, weekly.current.endsAt - serverNow())) })}
          </p>
          {previous && previousState ? (
            <p
              className={previousState === "received" ? "pg-alert pg-alert--success" : "pg-muted"}
              data-testid="weekly-previous"
            >
              {t(`weekly.${previousState}`, {
                gold: formatExact(previous.reward.gold),
                rp: formatExact(previous.reward.rp),
                share: formatExact(previous.share),
                threshold: formatExact(previous.threshold),
              })}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
