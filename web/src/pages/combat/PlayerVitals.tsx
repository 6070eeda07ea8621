import { useTranslation } from "react-i18next";
import { usePlayer } from "../../stores/playerStore.ts";
import { ProgressBar } from "../ui/ProgressBar.tsx";
import { AfflictionChips } from "./AfflictionChips.tsx";
import { PopupLayer } from "./PopupLayer.tsx";

/** The player's health (and afflictions), mana (with intellect) and barrier, with the popups aimed at the player. */
export function PlayerVitals() {
  const { t } = useTranslation("pages");
  const health = usePlayer((p) => p.health) ?? 0;
  const maxHealth = usePlayer((p) => p.maxHealth) ?? 1;
  const mana = usePlayer((p) => p.mana) ?? 0;
  const maxMana = usePlayer((p) => p.maxMana) ?? 0;
  const intellect = usePlayer((p) => !!p.featureFlags.intellect);
  const barrier = usePlayer((p) => p.barrier);
  return (
    <section className="pg-card pg-vitals" aria-label={t("combat.health")} data-testid="player-vitals">
      <PopupLayer target="player" />
      <ProgressBar
        value={health}
        max={maxHealth}
        label={t("combat.health")}
        text={`${t("combat.health")} ${Math.round(health)}/${Math.round(maxHealth)}`}
        tone="hp"
        testId="player-health"
      />
      <AfflictionChips />
      {intellect || maxMana > 0 ? (
        <ProgressBar
          value={mana}
          max={maxMana || 1}
          label={t("combat.mana")}
          text={`${t("combat.mana")} ${Math.round(mana)}/${Math.round(maxMana)}`}
          tone="mana"
          testId="player-mana"
        />
      ) : null}
      {barrier && barrier.max > 0 ? (
        <ProgressBar
          value={barrier.remaining}
          max={barrier.max}
          label={t("combat.barrier")}
          text={`${t("combat.barrier")} ${Math.round(barrier.remaining)}/${Math.round(barrier.max)}`}
          tone="barrier"
          testId="player-barrier"
        />
      ) : null}
    </section>
  );
}
