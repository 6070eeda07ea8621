import type { PlayerView } from "@pickle-garden/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDuration } from "../format.ts";
import { actionPlace, itemName } from "../i18n/names.ts";
import { SkillIcon } from "../icons/SkillIcon.tsx";
import { activityCraft, activityCycle, activityPath } from "../stores/derived.ts";
import { usePlayerShallow } from "../stores/playerStore.ts";
import { serverNow } from "../stores/serverTimeStore.ts";

/**
 * The current activity (spec §2): name, place, per-cycle time and a progress bar. The bar is a CSS
 * animation started at the right phase (negative delay), restarted only when the server moves the cycle:
 * no React state changes per frame.
 */
const NO_CYCLE = { cycleMs: 0, startedAt: 0 };
const NO_CRAFT = { itemId: -1, done: 0, total: 0 };

export function ActivityCard() {
  const { t } = useTranslation("shell");
  const action = usePlayerShallow((p) => ({
    skill: p.currentAction.skill,
    location: p.currentAction.location,
  }));
  const cycle = usePlayerShallow((p: PlayerView) => activityCycle(p) ?? NO_CYCLE);
  const craft = usePlayerShallow((p: PlayerView) => activityCraft(p) ?? NO_CRAFT);
  if (!action) return null;
  const resting = action.skill === "none";
  const skillName = t(`skills.${action.skill}`);
  // crafting reads "Smithing · Dirt Brick 1/3": the batch as the server keeps it, so a reload keeps it too
  const place =
    craft && craft.itemId >= 0
      ? `${itemName(craft.itemId)} ${craft.done}/${craft.total}`
      : actionPlace(action);
  const label = resting ? t("topbar.resting") : place ? `${skillName} · ${place}` : skillName;
  const running = !!cycle && cycle.cycleMs > 0;
  const elapsed = running ? Math.max(0, serverNow() - cycle.startedAt) % cycle.cycleMs : 0;

  return (
    <Link
      to={activityPath(action)}
      className="pg-activity"
      title={label}
      data-testid="activity-card"
      data-tour="activity-card"
    >
      <SkillIcon skill={action.skill} size={28} className="pg-activity__icon" />
      <span className="pg-activity__text">
        <span className="pg-visually-hidden">{t("topbar.activityLabel")} </span>
        <span className="pg-activity__label">{label}</span>
        {running ? (
          <span className="pg-activity__time">
            {t("topbar.perCycle", { time: formatDuration(cycle.cycleMs) })}
          </span>
        ) : null}
      </span>
      <span className="pg-bar pg-cycle" aria-hidden="true">
        {running ? (
          <span
            key={`${cycle.startedAt}:${cycle.cycleMs}`}
            className="pg-cycle__fill"
            style={{ animationDuration: `${cycle.cycleMs}ms`, animationDelay: `${-elapsed}ms` }}
          />
        ) : null}
      </span>
    </Link>
  );
}
