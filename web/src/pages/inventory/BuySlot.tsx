import { inventorySlotPrice } from "@pickle-garden/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { buySlot } from "../../calls/stackActions.ts";
import { formatExact } from "../../format.ts";
import { usePlayer } from "../../stores/playerStore.ts";

/** One more inventory slot for gold, at the rising price; shown once the gold pouch is bought. */
export function BuySlot() {
  const { t } = useTranslation("pages");
  const pouch = usePlayer((p) => !!p.featureFlags.goldPouch) ?? false;
  const gold = usePlayer((p) => p.gold) ?? 0;
  const price = usePlayer((p) => inventorySlotPrice(p));
  const [busy, setBusy] = useState(false);
  if (!pouch || price === undefined) return null;
  if (price === null) return <p className="pg-muted">{t("inventory.allSlotsBought")}</p>;
  const short = gold < price;
  return (
    <p className="pg-row" data-testid="buy-slot">
      <button
        type="button"
        className="pg-btn pg-btn--small"
        disabled={busy || short}
        aria-describedby={short ? "buy-slot-short" : undefined}
        onClick={async () => {
          setBusy(true);
          await buySlot();
          setBusy(false);
        }}
      >
        {t("inventory.buySlot", { gold: formatExact(price) })}
      </button>
      {short ? (
        <span id="buy-slot-short" className="pg-muted">
          {t("inventory.buySlotShort", { gold: formatExact(price - gold) })}
        </span>
      ) : null}
    </p>
  );
}
