import { AFFLICTION_KINDS, type AfflictionKind, areaLevel, locationFor } from "@pickle-garden/shared";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { onServerEvent } from "../api/socket.ts";
import { rest, setAction } from "../calls/gatherActions.ts";
import { i18n } from "../i18n/index.ts";
import { locationName, monsterName } from "../i18n/names.ts";
import { combatTopic } from "../messages/logLines.ts";
import { usePlayer, usePlayerStore } from "../stores/playerStore.ts";
import { listenPopups } from "../stores/popupStore.ts";
import { pushMessage } from "../stores/uiStore.ts";
import { DeathBanner } from "./combat/DeathBanner.tsx";
import { MonsterCard } from "./combat/MonsterCard.tsx";
import { PlayerVitals } from "./combat/PlayerVitals.tsx";
import { SpellBar } from "./combat/SpellBar.tsx";
import { LocationPic } from "./ui/icons.tsx";
import { MessageLog } from "./ui/MessageLog.tsx";
import "./pages.css";

/** A player's time between two log lines of one affliction (a hornet stuns at every swing). */
const AFFLICTION_LOG_GAP_MS = 10_000;

/** This player's afflictions (onsets, popups on the player) as log lines, one a kind at most every 10 s. */
function listenAfflictions(): () => void {
  const lastAt = new Map<string, number>();
  return onServerEvent("popup", (p) => {
    const player = usePlayerStore.getState().player;
    if (!player || p.playerId !== player.discordId || p.target !== "player") return;
    if (!AFFLICTION_KINDS.includes(p.type as AfflictionKind)) return;
    const now = Date.now();
    if (now - (lastAt.get(p.type) ?? Number.NEGATIVE_INFINITY) < AFFLICTION_LOG_GAP_MS) return;
    lastAt.set(p.type, now);
    const monsterId = player.currentMonsters[0]?.id ?? 0;
    const n = p.value ?? 0;
    const text = i18n.t(`combat.afflicted.${p.type}`, {
      ns: "pages",
      monster: monsterName(monsterId),
      n,
      s: n / 1000,
    });
    pushMessage(text, "warning", false, { topic: combatTopic(monsterId) });
  });
}

/** /skills/combat/:location — monsters, the player's vitals, spells, popups and the death countdown. */
export default function CombatAreaPage() {
  const { t } = useTranslation("pages");
  const { location = "" } = useParams();
  const loc = locationFor("combat", location);
  const level = usePlayer((p) => areaLevel(p, "combat"));
  const combatOn = usePlayer((p) => !!p.featureFlags.combat);
  const active = usePlayer(
    (p) => p.currentAction.skill === "combat" && p.currentAction.location === location,
  );
  const monsters = usePlayer((p) => p.currentMonsters);
  const [busy, setBusy] = useState(false);
  const [since] = useState(() => Date.now());

  useEffect(() => listenPopups(() => usePlayerStore.getState().player?.discordId), []);
  // the kill; its loot is a line of the logs channel (logLines.ts), kept across reloads
  useEffect(
    () =>
      onServerEvent("monsterLoot", (loot) => {
        if (loot.playerId !== usePlayerStore.getState().player?.discordId) return;
        const monster = monsterName(loot.monsterId);
        pushMessage(i18n.t("combat.kill", { ns: "pages", monster }), "success", false, {
          topic: combatTopic(loot.monsterId),
        });
      }),
    [],
  );

  useEffect(() => listenAfflictions(), []);

  if (!loc) {
    return (
      <div className="pg-page">
        <p role="alert" className="pg-alert pg-alert--error">
          {t("gather.unknownLocation", { skill: "combat", loc: location })}
        </p>
        <Link to="/skills/combat">{t("common.back")}</Link>
      </div>
    );
  }
  if (level === undefined) return <p className="pg-muted">{t("shell:auth.loading")}</p>;
  const locked = level < loc.requiredLevel;

  return (
    <div className="pg-page pg-combat" data-testid={`combat-area-${location}`}>
      <nav className="pg-crumbs">
        <Link to="/skills/combat">← {t("combat.title")}</Link>
      </nav>
      <header className="pg-page__header">
        <LocationPic skill="combat" location={location} size={48} />
        <h1>{locationName(location)}</h1>
      </header>
      <DeathBanner />
      {!combatOn ? <p className="pg-alert pg-alert--warning">{t("combat.noCombat")}</p> : null}
      {locked ? (
        <p role="alert" className="pg-alert pg-alert--warning">
          {t("combat.lockedArea", { level: loc.requiredLevel })}
        </p>
      ) : (
        <button
          type="button"
          className={active ? "pg-btn pg-btn--danger" : "pg-btn pg-btn--primary"}
          disabled={busy}
          data-testid="combat-toggle"
          data-tour={active ? undefined : `combat-start-${location}`}
          onClick={async () => {
            setBusy(true);
            await (active ? rest() : setAction("combat", location));
            setBusy(false);
          }}
        >
          {active ? t("combat.flee") : t("combat.fight")}
        </button>
      )}
      <div className="pg-combat__grid">
        <div className="pg-combat__player">
          <PlayerVitals />
          <SpellBar />
        </div>
        <div className="pg-combat__monsters" data-testid="monsters" data-tour="monsters">
          {active && monsters && monsters.length > 0 ? (
            monsters.map((m) => <MonsterCard key={m.uid} monster={m} fighting={active} />)
          ) : (
            <p className="pg-muted">{active ? t("combat.fighting") : t("combat.notFighting")}</p>
          )}
        </div>
      </div>
      <MessageLog
        since={since}
        topic={`combat:${location}`}
        otherTopic={(other) => other.startsWith("combat:")}
        testId="combat-log"
      />
    </div>
  );
}
