import { AFFLICTION_KINDS, type AfflictionKind, type PlayerAfflictions } from "@pickle-garden/shared";
import { useTranslation } from "react-i18next";
import { usePlayer } from "../../stores/playerStore.ts";
import { toLocalTime, useServerOffset } from "../ui/clock.ts";
import { useSecondsUntil } from "./Countdown.tsx";

/** Until when an affliction runs (a stun: the swing it put back) and its power, from the player's document. */
function runOf(a: PlayerAfflictions, kind: AfflictionKind): { until: number; n: number } | null {
  if (kind === "stun") return a.stun ? { until: a.stun.swingAt, n: 0 } : null;
  if (kind === "poison") return a.poison ? { until: a.poison.until, n: a.poison.dps } : null;
  const x = a[kind];
  return x ? { until: x.until, n: x.pct } : null;
}

/** What the insects past level 40 did to the player (docs/combat-balance.md "Afflictions"), under its health. */
export function AfflictionChips() {
  const { t } = useTranslation("pages");
  const offset = useServerOffset();
  const afflictions = usePlayer((p) => p.combat.afflictions);
  if (!afflictions) return null;
  return (
    <ul className="pg-statuses" aria-label={t("combat.afflictions")} data-testid="player-afflictions">
      {AFFLICTION_KINDS.map((kind) => {
        const run = runOf(afflictions, kind);
        return run ? (
          <AfflictionChip key={kind} kind={kind} n={run.n} until={toLocalTime(run.until, offset)} />
        ) : null;
      })}
    </ul>
  );
}

function AfflictionChip({ kind, n, until }: { kind: AfflictionKind; n: number; until: number }) {
  const { t } = useTranslation("pages");
  const left = useSecondsUntil(until);
  if (left <= 0) return null;
  return (
    <li className={`pg-chip pg-chip--${kind}`} data-testid={`player-affliction-${kind}`}>
      {t(`combat.affliction.${kind}`, { n })} {left}s
    </li>
  );
}
