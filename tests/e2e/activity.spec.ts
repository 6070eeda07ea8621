import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { type RunningServer, removeDataDir, startServer } from "../support/startServer.ts";

/**
 * The Discord Activity in mock mode (/activity: the SDK's DiscordSDKMock, MOCK_DISCORD_AUTH=1): two players
 * of the mock's one instance in two browser contexts, the same code path as inside Discord.
 */

const shots = fileURLToPath(new URL("../test-results/activity/", import.meta.url));
mkdirSync(shots, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${shots}${name}.png` });

const ROOM = "discord:123456789012345678";
let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer({ MOCK_DISCORD_AUTH: "1" });
});
test.afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

interface Player {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

async function launch(
  browser: Browser,
  query: string,
  options: { width?: number; height?: number; language?: "en" | "fr" } = {},
): Promise<Player> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
  });
  if (options.language) {
    await context.addInitScript(
      (language) => window.localStorage.setItem("pg.language", language),
      options.language,
    );
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(`${server.url}/activity?${query}`);
  return { context, page, errors };
}

/** The tutorial overlay opens by itself for a new player; close it when it is there. */
async function closeTutorialIfOpen(page: Page) {
  const dialog = page.getByRole("dialog").first();
  if (await dialog.isVisible().catch(() => false)) {
    const close = dialog
      .getByRole("button", { name: /skip|close|later|hide|fermer|passer|masquer/i })
      .first();
    if (await close.isVisible().catch(() => false)) await close.click();
  }
}

async function openRoster(page: Page) {
  const toggle = page.getByTestId("activity-party-toggle");
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  return page.getByTestId("activity-roster");
}

test("two players of one instance land in its room and see each other", async ({ browser }) => {
  const alice = await launch(browser, "user_id=710000000000000001&username=Alice");
  const bob = await launch(browser, "user_id=710000000000000002&username=Bob");
  try {
    for (const { page } of [alice, bob]) {
      // the game, as the Discord user: no guest badge, no sign-in screen
      await expect(page.getByRole("navigation", { name: "Game navigation" })).toBeVisible({
        timeout: 30_000,
      });
      await expect(page.getByTestId("room-badge")).toContainText(ROOM, { timeout: 15_000 });
      await expect(page.getByTestId("guest-badge")).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Sign in with Discord" })).toHaveCount(0);
      await closeTutorialIfOpen(page);
    }
    // both in the same instance room: each sees the other by name in the roster
    await expect(alice.page.getByTestId("room-badge")).toContainText("2", { timeout: 15_000 });
    const aliceRoster = await openRoster(alice.page);
    await expect(aliceRoster).toContainText("Alice");
    await expect(aliceRoster).toContainText("Bob");
    const bobRoster = await openRoster(bob.page);
    await expect(bobRoster).toContainText("Alice");
    await expect(bobRoster.locator('[data-player="710000000000000002"]')).toContainText("(you)");
    await expect(alice.page.getByRole("button", { name: "Invite friends to this activity" })).toBeVisible();
    await shot(alice.page, "01-alice-desktop-roster");
    await shot(bob.page, "02-bob-desktop-roster");

    // picture-in-picture: the compact view (current activity, the party's faces); focused again: the app
    await alice.page.evaluate(() =>
      (
        window as unknown as { pgDiscordMock: { emitEvent(e: string, d: unknown): void } }
      ).pgDiscordMock.emitEvent("ACTIVITY_LAYOUT_MODE_UPDATE", { layout_mode: 1 }),
    );
    const compact = alice.page.getByTestId("activity-compact");
    await expect(compact).toBeVisible();
    await expect(compact.getByTestId("activity-card")).toContainText("Resting at home");
    await expect(compact.getByRole("list", { name: "Party" }).getByRole("listitem")).toHaveCount(2);
    await expect(alice.page.getByRole("navigation", { name: "Game navigation" })).toBeHidden();
    await alice.page.setViewportSize({ width: 400, height: 225 });
    await shot(alice.page, "03-alice-pip");
    await alice.page.evaluate(() =>
      (
        window as unknown as { pgDiscordMock: { emitEvent(e: string, d: unknown): void } }
      ).pgDiscordMock.emitEvent("ACTIVITY_LAYOUT_MODE_UPDATE", { layout_mode: 0 }),
    );
    await alice.page.setViewportSize({ width: 1280, height: 800 });
    await expect(alice.page.getByRole("navigation", { name: "Game navigation" })).toBeVisible();
    await expect(compact).toHaveCount(0);

    expect(alice.errors).toEqual([]);
    expect(bob.errors).toEqual([]);
  } finally {
    await alice.context.close();
    await bob.context.close();
  }
});

test("a phone in French: the activity in portrait with the party list", async ({ browser }) => {
  const carla = await launch(browser, "user_id=710000000000000003&username=Carla", {
    width: 390,
    height: 844,
    language: "fr",
  });
  try {
    const { page } = carla;
    await expect(page.getByTestId("room-badge")).toBeVisible({ timeout: 30_000 });
    await closeTutorialIfOpen(page);
    const roster = await openRoster(page);
    await expect(roster).toContainText("Carla (vous)");
    await expect(page.getByRole("button", { name: "Inviter des amis dans cette activité" })).toBeVisible();
    await shot(page, "04-carla-phone-fr");
    expect(carla.errors).toEqual([]);
  } finally {
    await carla.context.close();
  }
});

test("a random mock player is kept per tab: a reload is the same player", async ({ browser }) => {
  const dana = await launch(browser, "");
  try {
    const { page } = dana;
    await expect(page.getByTestId("room-badge")).toBeVisible({ timeout: 30_000 });
    const first = await page.evaluate(() => window.sessionStorage.getItem("pg.activity.mockUser"));
    expect(first).toMatch(/"username":"Sprout \d{4}"/);
    await page.reload();
    await expect(page.getByTestId("room-badge")).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => window.sessionStorage.getItem("pg.activity.mockUser"))).toBe(first);
    expect(dana.errors).toEqual([]);
  } finally {
    await dana.context.close();
  }
});

test("a failure gets a clear screen with a retry, never a blank frame", async ({ browser }) => {
  // a server without the mock sign-in: the token exchange is refused
  const plain = await startServer();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`${plain.url}/activity?user_id=710000000000000004&username=Eve`);
    const failed = page.getByTestId("activity-failed");
    await expect(failed).toBeVisible({ timeout: 30_000 });
    await expect(failed).toHaveAttribute("data-reason", "notConfigured");
    await expect(failed.getByRole("alert")).toHaveText("Discord sign-in is not set up on this server yet.");
    await shot(page, "05-failure-not-configured");
    await failed.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByTestId("activity-failed")).toBeVisible({ timeout: 30_000 });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    await plain.stop();
    removeDataDir(plain.dataDir);
  }
});

test("the website stays at / and Discord's launch URL gets the activity", async ({ request }) => {
  const site = await (await request.get(`${server.url}/`)).text();
  const launched = await (
    await request.get(`${server.url}/?frame_id=abc&instance_id=i-1&platform=desktop`)
  ).text();
  const mock = await (await request.get(`${server.url}/activity`)).text();
  expect(site).toMatch(/assets\/index-[\w-]+\.js/);
  expect(site).not.toMatch(/assets\/activity-/);
  for (const page of [launched, mock]) expect(page).toMatch(/assets\/activity-[\w-]+\.js/);
  // nothing is fetched from outside our origin
  for (const page of [site, launched, mock]) expect(page).not.toMatch(/(src|href)="https?:/);
});
