import {
  DROP_TABLES,
  dropsWithoutRoom,
  GATHER_NODES,
  type GatherSkill,
  gatherDamage,
  isGatherSkill,
  locationFor,
} from "@pickle-garden/shared";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { useShallow } from "zustand/react/shallow";
import { rest, setAction } from "../calls/gatherActions.ts";
import { formatDuration, formatNumber } from "../format.ts";
import { actionPlace, itemName, locationName, nodeName } from "../i18n/names.ts";
import { usePlayer, usePlayerShallow } from "../stores/playerStore.ts";
import { type Drop, type UiMessage, useUiStore } from "../stores/uiStore.ts";
import { SkillHeader } from "./skill/SkillHeader.tsx";
import { toLocalTime, useServerOffset } from "./ui/clock.ts";
import { ItemPic, LocationPic } from "./ui/icons.tsx";
import { MessageLog } from "./ui/MessageLog.tsx";
import { ProgressBar } from "./ui/ProgressBar.tsx";
import { TimedBar } from "./ui/TimedBar.tsx";
import "./pages.css";

/** /skills/:skill/:location — a gathering location: start/stop, the node's HP, drops as they come, the log. */
export default function LocationPage() {
  const { t } = useTranslation("pages");
  const { skill = "", location = "" } = useParams();
  const loc = isGatherSkill(skill) ? locationFor(skill, location) : undefined;
  const level = usePlayer((p) => (isGatherSkill(skill) ? (p.skills[skill]?.level ?? 1) : 1));

  if (!isGatherSkill(skill) || !loc) {
    return (
      <div className="pg-page">
        <p role="alert" className="pg-alert pg-alert--error">
          {t("gather.unknownLocation", { skill, loc: location })}
        </p>
        <Link to={isGatherSkill(skill) ? `/skills/${skill}` : "/"}>{t("common.back")}</Link>
      </div>
    );
  }
  if (level === undefined) return <p className="pg-muted">{t("shell:auth.loading")}</p>;
  if (loc.spawns.length === 0) {
    return (
      <div className="pg-page">
        <p role="alert">{t("gather.noNodes")}</p>
      </div>
    );
  }
  return (
    <div className="pg-page" data-testid={`location-page-${skill}-${location}`}>
      <SkillHeader skill={skill} />
      <nav className="pg-crumbs">
        <Link to={`/skills/${skill}`}>← {t(`shell:skills.${skill}`)}</Link>
      </nav>
      <h2 className="pg-row">
        <LocationPic skill={skill} location={location} />
        {locationName(location)}
      </h2>
      {level < loc.requiredLevel ? (
        <p role="alert" className="pg-alert pg-alert--warning">
          {t("gather.lockedLocation", { level: loc.requiredLevel, skill: t(`shell:skills.${skill}`) })}
        </p>
      ) : (
        <GatherPanel skill={skill} location={location} />
      )}
    </div>
  );
}

function GatherPanel({ skill, location }: { skill: GatherSkill; location: string }) {
  const { t } = useTranslation("pages");
  const action = usePlayer((p) => p.currentAction);
  const speed = usePlayer((p) => p[`${skill}Speed` as const]) ?? 3000;
  const damage = usePlayer((p) => gatherDamage(p, skill)) ?? 0;
  const offset = useServerOffset();
  const [busy, setBusy] = useState(false);
  // the drops of the logs channel (logLines.ts): live, and the server's kept lines after a reload
  const drops = useUiStore(
    useShallow((s) =>
      s.messages
        .filter((m): m is UiMessage & { drop: Drop } => m.drop !== undefined && m.topic === skill)
        .slice(-20)
        .reverse(),
    ),
  );
  const since = useMemo(() => Date.now(), []);
  const active = action?.skill === skill && action.location === location;
  const losing = usePlayerShallow((p) => dropsWithoutRoom(p, skill, location)) ?? [];
  const elsewhere = action && action.skill !== "none" && !active;

  const node = active && action.nodeId != null ? GATHER_NODES[action.nodeId] : undefined;
  // the cycle bar restarts at each server event (a hit changes the node's HP); nextHitAt says where it is
  // biome-ignore lint/correctness/useExhaustiveDependencies: restart on every hit (nodeHp/nodeId change)
  const cycleStart = useMemo(() => {
    const now = Date.now();
    if (action?.nextHitAt) {
      const next = toLocalTime(action.nextHitAt, offset);
      if (next > now && next - now <= speed) return next - speed;
    }
    return now;
  }, [action?.nextHitAt, action?.nodeHp, action?.nodeId, offset, speed]);

  const toggle = async () => {
    setBusy(true);
    await (active ? rest() : setAction(skill, location));
    setBusy(false);
  };

  return (
    <>
      {active && losing.length > 0 ? (
        <p role="alert" className="pg-alert pg-alert--warning" data-testid="losing-gains">
          {t("gather.losing", { items: losing.map((id) => itemName(id)).join(", ") })}{" "}
          <Link to="/inventory">{t("gather.losingLink")}</Link>
        </p>
      ) : null}
      <section className="pg-card" aria-labelledby="gather-title">
        <h3 id="gather-title" className="pg-card__title">
          {active ? t("gather.active") : t("gather.idle")}
        </h3>
        {elsewhere ? (
          <p className="pg-muted">
            {t("gather.elsewhere", {
              activity: [t(`shell:skills.${action.skill}`), actionPlace(action)].filter(Boolean).join(" · "),
            })}
          </p>
        ) : null}
        <button
          type="button"
          className={active ? "pg-btn pg-btn--danger" : "pg-btn pg-btn--primary"}
          onClick={toggle}
          disabled={busy}
          data-testid="gather-toggle"
          data-tour={active ? undefined : `gather-start-${skill}-${location}`}
        >
          {active ? t("gather.stop") : t("gather.start")}
        </button>
        {active ? (
          <div className="pg-node" data-testid="gather-node" data-tour="gather-node">
            <div className="pg-row">
              {node ? <ItemPic id={DROP_TABLES[skill][node.id]?.[0]?.itemId ?? 0} size={48} /> : null}
              <div className="pg-grow">
                <p className="pg-strong">
                  {node ? t("gather.node", { node: nodeName(node.id), level: node.level }) : "…"}
                </p>
                <ProgressBar
                  value={action.nodeHp}
                  max={action.nodeMaxHp || 1}
                  label={t("gather.nodeHp")}
                  tone="node"
                  testId="node-hp"
                  transitionMs={Math.min(speed / 2, 600)}
                />
              </div>
            </div>
            <p className="pg-label">
              {t("gather.nextHit")} · {t("gather.perHit", { time: formatDuration(speed) })} ·{" "}
              {t("gather.damage", { n: formatNumber(damage) })}
            </p>
            <TimedBar
              startAt={cycleStart}
              durationMs={speed}
              label={t("gather.nextHit")}
              testId="gather-cycle"
              repeat
            />
          </div>
        ) : null}
      </section>
      <section className="pg-card" aria-labelledby="drops-title">
        <h3 id="drops-title" className="pg-card__title">
          {t("gather.drops")}
        </h3>
        <ul className="pg-drops" aria-live="polite" data-testid="drops">
          {drops.length === 0 ? <li className="pg-muted">{t("gather.noDrops")}</li> : null}
          {drops.map(({ id, drop }) => (
            <li key={id} className="pg-drop">
              <ItemPic id={drop.id} size={24} />{" "}
              {t("gather.dropLine", { n: drop.stack, item: itemName(drop.id, drop.stack) })}
            </li>
          ))}
        </ul>
      </section>
      <MessageLog since={since} topic={skill} testId="gather-log" />
    </>
  );
}
