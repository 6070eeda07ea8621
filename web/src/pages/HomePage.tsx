import {
  CRAFT_SKILLS,
  GATHER_SKILLS,
  inventoryCapacity,
  questsReady,
  type SkillId,
  totalLevel,
} from "@pickle-garden/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatNumber } from "../format.ts";
import { actionPlace } from "../i18n/names.ts";
import { inventoryUsed, levelText } from "../stores/derived.ts";
import { usePlayer, usePlayerShallow } from "../stores/playerStore.ts";
import { NextGoalCard } from "./home/NextGoalCard.tsx";
import { WeeklyGoalCard } from "./quests/WeeklyGoalCard.tsx";
import { SkillPic } from "./ui/icons.tsx";
import "./pages.css";
import { useShownName } from "../i18n/useShownName.ts";

const SHOWN_SKILLS: readonly SkillId[] = [
  "picklelogy",
  ...GATHER_SKILLS,
  ...CRAFT_SKILLS,
  "health",
  "intellect",
  "melee",
  "magic",
  "ranged",
];

function actionPath(skill: string, location: string): string {
  if (skill === "combat") return `/skills/combat/${location}`;
  if ((CRAFT_SKILLS as readonly string[]).includes(skill)) return `/skills/${skill}`;
  return `/skills/${skill}/${location}`;
}

/** / — the garden at a glance: what the player is doing, skills, RP and where to go. */
export default function HomePage() {
  const { t } = useTranslation("pages");
  const name = useShownName();
  const action = usePlayerShallow((p) => ({
    skill: p.currentAction.skill,
    location: p.currentAction.location,
  }));
  const rp = usePlayer((p) => p.lab.rp) ?? 0;
  const slots = usePlayerShallow((p) => ({ used: inventoryUsed(p), total: inventoryCapacity(p) }));
  const levels = usePlayerShallow((p) => SHOWN_SKILLS.map((s) => levelText(p, s)));
  const total = usePlayer(totalLevel) ?? 0;
  // a card with nothing to say is not shown: combat only once it is unlocked
  const combat = usePlayer((p) => p.featureFlags.combat === true) ?? false;
  const quests = usePlayerShallow((p) =>
    p.featureFlags.quest ? { ready: questsReady(p.quests).length } : null,
  );
  if (name === undefined || !action || !slots || !levels)
    return <p className="pg-muted">{t("shell:auth.loading")}</p>;
  return (
    <div className="pg-page" data-testid="home-page">
      <header className="pg-page__header">
        <h1>{t("home.title")}</h1>
      </header>
      <p className="pg-lead">{t("home.welcome", { name })}</p>
      <section className="pg-card pg-home__now" aria-label={t("shell:skills.none")}>
        {action.skill === "none" ? (
          <p>{t("home.resting")}</p>
        ) : (
          <p className="pg-row">
            <SkillPic skill={action.skill} />
            <span className="pg-grow">
              {actionPlace(action)
                ? t("home.doing", { skill: t(`shell:skills.${action.skill}`), location: actionPlace(action) })
                : t(`shell:skills.${action.skill}`)}
            </span>
            <Link className="pg-btn pg-btn--primary" to={actionPath(action.skill, action.location)}>
              {t("home.goTo")}
            </Link>
          </p>
        )}
      </section>
      <NextGoalCard />
      <nav className="pg-grid pg-grid--links" aria-label={t("home.quickLinks")}>
        <Link className="pg-card pg-link-card" to="/lab">
          <span className="pg-strong">{t("home.lab")}</span>
          <span className="pg-muted">{t("home.rp", { rp: formatNumber(rp) })}</span>
        </Link>
        <Link className="pg-card pg-link-card" to="/inventory">
          <span className="pg-strong">{t("home.inventory")}</span>
          <span className="pg-muted">{t("home.slots", { used: slots.used, total: slots.total })}</span>
        </Link>
        {quests ? (
          <Link className="pg-card pg-link-card" to="/quests" data-testid="home-quests">
            <span className="pg-strong">{t("home.quests")}</span>
            <span className="pg-muted">{t("home.questsText", { ready: quests.ready })}</span>
          </Link>
        ) : null}
        {combat ? (
          <Link className="pg-card pg-link-card" to="/skills/combat" data-testid="home-combat">
            <span className="pg-strong">{t("home.combat")}</span>
            <span className="pg-muted">{t("home.combatText")}</span>
          </Link>
        ) : null}
      </nav>
      <WeeklyGoalCard />
      <section aria-labelledby="home-skills">
        <h2 id="home-skills">
          {t("home.skillsTitle")} <span className="pg-muted">· {t("home.totalLevel", { level: total })}</span>
        </h2>
        <ul className="pg-grid pg-grid--skills">
          {SHOWN_SKILLS.map((s, i) => (
            <li key={s}>
              <Link className="pg-card pg-skill-card" to={`/skills/${s}`}>
                <SkillPic skill={s} />
                <span className="pg-grow">{t(`shell:skills.${s}`)}</span>
                <span className="pg-chip">{levels[i]}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
