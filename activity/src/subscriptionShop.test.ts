import { DiscordSDKMock, RPCErrorCodes } from "@discord/embedded-app-sdk";
import { describe, expect, it, vi } from "vitest";
import { sdkShop, storeUrl } from "./subscriptionShop.ts";

const SKU = "1180000000000000001";
const invalidCommand = () =>
  Promise.reject({ code: RPCErrorCodes.INVALID_COMMAND, message: "Invalid command" });
const sku = (id: string, amount: number, currency: string) => ({
  id,
  name: "Garden supporter",
  type: 5 as const,
  flags: 0,
  application_id: "app-1",
  price: { amount, currency },
  release_date: null,
});
const entitlement = (skuId: string) => ({
  id: "e1",
  sku_id: skuId,
  application_id: "app-1",
  user_id: "1001",
  type: 4 as const,
  gift_code_flags: 0,
});

function shopWith(commands: Parameters<DiscordSDKMock["_updateCommandMocks"]>[0], locale = "en-US") {
  const sdk = new DiscordSDKMock("app-1", "g", "ch", null);
  sdk._updateCommandMocks(commands);
  return { sdk, shop: sdkShop(sdk, () => locale) };
}

describe("the price", () => {
  it("is the SKU's from getSkus, in the player's language", async () => {
    const skus = async () => ({ skus: [sku("other", 100, "USD"), sku(SKU, 499, "EUR")] });
    expect(await shopWith({ getSkus: skus }).shop.price(SKU)).toEqual({ price: "€4.99" });
    expect(await shopWith({ getSkus: skus }, "fr").shop.price(SKU)).toEqual({ price: "4,99\u00a0€" });
  });

  it("unknown SKU or an error: failed; an older client: unsupported", async () => {
    expect(await shopWith({}).shop.price(SKU)).toBe("failed");
    expect(await shopWith({ getSkus: () => Promise.reject(new Error("x")) }).shop.price(SKU)).toBe("failed");
    expect(await shopWith({ getSkus: invalidCommand }).shop.price(SKU)).toBe("unsupported");
  });
});

describe("buying", () => {
  it("bought: startPurchase answers the SKU's entitlement", async () => {
    const startPurchase = vi.fn(async () => [entitlement(SKU)]);
    const { shop } = shopWith({ startPurchase });
    expect(await shop.buy(SKU)).toBe("bought");
    expect(startPurchase).toHaveBeenCalledWith({ sku_id: SKU });
  });

  it("cancelled: the dialog closed (null or nothing)", async () => {
    expect(await shopWith({ startPurchase: async () => null }).shop.buy(SKU)).toBe("cancelled");
    expect(await shopWith({ startPurchase: async () => [] }).shop.buy(SKU)).toBe("cancelled");
  });

  it("errored: failed; an older client: unsupported", async () => {
    const failing = shopWith({ startPurchase: () => Promise.reject({ code: 1000, message: "boom" }) });
    expect(await failing.shop.buy(SKU)).toBe("failed");
    expect(await shopWith({ startPurchase: invalidCommand }).shop.buy(SKU)).toBe("unsupported");
  });

  it("already owned: Discord lists the entitlement, no second purchase is started", async () => {
    const startPurchase = vi.fn(async () => [entitlement(SKU)]);
    const { shop } = shopWith({
      getEntitlements: async () => ({ entitlements: [entitlement(SKU)] }),
      startPurchase,
    });
    expect(await shop.buy(SKU)).toBe("alreadyOwned");
    expect(startPurchase).not.toHaveBeenCalled();
  });

  it("the store page opens through Discord", async () => {
    const openExternalLink = vi.fn(async () => ({ opened: true }));
    await shopWith({ openExternalLink }).shop.openStore(SKU);
    expect(openExternalLink).toHaveBeenCalledWith({ url: storeUrl("app-1", SKU) });
    expect(storeUrl("app-1", SKU)).toBe(`https://discord.com/application-directory/app-1/store/${SKU}`);
  });
});
