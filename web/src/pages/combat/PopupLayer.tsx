import type { SpellId } from "@pickle-garden/shared";
import { useTranslation } from "react-i18next";
import { useShallow } from "zustand/react/shallow";
import { itemName, spellName } from "../../i18n/names.ts";
import { type Popup, popupText, usePopupStore } from "../../stores/popupStore.ts";

/**
 * The floating numbers over one target (a monster uid, 'player', or a skill's xp bar); CSS animates them
 * up and out. An xp popup adds its supporter bonus in small.
 */
export function PopupLayer({ target }: { target: string }) {
  const { t } = useTranslation("pages");
  const popups = usePopupStore(useShallow((s) => s.popups.filter((p) => p.target === target)));
  return (
    <div className="pg-popups" aria-hidden="true" data-testid={`popups-${target}`}>
      {popups.map((p: Popup) => {
        const text = popupText(p);
        return (
          <span
            key={p.id}
            className={`pg-popup pg-popup--${p.type}${p.type.endsWith("_crit") ? " pg-popup--crit" : ""}`}
            style={{ left: `calc(50% + ${p.dx}%)` }}
            data-popup-type={p.type}
          >
            {"raw" in text
              ? text.raw
              : t(text.key, {
                  n: text.n,
                  spell: text.spell === undefined ? "" : spellName(text.spell as SpellId),
                  item: text.item === undefined ? "" : itemName(text.item),
                })}
            {p.bonus ? (
              <small className="pg-popup__bonus">{t("popup.xpBonus", { n: Math.round(p.bonus) })}</small>
            ) : null}
          </span>
        );
      })}
    </div>
  );
}
