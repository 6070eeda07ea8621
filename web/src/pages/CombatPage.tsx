import { CHARACTER_STYLE } from "@pickle-garden/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { usePlayer } from "../stores/playerStore.ts";
import { GatherLocations } from "./skill/GatherLocations.tsx";
import "./pages.css";

/** /skills/combat — the combat areas by required level. */
export default function CombatPage() {
  const { t } = useTranslation("pages");
  const combatOn = usePlayer((p) => !!p.featureFlags.combat);
  const style = usePlayer((p) => CHARACTER_STYLE[p.activeCharacter]);
  if (combatOn === undefined) return <p className="pg-muted">{t("shell:auth.loading")}</p>;
  return (
    <div className="pg-page" data-testid="combat-page">
      <header className="pg-page__header">
        <h1>{t("combat.title")}</h1>
      </header>
      <p className="pg-muted">{t("combat.intro")}</p>
      {!combatOn ? (
        <div className="pg-card">
          <p>{t("combat.noCombat")}</p>
          <Link className="pg-btn pg-btn--primary" to="/lab">
            {t("skill.goLab")}
          </Link>
        </div>
      ) : null}
      {style ? (
        <p className="pg-chip">{t("combat.style", { style: t(`shell:skills.${style}`) })}</p>
      ) : (
        <p className="pg-alert pg-alert--warning">
          {t("combat.noStyle")} <Link to="/inventory">{t("home.inventory")}</Link>
        </p>
      )}
      <GatherLocations skill="combat" />
    </div>
  );
}
