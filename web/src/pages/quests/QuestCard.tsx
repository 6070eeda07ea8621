import { isDone, type Quest } from "@pickle-garden/shared";
import { useTranslation } from "react-i18next";
import { claimQuest, rerollQuest } from "../../calls/questActions.ts";
import { formatExact } from "../../format.ts";
import { useQuestStore } from "../../stores/questStore.ts";
import { ProgressBar } from "../ui/ProgressBar.tsx";
import { questTitle, rewardText } from "./questText.ts";

export interface QuestCardProps {
  quest: Quest;
  /** gold a reroll costs, or null when none is left today */
  rerollCost: number | null;
  gold: number;
}

/** One daily quest: its task, a progress bar, its reward, and claim or reroll. */
export function QuestCard({ quest, rerollCost, gold }: QuestCardProps) {
  const { t } = useTranslation("pages");
  const busy = useQuestStore((s) => s.busy);
  const result = useQuestStore((s) => (s.result?.questId === quest.id ? s.result : null));
  const done = isDone(quest);
  const title = questTitle(quest);
  const titleId = `quest-${quest.id}`;
  return (
    <li className="pg-card pg-quest" data-testid="quest" data-quest-id={quest.id} aria-labelledby={titleId}>
      <p className="pg-strong" id={titleId}>
        {title}
      </p>
      <ProgressBar
        value={quest.progress}
        max={quest.count}
        label={t("quests.progress", { title })}
        text={`${formatExact(quest.progress)}/${formatExact(quest.count)}`}
        testId="quest-progress"
      />
      <p className="pg-muted">{t("quests.reward", { reward: rewardText(quest.reward, quest.skill, t) })}</p>
      <div className="pg-row">
        {quest.claimed ? (
          <span className="pg-chip" data-testid="quest-claimed">
            {t("quests.done")}
          </span>
        ) : done ? (
          <button
            type="button"
            className="pg-btn pg-btn--primary"
            disabled={busy !== null}
            onClick={() => void claimQuest(quest.id)}
            data-testid="quest-claim"
          >
            {t("quests.claim")}
          </button>
        ) : rerollCost !== null ? (
          <button
            type="button"
            className="pg-btn"
            disabled={busy !== null || gold < rerollCost}
            onClick={() => void rerollQuest(quest.id)}
            data-testid="quest-reroll"
          >
            {t("quests.reroll", { cost: formatExact(rerollCost) })}
          </button>
        ) : null}
      </div>
      {result ? (
        <p className={`pg-alert pg-alert--${result.ok ? "success" : "error"}`} role="status">
          {t(result.key)}
        </p>
      ) : null}
    </li>
  );
}
