import { levelProgress, MAX_LEVEL, type SkillId, shownLevel } from "@pickle-garden/shared";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { formatExact, formatNumber } from "../format.ts";
import { SkillIcon } from "../icons/SkillIcon.tsx";
import { levelText, skillBonus } from "../stores/derived.ts";
import { usePlayer } from "../stores/playerStore.ts";

/** One skill in the sidebar: level (with gear bonus or malus against the base), max 99, xp bar, tooltip. */
export function SkillRow({ skill }: { skill: SkillId }) {
  const { t } = useTranslation("shell");
  const state = usePlayer((p) => p.skills[skill]);
  const bonus = usePlayer((p) => skillBonus(p, skill)) ?? 0;
  const text = usePlayer((p) => levelText(p, skill)) ?? "1";
  const tipId = useId();
  // a click hides the tooltip until the pointer leaves: it never stays over the page it opened
  const [quiet, setQuiet] = useState(false);
  if (!state) return null;
  const base = shownLevel(state.level);
  const shown = shownLevel(state.level + bonus);
  const progress = levelProgress(state.level, state.xp);
  const name = t(`skills.${skill}`);
  const tip = progress.atMax
    ? t("sidebar.tooltipMax", { skill: name, level: shown, max: MAX_LEVEL, base, xp: formatExact(state.xp) })
    : t("sidebar.tooltip", {
        skill: name,
        level: shown,
        max: MAX_LEVEL,
        base,
        xp: formatExact(Math.floor(state.xp)),
        toNext: formatNumber(progress.toNext),
      });
  return (
    <li className={`pg-tip-anchor${quiet ? " is-quiet" : ""}`} onPointerLeave={() => setQuiet(false)}>
      <NavLink
        onClick={() => setQuiet(true)}
        to={`/skills/${skill}`}
        className="pg-nav-link"
        aria-describedby={tipId}
        data-testid={`nav-skill-${skill}`}
        data-tour={`nav-${skill}`}
      >
        <SkillIcon skill={skill} size={22} />
        <span>{name}</span>
        <span
          className={`pg-nav-link__meta${bonus > 0 ? " pg-bonus--up" : bonus < 0 ? " pg-bonus--down" : ""}`}
          data-testid={`nav-level-${skill}`}
        >
          {text}
        </span>
        <span
          className="pg-bar"
          role="progressbar"
          aria-label={t("sidebar.xpBar", { skill: name })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress.fraction * 100)}
          style={{ "--pg-bar-color": `var(--pg-skill-${skill})` } as React.CSSProperties}
        >
          <span className="pg-bar__fill" style={{ width: `${progress.fraction * 100}%` }} />
        </span>
      </NavLink>
      <span role="tooltip" id={tipId} className="pg-tip">
        {tip}
      </span>
    </li>
  );
}
