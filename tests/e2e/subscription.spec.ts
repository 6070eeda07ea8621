import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { mockAuthCode } from "@pickle-garden/shared";
import { expect, type Page, test } from "@playwright/test";
import { type DiscordStub, startDiscordStub, stubEntitlement } from "../../server/testing/discordStub.ts";
import { type RunningServer, removeDataDir, startServer } from "../support/startServer.ts";

/**
 * The garden-supporter subscription in the Discord Activity (the SDK's mock plays Discord's client, a
 * stub of Discord's API its server side): the price from getSkus, a cancelled purchase, a bought one,
 * and the badge once the server, asking the entitlements endpoint, confirms it.
 */

const shots = fileURLToPath(new URL("../test-results/subscription/", import.meta.url));
mkdirSync(shots, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${shots}${name}.png` });

const APP = "1170000000000000001";
const SKU = "1180000000000000001";
const INSTANCE = "123456789012345678";
let stub: DiscordStub;
let server: RunningServer;

test.beforeAll(async () => {
  stub = await startDiscordStub(APP, "secret-1");
  server = await startServer({
    DISCORD_CLIENT_ID: APP,
    DISCORD_CLIENT_SECRET: "secret-1",
    DISCORD_API_BASE: stub.base,
    DISCORD_BOT_TOKEN: stub.botToken,
    DISCORD_SUBSCRIPTION_SKU_ID: SKU,
  });
});
test.afterAll(async () => {
  await server?.stop();
  await stub?.close();
  if (server) removeDataDir(server.dataDir);
});

/** A player Discord knows (the stub answers the mock's code for it), in the mock's instance, tutorial done. */
async function player(id: string, username: string): Promise<void> {
  const code = mockAuthCode({ id, username });
  stub.codes.set(code, { id, username, global_name: username, avatar: null });
  stub.instances.set(INSTANCE, [...(stub.instances.get(INSTANCE) ?? []), id]);
  const signIn = await fetch(`${server.url}/api/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ code, instanceId: INSTANCE }),
  });
  const { sessionToken } = (await signIn.json()) as { sessionToken: string };
  const skip = await fetch(`${server.url}/api/user/tutorial`, {
    method: "PATCH",
    headers: { "content-type": "application/json", authorization: `Bearer ${sessionToken}` },
    body: JSON.stringify({ action: "skip" }),
  });
  expect(skip.status).toBe(200);
}

/** Discord's client answers these commands (the mock keeps its other answers). */
async function discordClient(page: Page, purchase: "cancel" | "buy"): Promise<void> {
  await page.evaluate(
    ({ sku, purchase }) => {
      const sdk = (
        window as unknown as { pgDiscordMock: { commands: object; _updateCommandMocks(c: object): void } }
      ).pgDiscordMock;
      const entitlement = {
        id: "e1",
        sku_id: sku,
        application_id: "app",
        user_id: "u",
        type: 4,
        gift_code_flags: 0,
      };
      sdk._updateCommandMocks({
        ...sdk.commands,
        getSkus: async () => ({
          skus: [
            {
              id: sku,
              name: "Garden supporter",
              type: 5,
              flags: 0,
              application_id: "app",
              price: { amount: 499, currency: "EUR" },
              release_date: null,
            },
          ],
        }),
        getEntitlements: async () => ({ entitlements: [] }),
        startPurchase: async () => (purchase === "buy" ? [entitlement] : null),
      });
    },
    { sku: SKU, purchase },
  );
}

async function openSettings(page: Page): Promise<void> {
  await page.getByTestId("user-menu-button").click();
  await page.getByRole("link", { name: "Settings" }).click();
}

test("a player buys the subscription in the activity; the badge shows once the server confirms it", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const id = "710000000000000011";
  await player(id, "Alice");
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(`${server.url}/activity?user_id=${id}&username=Alice`);
  await expect(page.getByRole("navigation", { name: "Game navigation" })).toBeVisible({ timeout: 30_000 });
  await discordClient(page, "cancel");

  // the lab's header offers it, with Discord's price
  await page.getByRole("navigation", { name: "Game navigation" }).getByRole("link", { name: "Lab" }).click();
  const header = page.getByTestId("support-header");
  await expect(header.getByTestId("support-buy")).toHaveText("Support the garden (€4.99)");
  await shot(page, "01-lab-header");

  // Settings: cancelled first, nothing changes
  await openSettings(page);
  const card = page.getByTestId("support-card");
  await expect(card.getByTestId("support-buy")).toHaveText("Support the garden (€4.99)");
  await card.getByTestId("support-buy").click();
  await expect(card.getByTestId("support-outcome")).toHaveText("Purchase cancelled: nothing was charged.");
  await expect(page.getByTestId("supporter-badge")).toHaveCount(0);
  await shot(page, "02-settings-cancelled");

  // bought: Discord now lists the entitlement; the page asks the server, which asks Discord
  stub.entitlements.push(stubEntitlement({ application_id: APP, sku_id: SKU, user_id: id, type: 4 }));
  await discordClient(page, "buy");
  await card.getByTestId("support-buy").click();
  await expect(page.getByTestId("support-on")).toHaveText(
    "You support the garden: 1.5× xp is on. Thank you!",
  );
  await expect(page.getByTestId("supporter-badge")).toBeVisible();
  expect(stub.calls.some((c) => c.path.includes(`/entitlements?user_id=${id}`))).toBe(true);
  await shot(page, "03-settings-supporter");

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("supporter-badge")).toBeVisible();
  await shot(page, "04-phone-supporter");
  expect(errors).toEqual([]);
  await context.close();
});

test("where Discord cannot buy in an activity, the entry explains and offers the store page (French)", async ({
  browser,
}) => {
  const id = "710000000000000012";
  await player(id, "Bob");
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(() => window.localStorage.setItem("pg.language", "fr"));
  const page = await context.newPage();
  await page.goto(`${server.url}/activity?user_id=${id}&username=Bob&platform=mobile`);
  await expect(page.getByTestId("user-menu-button")).toBeVisible({ timeout: 30_000 });
  await page.evaluate(() => {
    const sdk = (
      window as unknown as { pgDiscordMock: { commands: object; _updateCommandMocks(c: object): void } }
    ).pgDiscordMock;
    const invalid = () => Promise.reject({ code: 4002, message: "Invalid command" });
    sdk._updateCommandMocks({ ...sdk.commands, getSkus: invalid, startPurchase: invalid });
  });
  await page.getByTestId("user-menu-button").click();
  await page.getByRole("link", { name: "Réglages" }).click();
  const card = page.getByTestId("support-card");
  await expect(card).toContainText("Cette application Discord ne permet pas d'acheter dans les activités.");
  await expect(card.getByRole("button", { name: "Ouvrir la page boutique" })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shot(page, "05-phone-fr-unsupported");
  await context.close();
});

test("on a phone Discord sells on its store page: Support opens it through Discord, never fails (French)", async ({
  browser,
}) => {
  const id = "710000000000000013";
  await player(id, "Chloé");
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(() => window.localStorage.setItem("pg.language", "fr"));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(`${server.url}/activity?user_id=${id}&username=Chlo%C3%A9&platform=mobile`);
  await expect(page.getByTestId("user-menu-button")).toBeVisible({ timeout: 30_000 });
  await discordClient(page, "buy");
  await page.evaluate(() => {
    const sdk = (
      window as unknown as {
        pgDiscordMock: { commands: object; _updateCommandMocks(c: object): void };
        pgCalls: string[];
      }
    ).pgDiscordMock;
    (window as unknown as { pgCalls: string[] }).pgCalls = [];
    const calls = (window as unknown as { pgCalls: string[] }).pgCalls;
    sdk._updateCommandMocks({
      ...sdk.commands,
      startPurchase: async () => {
        calls.push("startPurchase");
        return null;
      },
      openExternalLink: async ({ url }: { url: string }) => {
        calls.push(url);
        return { opened: true };
      },
    });
  });
  await page.getByTestId("user-menu-button").click();
  await page.getByRole("link", { name: "Réglages" }).click();
  const card = page.getByTestId("support-card");
  await expect(card.getByTestId("support-buy")).toHaveText("Soutenir le jardin (4,99\u00a0€)");
  await card.getByTestId("support-buy").click();
  await expect(card.getByTestId("support-outcome")).toHaveText(
    "Abonnez-vous sur la page boutique ouverte par Discord : le bonus s'active ici dès que Discord le confirme.",
  );
  // the SKU's store page (under the mock's client id), and no startPurchase
  expect(await page.evaluate(() => (window as unknown as { pgCalls: string[] }).pgCalls)).toEqual([
    `https://discord.com/application-directory/mock-client/store/${SKU}`,
  ]);
  await card.scrollIntoViewIfNeeded();
  await shot(page, "05b-phone-fr-store-page");
  expect(errors).toEqual([]);
  await context.close();
});

test("on the website a guest reads that the subscription needs a linked Discord account", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(server.url);
  await expect(page.getByTestId("guest-badge")).toBeVisible({ timeout: 20_000 });
  await page.getByRole("link", { name: "Open Settings" }).click();
  await expect(page.getByTestId("settings-support")).toContainText(
    "The garden-supporter subscription needs a linked Discord account: link one below.",
  );
  await expect(page.getByTestId("support-buy")).toHaveCount(0);
  await page.getByTestId("settings-support").scrollIntoViewIfNeeded();
  await shot(page, "06-website-guest");
  await context.close();
});
