import { MONSTERS, type MonsterInstance } from "@pickle-garden/shared";
import { useTranslation } from "react-i18next";
import { monsterName } from "../../i18n/names.ts";
import { toLocalTime, useServerOffset } from "../ui/clock.ts";
import { MonsterPic } from "../ui/icons.tsx";
import { ProgressBar } from "../ui/ProgressBar.tsx";
import { TimedBar } from "../ui/TimedBar.tsx";
import { useSecondsUntil } from "./Countdown.tsx";
import { PopupLayer } from "./PopupLayer.tsx";

const STATUSES = ["freeze", "stun", "burn", "bleed"] as const;

/** A monster in play: HP bar, attack timer, status effects and its floating numbers. */
export function MonsterCard({ monster, fighting }: { monster: MonsterInstance; fighting: boolean }) {
  const { t } = useTranslation("pages");
  const offset = useServerOffset();
  const data = MONSTERS[monster.id];
  const name = monsterName(monster.id);
  return (
    <article
      className="pg-card pg-monster"
      aria-label={name}
      data-testid={`monster-${monster.uid}`}
      data-monster-id={monster.id}
    >
      <div className="pg-row">
        {/* the numbers rise from the insect itself, never over its name or type */}
        <span className="pg-monster__pic">
          <PopupLayer target={monster.uid} />
          <MonsterPic id={monster.id} size={56} />
        </span>
        <div className="pg-grow">
          <h3 className="pg-card__title">{t("combat.monster", { name, level: data?.level ?? "?" })}</h3>
          {data ? (
            <p className="pg-muted">{t("combat.monsterType", { type: t(`shell:skills.${data.type}`) })}</p>
          ) : null}
        </div>
      </div>
      <ProgressBar
        value={monster.hp}
        max={monster.maxHp}
        label={`${name} ${t("combat.hp")}`}
        tone="monster"
        testId="monster-hp"
      />
      {fighting && monster.nextAttackAt && data ? (
        <TimedBar
          startAt={toLocalTime(monster.nextAttackAt, offset) - data.attackSpeed}
          durationMs={data.attackSpeed}
          label={t("combat.nextAttack", { monster: name })}
          tone="monster"
        />
      ) : null}
      <ul className="pg-statuses" aria-label={t("combat.statuses")}>
        {STATUSES.map((s) => {
          const st = monster.status[s];
          return st ? <StatusChip key={s} kind={s} until={toLocalTime(st.until, offset)} /> : null;
        })}
      </ul>
    </article>
  );
}

function StatusChip({ kind, until }: { kind: (typeof STATUSES)[number]; until: number }) {
  const { t } = useTranslation("pages");
  const left = useSecondsUntil(until);
  if (left <= 0) return null;
  return (
    <li className={`pg-chip pg-chip--${kind}`} data-status={kind}>
      {t(`combat.status.${kind}`)} {left}s
    </li>
  );
}
