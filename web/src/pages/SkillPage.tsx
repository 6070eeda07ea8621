import { hasActionFlag, isCraftSkill, isGatherSkill, SKILL_IDS } from "@pickle-garden/shared";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { formatNumber } from "../format.ts";
import { usePlayer } from "../stores/playerStore.ts";
import CombatPage from "./CombatPage.tsx";
import { CraftingView } from "./skill/CraftingView.tsx";
import { GatherLocations } from "./skill/GatherLocations.tsx";
import { SkillHeader } from "./skill/SkillHeader.tsx";
import "./pages.css";

/** /skills/:skill — gathering (locations), crafting (slots), picklelogy, or a combat skill. */
export default function SkillPage() {
  const { t } = useTranslation("pages");
  const { skill = "" } = useParams();
  const hasPlayer = usePlayer(() => true);
  const unlocked = usePlayer((p) =>
    isGatherSkill(skill) || isCraftSkill(skill) ? hasActionFlag(p, skill) : true,
  );

  if (skill === "combat") return <CombatPage />;
  if (!(SKILL_IDS as readonly string[]).includes(skill)) {
    return (
      <div className="pg-page">
        <p role="alert">{t("skill.unknown")}</p>
      </div>
    );
  }
  if (!hasPlayer) return <p className="pg-muted">{t("shell:auth.loading")}</p>;
  return (
    <div className="pg-page" data-testid={`skill-page-${skill}`}>
      <SkillHeader skill={skill} />
      {!unlocked ? (
        <div className="pg-card">
          <p>{t("skill.locked")}</p>
          <Link className="pg-btn pg-btn--primary" to="/lab">
            {t("skill.goLab")}
          </Link>
        </div>
      ) : isGatherSkill(skill) ? (
        <GatherLocations skill={skill} />
      ) : isCraftSkill(skill) ? (
        <CraftingView skill={skill} />
      ) : skill === "picklelogy" ? (
        <PicklelogyView />
      ) : (
        <CombatSkillView />
      )}
    </div>
  );
}

function PicklelogyView() {
  const { t } = useTranslation("pages");
  const rp = usePlayer((p) => p.lab.rp) ?? 0;
  const lifetime = usePlayer((p) => p.lab.earnedRpLifetime) ?? 0;
  return (
    <section className="pg-card" data-testid="picklelogy">
      <p>{t("picklelogy.intro")}</p>
      <p className="pg-strong">{t("picklelogy.rp", { rp: formatNumber(rp) })}</p>
      <p className="pg-muted">{t("picklelogy.lifetime", { rp: formatNumber(lifetime) })}</p>
      <Link className="pg-btn pg-btn--primary" to="/lab" data-tour="open-lab">
        {t("picklelogy.openLab")}
      </Link>
    </section>
  );
}

function CombatSkillView() {
  const { t } = useTranslation("pages");
  return (
    <section className="pg-card">
      <p>{t("combat.intro")}</p>
      <Link className="pg-btn pg-btn--primary" to="/skills/combat">
        {t("combat.areas")}
      </Link>
    </section>
  );
}
