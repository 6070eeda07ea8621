import { useTranslation } from "react-i18next";
import { formatExact, formatNumber } from "../format.ts";
import { GoldIcon, HealthIcon, ManaIcon, RpIcon } from "../icons/ui.tsx";
import { usePlayer } from "../stores/playerStore.ts";

/** Gold (goldPouch flag), health, mana (intellect flag) and research points (spec §2), each its own selector. */

function Stat({
  label,
  value,
  max,
  icon,
  testId,
}: {
  label: string;
  value: number;
  max?: number;
  icon: React.ReactNode;
  testId: string;
}) {
  const shown =
    max === undefined ? formatNumber(value) : `${formatNumber(Math.floor(value))}/${formatNumber(max)}`;
  const exact =
    max === undefined ? formatExact(value) : `${formatExact(Math.floor(value))} / ${formatExact(max)}`;
  return (
    <span className="pg-chip" title={`${label}: ${exact}`} data-testid={testId}>
      {icon}
      <span className="pg-visually-hidden">{label}: </span>
      <span>{shown}</span>
    </span>
  );
}

export function GoldStat() {
  const { t } = useTranslation("shell");
  const on = usePlayer((p) => !!p.featureFlags.goldPouch);
  const gold = usePlayer((p) => p.gold);
  if (!on || gold === undefined) return null;
  return <Stat label={t("topbar.gold")} value={gold} icon={<GoldIcon size={18} />} testId="stat-gold" />;
}

export function HealthStat() {
  const { t } = useTranslation("shell");
  const health = usePlayer((p) => p.health);
  const max = usePlayer((p) => p.maxHealth);
  if (health === undefined || max === undefined) return null;
  return (
    <Stat
      label={t("topbar.health")}
      value={health}
      max={max}
      icon={<HealthIcon size={18} />}
      testId="stat-health"
    />
  );
}

export function ManaStat() {
  const { t } = useTranslation("shell");
  const on = usePlayer((p) => !!p.featureFlags.intellect);
  const mana = usePlayer((p) => p.mana);
  const max = usePlayer((p) => p.maxMana);
  if (!on || mana === undefined || max === undefined) return null;
  return (
    <Stat label={t("topbar.mana")} value={mana} max={max} icon={<ManaIcon size={18} />} testId="stat-mana" />
  );
}

export function RpStat() {
  const { t } = useTranslation("shell");
  const rp = usePlayer((p) => p.lab.rp);
  if (rp === undefined) return null;
  return <Stat label={t("topbar.rp")} value={rp} icon={<RpIcon size={18} />} testId="stat-rp" />;
}
