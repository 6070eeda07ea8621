import type { SubscriptionStatus } from "@pickle-garden/shared";
import { create } from "zustand";
import { confirmSubscriptionCall, subscriptionConfig } from "../../calls/subscriptionCalls.ts";
import { setPlayer, usePlayerStore } from "../../stores/playerStore.ts";

/**
 * The garden-supporter subscription on the client: whether the server sells one (its SKU, from
 * GET /api/token/config), and the shop that can buy it (the Discord Activity hands one to the App; the
 * website has none). The client never decides who subscribes: after a purchase it asks the server.
 */

/** storeOpened: on a phone, where Discord sells only on the store page, that page opened */
export type PurchaseOutcome =
  | "bought"
  | "cancelled"
  | "alreadyOwned"
  | "storeOpened"
  | "unsupported"
  | "failed";
export type PriceAnswer = { price: string } | "unsupported" | "failed";

/** Discord's side of a purchase (the activity implements it with the embedded SDK). */
export interface SubscriptionShop {
  price(skuId: string): Promise<PriceAnswer>;
  buy(skuId: string): Promise<PurchaseOutcome>;
  openStore(skuId: string): Promise<void>;
}

interface SubscriptionState {
  /** undefined until the server said; null: subscriptions are off */
  skuId: string | null | undefined;
  shop: SubscriptionShop | null;
  /** the one config request of this page, once started */
  configLoad: Promise<void> | null;
}

export const useSubscriptionStore = create<SubscriptionState>()(() => ({
  skuId: undefined,
  shop: null,
  configLoad: null,
}));

/** Reads the server's SKU once per page. A failure counts as "off": the UI then says nothing. */
export function loadSubscriptionConfig(): Promise<void> {
  const started = useSubscriptionStore.getState().configLoad;
  if (started) return started;
  const configLoad = subscriptionConfig()
    .then((config) => useSubscriptionStore.setState({ skuId: config.subscriptionSkuId }))
    .catch(() => useSubscriptionStore.setState({ skuId: null }));
  useSubscriptionStore.setState({ configLoad });
  return configLoad;
}

/** The server's word after it asked Discord (a purchase, a retry); the view follows it. */
export async function confirmSubscription(): Promise<SubscriptionStatus> {
  const status = await confirmSubscriptionCall();
  const player = usePlayerStore.getState().player;
  if (player && player.subscription_active !== status.active)
    setPlayer({ ...player, subscription_active: status.active });
  return status;
}
