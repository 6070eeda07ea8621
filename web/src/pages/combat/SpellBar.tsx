import { SPELL_IDS, SPELLS, type SpellId } from "@pickle-garden/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { castSpell } from "../../calls/spellActions.ts";
import { spellName } from "../../i18n/names.ts";
import { usePlayer } from "../../stores/playerStore.ts";
import { toLocalTime, useServerOffset } from "../ui/clock.ts";
import { useSecondsUntil } from "./Countdown.tsx";

/** The spells with their mana cost and cooldown (ready time from the server's combat state). */
export function SpellBar() {
  const { t } = useTranslation("pages");
  return (
    <section className="pg-card" aria-labelledby="spells-title">
      <h3 id="spells-title" className="pg-card__title">
        {t("combat.spells")}
      </h3>
      <div className="pg-spells">
        {SPELL_IDS.map((id) => (
          <SpellButton key={id} id={id} />
        ))}
      </div>
    </section>
  );
}

function SpellButton({ id }: { id: SpellId }) {
  const { t } = useTranslation("pages");
  const spell = SPELLS[id];
  const offset = useServerOffset();
  const readyAt = usePlayer((p) => p.combat.spellReadyAt[id] ?? null) ?? null;
  const left = useSecondsUntil(readyAt === null ? null : toLocalTime(readyAt, offset));
  const [busy, setBusy] = useState(false);
  const cooling = left > 0;
  return (
    <button
      type="button"
      className={`pg-btn pg-spell${cooling ? " is-cooling" : ""}`}
      title={t("combat.cast", { spell: spellName(id) })}
      aria-disabled={cooling || busy}
      data-testid={`spell-${id}`}
      onClick={async () => {
        if (cooling || busy) return;
        setBusy(true);
        await castSpell(id);
        setBusy(false);
      }}
    >
      <span className="pg-spell__name">{spellName(id)}</span>
      <span className="pg-spell__meta">
        {t("combat.manaCost", { n: spell.manaCost })} ·{" "}
        {cooling ? t("combat.cooldown", { s: left }) : t("combat.ready")}
      </span>
      {cooling ? (
        <span
          className="pg-spell__cool"
          style={{
            animationDuration: `${spell.cooldownMs}ms`,
            animationDelay: `${-(spell.cooldownMs - left * 1000)}ms`,
          }}
        />
      ) : null}
    </button>
  );
}
