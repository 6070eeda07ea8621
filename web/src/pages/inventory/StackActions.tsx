import { hasAffixes, type InventoryEntry, sellValue } from "@pickle-garden/shared";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { discardItem, sellAll, sellItem } from "../../calls/stackActions.ts";
import { formatExact } from "../../format.ts";
import { itemName } from "../../i18n/names.ts";
import { usePlayer } from "../../stores/playerStore.ts";
import { ItemPic } from "../ui/icons.tsx";

type Pending = { kind: "sell" | "discard"; quantity: number } | null;

/**
 * What can be done with the selected stack: sell some or all of it for gold (once the gold pouch is
 * bought), sell every stack of the item, or throw some away. A piece with affixes asks first.
 */
export function StackActions({
  index,
  entry,
  onDone,
}: {
  index: number;
  entry: InventoryEntry;
  onDone: () => void;
}) {
  const { t } = useTranslation("pages");
  const ids = useId();
  const pouch = usePlayer((p) => !!p.featureFlags.goldPouch) ?? false;
  const stacks =
    usePlayer((p) =>
      p.inventory
        .filter((e) => e.id === entry.id && e.stack > 0 && !hasAffixes(e))
        .reduce((n, e) => n + e.stack, 0),
    ) ?? 0;
  const [quantity, setQuantity] = useState(entry.stack);
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const panel = useRef<HTMLElement>(null);
  // a new stack chosen (or this one changed size): start from all of it, and bring the panel into view
  // biome-ignore lint/correctness/useExhaustiveDependencies: again for each slot chosen
  useEffect(() => {
    setQuantity(entry.stack);
    setPending(null);
    panel.current?.scrollIntoView?.({ block: "nearest", behavior: "smooth" });
  }, [index, entry.stack]);

  // the confirmation opens under the buttons: keep it in view
  useEffect(() => {
    if (pending) panel.current?.scrollIntoView?.({ block: "nearest", behavior: "smooth" });
  }, [pending]);

  const name = itemName(entry.id);
  const unit = sellValue(entry.id);
  const rolled = hasAffixes(entry);
  const qty = Math.min(Math.max(1, quantity), entry.stack);
  const run = async (fn: () => Promise<boolean>) => {
    setBusy(true);
    setPending(null);
    const ok = await fn();
    setBusy(false);
    if (ok) onDone();
  };
  const act = (kind: "sell" | "discard") => {
    if (rolled && pending?.kind !== kind) {
      setPending({ kind, quantity: qty });
      return;
    }
    void run(() => (kind === "sell" ? sellItem(index, qty) : discardItem(index, qty)));
  };

  return (
    <section
      ref={panel}
      className="pg-card pg-stack"
      aria-labelledby={`${ids}-title`}
      data-testid="stack-actions"
    >
      <header className="pg-row">
        <ItemPic id={entry.id} size={40} />
        <div className="pg-grow">
          <h2 id={`${ids}-title`} className="pg-card__title">
            {name}
          </h2>
          <p className="pg-muted">
            {t("inventory.inSlot", { n: formatExact(entry.stack) })} ·{" "}
            {t("inventory.unitValue", { gold: formatExact(unit) })}
          </p>
        </div>
        <button type="button" className="pg-btn pg-btn--ghost pg-btn--small pg-nowrap" onClick={onDone}>
          {t("inventory.deselect")}
        </button>
      </header>
      {entry.stack > 1 ? (
        <div className="pg-stack__qty">
          <label htmlFor={`${ids}-qty`} className="pg-label">
            {t("inventory.quantity")}
          </label>
          <input
            id={`${ids}-qty`}
            className="pg-input"
            type="number"
            inputMode="numeric"
            min={1}
            max={entry.stack}
            value={quantity}
            data-testid="stack-qty"
            onChange={(e) => setQuantity(Math.floor(Number(e.target.value) || 1))}
          />
          <button
            type="button"
            className="pg-btn pg-btn--small"
            data-testid="stack-all"
            onClick={() => setQuantity(entry.stack)}
          >
            {t("inventory.all")}
          </button>
        </div>
      ) : null}
      <div className="pg-stack__buttons">
        {pouch ? (
          <button
            type="button"
            className="pg-btn pg-btn--primary"
            disabled={busy}
            data-testid="stack-sell"
            onClick={() => act("sell")}
          >
            {t("inventory.sellFor", { n: formatExact(qty), gold: formatExact(unit * qty) })}
          </button>
        ) : null}
        <button
          type="button"
          className="pg-btn pg-btn--danger"
          disabled={busy}
          data-testid="stack-discard"
          onClick={() => act("discard")}
        >
          {t("inventory.discard", { n: formatExact(qty) })}
        </button>
        {pouch && !rolled && stacks > entry.stack ? (
          <button
            type="button"
            className="pg-btn"
            disabled={busy}
            data-testid="stack-sell-all"
            onClick={() => void run(() => sellAll(entry.id))}
          >
            {t("inventory.sellAll", {
              n: formatExact(stacks),
              item: itemName(entry.id, stacks),
              gold: formatExact(unit * stacks),
            })}
          </button>
        ) : null}
      </div>
      {pouch ? null : (
        <p className="pg-muted" data-testid="stack-no-pouch">
          {t("inventory.noPouch")} <Link to="/lab">{t("inventory.openLab")}</Link>
        </p>
      )}
      {pending ? (
        <div
          className="pg-alert pg-alert--warning pg-stack__confirm"
          role="alert"
          data-testid="stack-confirm"
        >
          <p>
            {t(pending.kind === "sell" ? "inventory.confirmSell" : "inventory.confirmDiscard", {
              item: name,
            })}
          </p>
          <div className="pg-row">
            <button
              type="button"
              className={pending.kind === "sell" ? "pg-btn pg-btn--primary" : "pg-btn pg-btn--danger"}
              disabled={busy}
              data-testid="stack-confirm-yes"
              onClick={() => act(pending.kind)}
            >
              {t(pending.kind === "sell" ? "inventory.confirmSellYes" : "inventory.confirmDiscardYes")}
            </button>
            <button type="button" className="pg-btn pg-btn--ghost" onClick={() => setPending(null)}>
              {t("common.cancel")}
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
