import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entitlementChanged } from "../../bot/src/entitlements.ts";
import { httpServerApi } from "../../bot/src/serverApi.ts";
import { type DiscordStub, startDiscordStub, stubEntitlement } from "../../server/testing/discordStub.ts";
import { bearerApi, startTestServer, type TestServer } from "../../server/testing/testServer.ts";

/**
 * An entitlement event on the bot's gateway, end to end: the bot's handler calls the real server's
 * service API, which asks (a stub of) Discord's entitlements endpoint and updates the player.
 */

const APP = "client-1";
const SKU = "1180000000000000001";
const BOT_API_TOKEN = "bot-api-token-0123456789abcdef";
const PLAYER = "90000000000000777";
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

let stub: DiscordStub;
let t: TestServer;

beforeAll(async () => {
  stub = await startDiscordStub(APP, "secret-1");
  t = await startTestServer({
    DISCORD_CLIENT_ID: APP,
    DISCORD_CLIENT_SECRET: "secret-1",
    DISCORD_API_BASE: stub.base,
    DISCORD_BOT_TOKEN: stub.botToken,
    DISCORD_SUBSCRIPTION_SKU_ID: SKU,
    BOT_API_TOKEN,
  });
});
afterAll(async () => {
  await t?.close();
  await stub?.close();
});

describe("the bot's entitlement events", () => {
  it("refresh the player's subscription from Discord: bought, then deleted", async () => {
    await t.server.accounts.ensurePlayer({ discordId: PLAYER, username: "Sprout" });
    const token = t.server.signer.sessionToken(PLAYER, t.server.clock.now());
    const active = async () =>
      ((await bearerApi(t.url, token, "GET", "/user/get-user")).body.user as { subscription_active: boolean })
        .subscription_active;
    const deps = { server: httpServerApi(t.url, BOT_API_TOKEN), log: quiet };
    expect(await active()).toBe(false);

    const bought = stubEntitlement({ application_id: APP, sku_id: SKU, user_id: PLAYER, type: 4 });
    stub.entitlements.push(bought);
    await entitlementChanged(bought, deps);
    expect(await active()).toBe(true);

    bought.deleted = true;
    await entitlementChanged(bought, deps);
    expect(await active()).toBe(false);
  });
});
