import { useTranslation } from "react-i18next";
import { usePlayer, usePlayerStore } from "../../stores/playerStore.ts";
import { toLocalTime, useServerOffset } from "../ui/clock.ts";
import { useSecondsUntil } from "./Countdown.tsx";

/** 'You died! Wait 10 seconds before fighting again.' with the countdown (server's respawn time or push). */
export function DeathBanner() {
  const { t } = useTranslation("pages");
  const dead = usePlayer((p) => p.dead) ?? false;
  const respawnAt = usePlayer((p) => p.deathInfo?.respawnAt ?? null) ?? null;
  const pushed = usePlayerStore((s) => s.deathSecondsLeft);
  const offset = useServerOffset();
  const left = useSecondsUntil(respawnAt === null ? null : toLocalTime(respawnAt, offset));
  if (!dead) return null;
  const seconds = respawnAt !== null ? left : (pushed ?? 0);
  return (
    <div role="alert" className="pg-alert pg-alert--error pg-death" data-testid="death-banner">
      <p className="pg-strong">{t("shell:messages.died")}</p>
      <p aria-live="polite" data-testid="death-countdown">
        {t("combat.deathCountdown", { s: seconds })}
      </p>
    </div>
  );
}
