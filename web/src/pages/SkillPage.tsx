import { hasActionFlag, isCraftSkill, isGatherSkill, LAB_NODES, SKILL_IDS } from "@pickle-garden/shared";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { formatNumber } from "../format.ts";
import { usePlayer } from "../stores/playerStore.ts";
import CombatPage from "./CombatPage.tsx";
import { labNodeText } from "./lab/labText.ts";
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

/** The lab nodes that wait for a picklelogy level, lowest level first. */
const PICKLELOGY_OPENS = Object.values(LAB_NODES)
  .filter((n) => n.picklelogy !== undefined)
  .sort((a, b) => a.picklelogy! - b.picklelogy!);

function PicklelogyView() {
  const { t } = useTranslation("pages");
  const rp = usePlayer((p) => p.lab.rp) ?? 0;
  const lifetime = usePlayer((p) => p.lab.earnedRpLifetime) ?? 0;
  const level = usePlayer((p) => p.skills.picklelogy.level) ?? 1;
  return (
    <>
      <section className="pg-card" data-testid="picklelogy">
        <p>{t("picklelogy.intro")}</p>
        <p className="pg-strong">{t("picklelogy.rp", { rp: formatNumber(rp) })}</p>
        <p className="pg-muted">{t("picklelogy.lifetime", { rp: formatNumber(lifetime) })}</p>
        <Link className="pg-btn pg-btn--primary" to="/lab" data-tour="open-lab">
          {t("picklelogy.openLab")}
        </Link>
      </section>
      <section className="pg-card" aria-labelledby="picklelogy-opens" data-testid="picklelogy-opens">
        <h2 id="picklelogy-opens" className="pg-card__title">
          {t("picklelogy.opensTitle")}
        </h2>
        <p className="pg-muted">{t("picklelogy.opensLead")}</p>
        <ul className="pg-picklelogy__opens">
          {PICKLELOGY_OPENS.map((node) => {
            const open = level >= node.picklelogy!;
            return (
              <li key={node._id} data-testid={`opens-${node._id}`} data-open={open}>
                {t("picklelogy.opensAt", { level: node.picklelogy, node: labNodeText(node, t).label })}{" "}
                <span className={`pg-status pg-status--${open ? "owned" : "locked"}`}>
                  {open ? t("picklelogy.opened") : t("picklelogy.notYet")}
                </span>
              </li>
            );
          })}
        </ul>
      </section>
    </>
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
