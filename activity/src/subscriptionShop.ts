import type { IDiscordSDK } from "@discord/embedded-app-sdk";
import type { PriceAnswer, PurchaseOutcome, SubscriptionShop } from "@pickle-garden/web";
import { isInvalidCommand } from "./sdkErrors.ts";

type Sdk = Pick<IDiscordSDK, "commands" | "clientId">;

/** The SKU's page in Discord's store (for clients that cannot buy inside an activity). */
export function storeUrl(applicationId: string, skuId: string): string {
  return `https://discord.com/application-directory/${applicationId}/store/${skuId}`;
}

/**
 * Discord's side of the garden-supporter subscription, through the embedded SDK: the price from
 * getSkus, the purchase with startPurchase. What it answers only says what to ask the server next; the
 * server decides whether the player subscribes. An older client's INVALID_COMMAND (4002) is
 * "unsupported": the page then offers the store page.
 */
export function sdkShop(sdk: Sdk, locale: () => string): SubscriptionShop {
  return {
    async price(skuId): Promise<PriceAnswer> {
      try {
        const { skus } = await sdk.commands.getSkus();
        const sku = skus.find((s) => s.id === skuId);
        if (!sku) return "failed";
        const { amount, currency } = sku.price;
        // Discord's amounts are in the currency's smallest unit (cents)
        return {
          price: new Intl.NumberFormat(locale(), { style: "currency", currency }).format(amount / 100),
        };
      } catch (error) {
        if (isInvalidCommand(error)) return "unsupported";
        console.warn("Discord: getSkus failed", error);
        return "failed";
      }
    },
    async buy(skuId): Promise<PurchaseOutcome> {
      try {
        const owned = await sdk.commands.getEntitlements().catch(() => ({ entitlements: [] }));
        if (owned.entitlements.some((e) => e.sku_id === skuId && !e.deleted)) return "alreadyOwned";
        const bought = await sdk.commands.startPurchase({ sku_id: skuId });
        // null or no entitlement: the player closed Discord's dialog
        return bought?.some((e) => e.sku_id === skuId) ? "bought" : "cancelled";
      } catch (error) {
        if (isInvalidCommand(error)) return "unsupported";
        console.warn("Discord: startPurchase failed", error);
        return "failed";
      }
    },
    async openStore(skuId) {
      const url = storeUrl(sdk.clientId, skuId);
      try {
        await sdk.commands.openExternalLink({ url });
      } catch {
        window.open(url, "_blank", "noopener");
      }
    },
  };
}
