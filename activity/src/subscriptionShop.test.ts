import { DiscordSDKMock, Platform, RPCErrorCodes } from "@discord/embedded-app-sdk";
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
const entitlement = (skuId: string, endsAt: string | null = null) => ({
  id: "e1",
  sku_id: skuId,
  application_id: "app-1",
  user_id: "1001",
  type: 4 as const,
  gift_code_flags: 0,
  ends_at: endsAt,
});

function shopWith(
  commands: Parameters<DiscordSDKMock["_updateCommandMocks"]>[0],
  locale = "en-US",
  platform: Platform = Platform.DESKTOP,
) {
  const sdk = new DiscordSDKMock("app-1", "g", "ch", null);
  Object.assign(sdk, { platform });
  sdk._updateCommandMocks(commands);
  return { sdk, shop: sdkShop(sdk, () => locale) };
}
const phoneShop = (commands: Parameters<DiscordSDKMock["_updateCommandMocks"]>[0]) =>
  shopWith(commands, "en-US", Platform.MOBILE);

describe("the price", () => {
  it("is the SKU's from getSkus, in the player's language", async () => {
    const skus = async () => ({ skus: [sku("other", 100, "USD"), sku(SKU, 499, "EUR")] });
    expect(await shopWith({ getSkus: skus }).shop.price(SKU)).toEqual({ price: "€4.99" });
    expect(await shopWith({ getSkus: skus }, "fr").shop.price(SKU)).toEqual({ price: "4,99\u00a0€" });
  });

  it("in the currency's own unit: dollars have cents, yen and won none", async () => {
    const priced = async (amount: number, currency: string, locale = "en-US") =>
      shopWith({ getSkus: async () => ({ skus: [sku(SKU, amount, currency)] }) }, locale).shop.price(SKU);
    expect(await priced(499, "USD")).toEqual({ price: "$4.99" });
    expect(await priced(500, "JPY")).toEqual({ price: "¥500" });
    expect(await priced(5900, "KRW")).toEqual({ price: "₩5,900" });
    expect(await priced(500, "JPY", "fr")).toEqual({ price: "500\u00a0JPY" });
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

  it("an ended subscription is not owned: a new purchase starts", async () => {
    const startPurchase = vi.fn(async () => [entitlement(SKU)]);
    const { shop } = shopWith({
      getEntitlements: async () => ({ entitlements: [entitlement(SKU, "2020-01-01T00:00:00Z")] }),
      startPurchase,
    });
    expect(await shop.buy(SKU)).toBe("bought");
    expect(startPurchase).toHaveBeenCalledTimes(1);
    const running = shopWith({
      getEntitlements: async () => ({ entitlements: [entitlement(SKU, "2999-01-01T00:00:00Z")] }),
    });
    expect(await running.shop.buy(SKU)).toBe("alreadyOwned");
  });

  it("the store page opens through Discord, never a window of the frame's own", async () => {
    const open = vi.spyOn(window, "open");
    const openExternalLink = vi.fn(async () => ({ opened: true }));
    await shopWith({ openExternalLink }).shop.openStore(SKU);
    expect(openExternalLink).toHaveBeenCalledWith({ url: storeUrl("app-1", SKU) });
    expect(storeUrl("app-1", SKU)).toBe(`https://discord.com/application-directory/app-1/store/${SKU}`);
    await shopWith({ openExternalLink: () => Promise.reject({ code: 1000, message: "no" }) }).shop.openStore(
      SKU,
    );
    expect(open).not.toHaveBeenCalled();
  });
});

describe("buying on a phone (startPurchase is web and desktop only)", () => {
  it("goes straight to the store page through Discord", async () => {
    const startPurchase = vi.fn(async () => [entitlement(SKU)]);
    const openExternalLink = vi.fn(async () => ({ opened: true }));
    expect(await phoneShop({ startPurchase, openExternalLink }).shop.buy(SKU)).toBe("storeOpened");
    expect(openExternalLink).toHaveBeenCalledWith({ url: storeUrl("app-1", SKU) });
    expect(startPurchase).not.toHaveBeenCalled();
    // a client from before December 2024 does not say whether it opened
    expect(await phoneShop({ openExternalLink: async () => ({ opened: null }) }).shop.buy(SKU)).toBe(
      "storeOpened",
    );
  });

  it("the player declined to leave Discord: cancelled; Discord refused: unsupported, never failed", async () => {
    expect(await phoneShop({ openExternalLink: async () => ({ opened: false }) }).shop.buy(SKU)).toBe(
      "cancelled",
    );
    const refused = phoneShop({ openExternalLink: () => Promise.reject({ code: 1000, message: "no" }) });
    expect(await refused.shop.buy(SKU)).toBe("unsupported");
  });

  it("a subscription already owned is confirmed, not bought again", async () => {
    const openExternalLink = vi.fn(async () => ({ opened: true }));
    const { shop } = phoneShop({
      getEntitlements: async () => ({ entitlements: [entitlement(SKU)] }),
      openExternalLink,
    });
    expect(await shop.buy(SKU)).toBe("alreadyOwned");
    expect(openExternalLink).not.toHaveBeenCalled();
  });
});
