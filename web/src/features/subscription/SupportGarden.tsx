import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { isGuest } from "../../stores/derived.ts";
import { usePlayer } from "../../stores/playerStore.ts";
import {
  confirmSubscription,
  loadSubscriptionConfig,
  type PurchaseOutcome,
  type SubscriptionShop,
  useSubscriptionStore,
} from "./subscriptionStore.ts";
import "./subscription.css";

type Phase =
  | { kind: "loading" }
  | {
      kind: "ready";
      price: string | null;
      after?: "cancelled" | "failed" | "notConfirmed" | "storeOpened";
    }
  | { kind: "buying" }
  | { kind: "confirming" }
  | { kind: "unsupported" };

/**
 * "Support the garden" (the garden-supporter subscription): in Settings (`card`) and the lab's header
 * (`header`), only when the server sells one. A subscriber reads that the bonus is on; a guest that it
 * needs a linked Discord account; in the Discord Activity the player buys it through Discord, and the
 * server, asked afterwards, says whether it counts.
 */
export function SupportGarden({ variant }: { variant: "card" | "header" }) {
  const { t } = useTranslation("shell");
  const skuId = useSubscriptionStore((s) => s.skuId);
  const shop = useSubscriptionStore((s) => s.shop);
  const active = usePlayer((p) => p.subscription_active);
  const guest = usePlayer(isGuest);
  useEffect(() => {
    void loadSubscriptionConfig();
  }, []);
  if (!skuId || active === undefined) return null;
  if (active) {
    return (
      <p className={`pg-support pg-support--${variant} pg-support--on`} data-testid="support-on">
        {t("subscription.on")}
      </p>
    );
  }
  if (variant === "header" && !shop) return null;
  if (guest) return <p className="pg-support pg-muted">{t("subscription.needsDiscord")}</p>;
  if (!shop) return <p className="pg-support pg-muted">{t("subscription.inActivity")}</p>;
  return <Shop shop={shop} skuId={skuId} variant={variant} />;
}

function Shop({
  shop,
  skuId,
  variant,
}: {
  shop: SubscriptionShop;
  skuId: string;
  variant: "card" | "header";
}) {
  const { t } = useTranslation("shell");
  const [phase, setPhase] = useState<Phase>({ kind: "loading" });

  useEffect(() => {
    let live = true;
    void shop.price(skuId).then((answer) => {
      if (!live) return;
      if (answer === "unsupported") setPhase({ kind: "unsupported" });
      else setPhase({ kind: "ready", price: answer === "failed" ? null : answer.price });
    });
    return () => {
      live = false;
    };
  }, [shop, skuId]);

  const price = phase.kind === "ready" ? phase.price : null;
  const settle = async (outcome: PurchaseOutcome) => {
    if (outcome === "unsupported") return setPhase({ kind: "unsupported" });
    if (outcome === "cancelled" || outcome === "failed" || outcome === "storeOpened")
      return setPhase({ kind: "ready", price, after: outcome });
    // bought or already owned: only the server's answer (it asks Discord) turns the bonus on
    setPhase({ kind: "confirming" });
    const status = await confirmSubscription().catch(() => null);
    if (!status?.active) setPhase({ kind: "ready", price, after: "notConfirmed" });
  };
  const buy = async () => {
    setPhase({ kind: "buying" });
    await settle(await shop.buy(skuId));
  };

  return (
    <div className={`pg-support pg-support--${variant}`} data-testid={`support-${variant}`}>
      {variant === "card" ? <p>{t("subscription.pitch")}</p> : null}
      {phase.kind === "unsupported" ? (
        <>
          <p role="status">{t("subscription.unsupported")}</p>
          <button type="button" className="pg-btn" onClick={() => void shop.openStore(skuId)}>
            {t("subscription.openStore")}
          </button>
        </>
      ) : (
        <>
          <button
            type="button"
            className="pg-btn pg-btn--primary"
            disabled={phase.kind !== "ready"}
            onClick={() => void buy()}
            data-testid="support-buy"
          >
            {phase.kind === "loading"
              ? t("subscription.loading")
              : phase.kind === "buying"
                ? t("subscription.buying")
                : phase.kind === "confirming"
                  ? t("subscription.confirming")
                  : price
                    ? t("subscription.buyPrice", { price })
                    : t("subscription.buy")}
          </button>
          {phase.kind === "ready" && phase.after ? (
            <p
              role={phase.after === "failed" || phase.after === "notConfirmed" ? "alert" : "status"}
              data-testid="support-outcome"
            >
              {t(`subscription.${phase.after}`)}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
