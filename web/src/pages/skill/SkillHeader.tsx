import { levelProgress, MAX_LEVEL, shownLevel } from "@pickle-garden/shared";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../format.ts";
import { levelText, skillBonus } from "../../stores/derived.ts";
import { usePlayer, usePlayerStore } from "../../stores/playerStore.ts";
import { listenXpBonus } from "../../stores/popupStore.ts";
import { PopupLayer } from "../combat/PopupLayer.tsx";
import { SkillPic } from "../ui/icons.tsx";
import { ProgressBar } from "../ui/ProgressBar.tsx";

/**
 * A skill's name, level (capped at 99 for display) and xp bar towards the next level, with a
 * subscriber's xp popups (the supporter bonus) over it.
 */
export function SkillHeader({ skill }: { skill: string }) {
  const { t } = useTranslation("pages");
  const state = usePlayer((p) => p.skills[skill as keyof typeof p.skills]);
  const level = Math.min(state?.level ?? 1, MAX_LEVEL);
  const xp = state?.xp ?? 0;
  const text = usePlayer((p) => levelText(p, skill)) ?? String(level);
  const bonus = usePlayer((p) => skillBonus(p, skill)) ?? 0;
  // the bar and its label read one rule: xp into this level, of the level's span
  const progress = levelProgress(level, xp);
  const popupTarget = `xp:${skill}`;
  useEffect(
    () => listenXpBonus(() => usePlayerStore.getState().player?.discordId, popupTarget, skill),
    [popupTarget, skill],
  );
  return (
    <header className="pg-page__header pg-skill-header">
      <SkillPic skill={skill} size={40} />
      <div className="pg-skill-header__main">
        <PopupLayer target={popupTarget} />
        <h1>{t(`shell:skills.${skill}`)}</h1>
        <p className="pg-chip" data-testid="skill-level">
          {t("common.level", { level: text })}
        </p>
        {/* "24 (+1)" says what the brackets are: levels the equipped gear adds or takes */}
        {bonus !== 0 ? (
          <p className="pg-muted" data-testid="skill-gear-bonus">
            {t("skill.gearBonus", {
              change: `${bonus > 0 ? "+" : "−"}${Math.abs(bonus)}`,
              base: shownLevel(level),
              total: shownLevel(level + bonus),
            })}
          </p>
        ) : null}
        {progress.atMax ? (
          <p className="pg-muted">{t("skill.maxLevel")}</p>
        ) : (
          <ProgressBar
            value={progress.into}
            max={progress.span}
            label={t("skill.xpToNext", { xp: formatNumber(progress.toNext), level: level + 1 })}
            text={`${formatNumber(progress.into)} / ${formatNumber(progress.span)} XP`}
            tone="xp"
            testId="skill-xp"
          />
        )}
      </div>
    </header>
  );
}
