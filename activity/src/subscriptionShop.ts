import { type IDiscordSDK, Platform, PriceUtils } from "@discord/embedded-app-sdk";
import type { PriceAnswer, PurchaseOutcome, SubscriptionShop } from "@pickle-garden/web";
import { isInvalidCommand } from "./sdkErrors.ts";

type Sdk = Pick<IDiscordSDK, "commands" | "clientId" | "platform">;
type Entitlement = Awaited<ReturnType<Sdk["commands"]["getEntitlements"]>>["entitlements"][number];

/** The SKU's page in Discord's store (for clients that cannot buy inside an activity). */
export function storeUrl(applicationId: string, skuId: string): string {
  return `https://discord.com/application-directory/${applicationId}/store/${skuId}`;
}

/** An entitlement that covers now: not deleted, not ended (a lapsed subscription is listed with its end). */
export function covers(entitlement: Entitlement, skuId: string, now: number): boolean {
  if (entitlement.sku_id !== skuId || entitlement.deleted) return false;
  return !entitlement.ends_at || Date.parse(entitlement.ends_at) > now;
}

/**
 * Discord's side of the garden-supporter subscription, through the embedded SDK: the price from
 * getSkus (formatted by the SDK's PriceUtils, which knows each currency's minor unit: JPY and KRW have
 * none), the purchase with startPurchase. startPurchase exists on web and desktop only: on a phone the
 * purchase is the store page, opened through Discord (openExternalLink; a frame may not open windows).
 * What it answers only says what to ask the server next; the server decides whether the player
 * subscribes. An older client's INVALID_COMMAND (4002) is "unsupported": the page then offers the store
 * page.
 */
export function sdkShop(sdk: Sdk, locale: () => string): SubscriptionShop {
  const openStore = async (skuId: string): Promise<PurchaseOutcome> => {
    const { opened } = await sdk.commands.openExternalLink({ url: storeUrl(sdk.clientId, skuId) });
    // null: a client from before December 2024, which does not say
    return opened === false ? "cancelled" : "storeOpened";
  };
  return {
    async price(skuId): Promise<PriceAnswer> {
      try {
        const { skus } = await sdk.commands.getSkus();
        const sku = skus.find((s) => s.id === skuId);
        if (!sku) return "failed";
        // the SDK's table of minor units is keyed by lowercase codes, as Discord sends them
        const { amount, currency } = sku.price;
        return { price: PriceUtils.formatPrice({ amount, currency: currency.toLowerCase() }, locale()) };
      } catch (error) {
        if (isInvalidCommand(error)) return "unsupported";
        console.warn("Discord: getSkus failed", error);
        return "failed";
      }
    },
    async buy(skuId): Promise<PurchaseOutcome> {
      try {
        const owned = await sdk.commands.getEntitlements().catch(() => ({ entitlements: [] }));
        if (owned.entitlements.some((e) => covers(e, skuId, Date.now()))) return "alreadyOwned";
        if (sdk.platform === Platform.MOBILE) return await openStore(skuId);
        const bought = await sdk.commands.startPurchase({ sku_id: skuId });
        // null or no entitlement: the player closed Discord's dialog
        return bought?.some((e) => e.sku_id === skuId) ? "bought" : "cancelled";
      } catch (error) {
        if (isInvalidCommand(error)) return "unsupported";
        console.warn("Discord: the purchase failed", error);
        return sdk.platform === Platform.MOBILE ? "unsupported" : "failed";
      }
    },
    async openStore(skuId) {
      try {
        await openStore(skuId);
      } catch (error) {
        console.warn("Discord: openExternalLink failed", error);
      }
    },
  };
}
