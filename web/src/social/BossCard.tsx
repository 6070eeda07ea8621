import {
  BOSS_IDS,
  BOSS_ROUND_MS,
  BOSSES,
  type BossFighter,
  type BossView,
  labelText,
} from "@pickle-garden/shared";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatExact } from "../format.ts";
import { bossName, itemName } from "../i18n/names.ts";
import { BossIcon } from "../icons/index.ts";
import { ProgressBar } from "../pages/ui/ProgressBar.tsx";
import { challengeBoss } from "../session/rooms.ts";
import { useRoomStore } from "../stores/roomStore.ts";
import { serverNow } from "../stores/serverTimeStore.ts";
import type { RoomMember } from "./useRoomMembers.ts";

/** The seconds to the enrage: never before what the rounds played say (the server's clock may have jumped). */
function useEnrageSeconds(boss: BossView): number {
  const [now, setNow] = useState(() => serverNow());
  useEffect(() => {
    if (boss.outcome !== null) return;
    const timer = setInterval(() => setNow(serverNow()), 1000);
    return () => clearInterval(timer);
  }, [boss.outcome]);
  const at = Math.max(now, boss.startedAt + boss.rounds * BOSS_ROUND_MS);
  return Math.max(0, Math.ceil((boss.enrageAt - at) / 1000));
}

const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;

function Fighter({ f, name }: { f: BossFighter; name: string }) {
  const { t } = useTranslation("social");
  return (
    <li className="pg-boss__fighter" data-testid="boss-fighter" data-player-id={f.id} data-role={f.role}>
      <p className="pg-member__name">
        {name} · <span data-testid="boss-role">{t(`boss.roles.${f.role}`)}</span>
        {f.left ? <span className="pg-muted"> · {t("boss.left")}</span> : null}
      </p>
      <ProgressBar
        value={f.hp}
        max={f.maxHp}
        label={t("boss.fighterHealth", { name })}
        tone="hp"
        small
        testId="boss-fighter-health"
      />
      <p className="pg-help" data-testid="boss-part">
        {t("boss.damage", { count: f.damage, amount: formatExact(f.damage) })}
        {f.role === "mender"
          ? ` · ${t("boss.healed", { count: f.healed, amount: formatExact(f.healed) })}`
          : ""}
      </p>
      {f.loot ? (
        <p className="pg-help" data-testid="boss-loot">
          {f.loot.length > 0
            ? t("boss.loot", {
                items: f.loot.map((i) => `${i.quantity} ${itemName(i.id, i.quantity)}`).join(", "),
              })
            : t("boss.weeklyLimit")}
        </p>
      ) : null}
    </li>
  );
}

function Fight({ boss, members }: { boss: BossView; members: readonly RoomMember[] }) {
  const { t } = useTranslation("social");
  const seconds = useEnrageSeconds(boss);
  const name = bossName(boss.bossId);
  const nameOf = (id: string) => {
    const m = members.find((x) => x.player.discordId === id);
    return m ? labelText(m.label) : id;
  };
  return (
    <>
      <ProgressBar
        value={boss.hp}
        max={boss.maxHp}
        label={t("boss.health", { boss: name })}
        tone="monster"
        testId="boss-health"
      />
      <p className="pg-help" data-testid="boss-status" role="status">
        {boss.outcome === "won"
          ? t("boss.won", { boss: name })
          : boss.outcome === "lost"
            ? t("boss.lost", { boss: name })
            : seconds > 0
              ? t("boss.enrageIn", { time: clock(seconds) })
              : t("boss.enraged")}
      </p>
      <ul className="pg-boss__fighters">
        {boss.fighters.map((f) => (
          <Fighter key={f.id} f={f} name={nameOf(f.id)} />
        ))}
      </ul>
    </>
  );
}

/** The challenge: a boss of the new tiers, the level it asks, and the button. */
function Challenge() {
  const { t } = useTranslation("social");
  const [bossId, setBossId] = useState<string>(BOSS_IDS[0]!);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const boss = BOSSES[bossId]!;
  return (
    <div className="pg-boss__challenge">
      <label className="pg-help">
        {t("boss.pick")}{" "}
        <select value={bossId} onChange={(e) => setBossId(e.target.value)} data-testid="boss-pick">
          {BOSS_IDS.map((id) => (
            <option key={id} value={id}>
              {t("boss.option", { boss: bossName(id), level: BOSSES[id]!.level })}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="pg-btn pg-btn--primary pg-btn--small"
        disabled={busy}
        data-testid="boss-challenge"
        onClick={async () => {
          setBusy(true);
          setError(await challengeBoss(bossId));
          setBusy(false);
        }}
      >
        {t("boss.challenge", { boss: bossName(boss.id) })}
      </button>
      <p className="pg-help">{t("boss.hint")}</p>
      {error ? (
        <p className="pg-alert pg-alert--error" role="alert" data-testid="boss-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The party's boss (docs/rooms.md "Party bosses"): the fight as the server sends it, else the challenge. */
export function BossCard({ members }: { members: readonly RoomMember[] }) {
  const { t } = useTranslation("social");
  const boss = useRoomStore((s) => s.boss);
  const live = boss !== null && boss.outcome === null;
  const shown = boss ? BOSSES[boss.bossId] : undefined;
  return (
    <div className="pg-boss" data-testid="boss-card" data-outcome={boss?.outcome ?? (live ? "live" : "none")}>
      <p className="pg-member__name pg-boss__title">
        {shown ? <BossIcon tier={shown.tier} size={28} /> : null}
        {shown ? bossName(shown.id) : t("boss.title")}
      </p>
      {boss ? <Fight boss={boss} members={members} /> : null}
      {!live && members.length > 1 ? <Challenge /> : null}
    </div>
  );
}
