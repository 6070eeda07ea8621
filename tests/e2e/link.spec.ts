import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, type Page, test } from "@playwright/test";
import { type DiscordStub, startDiscordStub } from "../../server/testing/discordStub.ts";
import { type RunningServer, removeDataDir, startServer } from "../support/startServer.ts";

/**
 * A guest links Discord from the Settings page: Auth.js's real OAuth round trip in a popup, against a
 * local stub of Discord's API (DISCORD_API_BASE) whose consent page accepts at once.
 */

const shots = fileURLToPath(new URL("../test-results/link/", import.meta.url));
mkdirSync(shots, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${shots}${name}.png` });

const CLIENT = { id: "e2e-client", secret: "e2e-secret" };
let stub: DiscordStub;
let server: RunningServer;
test.beforeAll(async () => {
  stub = await startDiscordStub(CLIENT.id, CLIENT.secret);
  server = await startServer({
    DISCORD_CLIENT_ID: CLIENT.id,
    DISCORD_CLIENT_SECRET: CLIENT.secret,
    DISCORD_API_BASE: stub.base,
  });
});
test.afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
  await stub?.close();
});

/** A new guest with some progress (the mining unlock), on the Settings page through Open Settings. */
async function guestOnSettings(page: Page): Promise<string> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(server.url);
  await expect(page.getByTestId("guest-badge")).toBeVisible({ timeout: 20_000 });
  const guestId = await page.evaluate(async () => {
    const buy = await fetch("/api/lab/buy", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ nodeId: "south:mining:unlock" }),
    });
    if (!buy.ok) throw new Error(`buy: ${buy.status}`);
    const session = (await (await fetch("/api/auth/session")).json()) as { user: { discordId: string } };
    return session.user.discordId;
  });
  await expect(page.getByTestId("nav-skill-mining")).toBeVisible({ timeout: 10_000 });
  await page.getByRole("link", { name: "Open Settings" }).click();
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
  return guestId;
}

/** Link Discord: the popup runs the round trip and closes itself. */
async function linkDiscord(page: Page): Promise<void> {
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Link Discord account" }).click();
  await (await popup).waitForEvent("close", { timeout: 20_000 });
}

const sessionUser = (page: Page) =>
  page.evaluate(async () => {
    const session = (await (await fetch("/api/auth/session")).json()) as {
      user: { discordId: string; isGuest: boolean };
    };
    return session.user;
  });

/** The server's answer, not the page's copy: does the signed-in player have the mining unlock? */
const miningUnlocked = (page: Page) =>
  page.evaluate(async () => {
    const answer = (await (await fetch("/api/user/get-user")).json()) as {
      user: { featureFlags: Record<string, boolean> };
    };
    return answer.user.featureFlags.mining === true;
  });

test("a guest links a new Discord account and keeps the progress", async ({ page }) => {
  stub.codes.set("fresh", {
    id: "444444444444444444",
    username: "fresh",
    global_name: "Fresh",
    avatar: null,
  });
  stub.consent("fresh");
  await guestOnSettings(page);
  // welcome-back DMs need Discord: a guest sees the setting off, and why
  await expect(page.getByTestId("summaries-toggle")).toBeDisabled();
  await expect(page.getByText("Link a Discord account to get welcome-back summaries by DM.")).toBeVisible();
  await shot(page, "01-settings-as-guest");

  await linkDiscord(page);
  await expect(page.getByText("Your Discord account is linked. Progress is kept.")).toBeVisible({
    timeout: 20_000,
  });
  expect(await sessionUser(page)).toMatchObject({ discordId: "444444444444444444", isGuest: false });
  await expect(page.getByTestId("guest-badge")).toBeHidden();
  await expect(page.getByTestId("user-menu-button")).toContainText("Fresh");
  await expect(page.getByTestId("nav-skill-mining")).toBeVisible();
  await shot(page, "02-linked");
});

test("linking to a Discord account that already plays lets the guest choose what to keep", async ({
  page,
}) => {
  stub.codes.set("taken", { id: "555555555555555555", username: "taken", global_name: null, avatar: null });
  stub.consent("taken");
  // the Discord account already plays, from the activity
  const token = await fetch(`${server.url}/api/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ code: "taken" }),
  });
  expect(token.status).toBe(200);
  await guestOnSettings(page);

  await linkDiscord(page);
  const choice = page.getByRole("alertdialog", { name: "This Discord account already has a garden" });
  await expect(choice).toBeVisible({ timeout: 20_000 });
  await shot(page, "03-conflict");
  await choice.getByRole("button", { name: /Keep this guest's progress/ }).click();

  await expect(page.getByText("Your Discord account is linked. Progress is kept.")).toBeVisible();
  expect(await sessionUser(page)).toMatchObject({ discordId: "555555555555555555", isGuest: false });
  await expect(page.getByTestId("guest-badge")).toBeHidden();
  expect(await miningUnlocked(page)).toBe(true);
  await expect(page.getByTestId("nav-skill-mining")).toBeVisible();
  await shot(page, "04-kept-guest-progress");
  // linked: welcome-back DMs are on by default and can be turned off
  const toggle = page.getByTestId("summaries-toggle");
  await expect(toggle).toBeEnabled();
  await expect(toggle).toBeChecked();
  await shot(page, "05-summaries-on");
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect
    .poll(() => page.evaluate(async () => (await (await fetch("/api/user/notifications")).json()).summaries))
    .toBe(false);
  // in French on a phone
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId("language-select").selectOption("fr");
  await expect(page.getByText("Résumés de retour en message privé Discord")).toBeVisible();
  await expect
    .poll(() => page.evaluate(async () => (await (await fetch("/api/user/notifications")).json()).language))
    .toBe("fr");
  await page.getByTestId("summaries-toggle").scrollIntoViewIfNeeded();
  await shot(page, "06-summaries-fr-phone");
});
