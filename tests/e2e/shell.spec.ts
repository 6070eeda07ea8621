import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, type Page, test } from "@playwright/test";
import { patchedGuest, postAll } from "../support/patchedGuest.ts";
import { removeDataDir } from "../support/startServer.ts";
import { serverPerFile } from "./serverPerFile.ts";

/** The shell end to end: guest sign-in, top bar and sidebar, the phone drawer, French. */

const shots = fileURLToPath(new URL("../test-results/shell/", import.meta.url));
mkdirSync(shots, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${shots}${name}.png`, fullPage: false });

const server = serverPerFile();

/** The tutorial overlay opens by itself for a new player; close it when it is there. */
async function closeTutorialIfOpen(page: Page) {
  const dialog = page.getByRole("dialog").first();
  if (await dialog.isVisible().catch(() => false)) {
    const close = dialog.getByRole("button", { name: /skip|close|later|fermer|passer/i }).first();
    if (await close.isVisible().catch(() => false)) await close.click();
  }
}

test("a visitor is signed in as a guest and sees the shell", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(server.url);
  await expect(page.getByRole("navigation", { name: "Game navigation" })).toBeVisible({ timeout: 20_000 });
  await shot(page, "01-desktop-shell");

  const banner = page.getByRole("banner");
  await expect(banner.getByTestId("guest-badge")).toContainText("Guest");
  await expect(banner.getByTestId("activity-card")).toContainText("Resting at home");
  await expect(banner.getByTestId("server-clock")).toHaveText(/^\d\d:\d\d:\d\d$/);
  await expect(banner.getByTestId("stat-health")).toBeVisible();
  await expect(page.getByTestId("nav-skill-picklelogy")).toBeVisible();
  await expect(page.getByTestId("nav-inventory")).toContainText("/");

  // the guest tooltip on keyboard focus
  await closeTutorialIfOpen(page);
  const badge = banner.getByText("Guest", { exact: true });
  await expect(async () => {
    await badge.hover();
    await badge.focus();
    await expect(page.getByRole("tooltip").filter({ hasText: /guest/i }).first()).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 10_000 });
  await shot(page, "02-desktop-guest-tooltip");

  // an action started elsewhere reaches the top bar through the socket: the activity card and the sidebar
  const started = await page.evaluate(async () => {
    const post = (path: string, body: unknown) =>
      fetch(path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const buy = await post("/api/lab/buy", { nodeId: "south:mining:unlock" });
    const act = await post("/api/user/update-action", { skill: "mining", location: "garden" });
    return [buy.status, act.status];
  });
  expect(started).toEqual([200, 200]);
  await expect(banner.getByTestId("activity-card")).toContainText("Mining · Garden", { timeout: 10_000 });
  await expect(banner.getByTestId("activity-card")).toContainText("/ cycle");
  await expect(page.getByTestId("nav-skill-mining")).toBeVisible();
  await page.waitForTimeout(1200);
  await shot(page, "02b-desktop-gathering");

  // settings from the user menu
  await page.getByTestId("user-menu-button").click();
  await shot(page, "03-desktop-user-menu");
  await page.getByRole("link", { name: "Settings", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
  await closeTutorialIfOpen(page);
  await shot(page, "04-settings");

  // log out → /login, then play as guest again: same guest (cookie kept a year)
  const before = await page.evaluate(() => fetch("/api/auth/session").then((r) => r.json()));
  await page.getByTestId("user-menu-button").click();
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("button", { name: "Play as guest" })).toBeVisible();
  await shot(page, "05-login-after-logout");
  await page.getByRole("button", { name: "Play as guest" }).click();
  await expect(page.getByRole("navigation", { name: "Game navigation" })).toBeVisible({ timeout: 20_000 });
  const after = await page.evaluate(() => fetch("/api/auth/session").then((r) => r.json()));
  expect(after.user.discordId).toBe(before.user.discordId);
});

test("on a 360 px phone the sidebar is a drawer", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true });
  const page = await context.newPage();
  await page.goto(server.url);
  const menu = page.getByRole("button", { name: "Open navigation" });
  await expect(menu).toBeVisible({ timeout: 20_000 });
  await closeTutorialIfOpen(page);
  await expect(page.getByTestId("sidebar")).toBeHidden();
  await shot(page, "10-phone-shell");

  // nothing wider than the screen
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await menu.click();
  await expect(page.getByTestId("sidebar")).toBeVisible();
  await expect(page.getByRole("button", { name: "Close navigation" })).toBeFocused();
  await page.waitForTimeout(300); // the slide-in transition
  await shot(page, "11-phone-drawer-open");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("sidebar")).toBeHidden();

  // closes on route change too
  await page.getByRole("button", { name: "Open navigation" }).click();
  await page.getByTestId("nav-inventory").click();
  await expect(page).toHaveURL(/\/inventory$/);
  await expect(page.getByTestId("sidebar")).toBeHidden();
  await shot(page, "12-phone-inventory");
  await context.close();
});

test("/fr/login plays in French", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/fr/login`);
  await expect(page.getByRole("heading", { name: "Bienvenue dans Pickle Garden" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await shot(page, "20-fr-login");
  await page.getByRole("button", { name: "Jouer en invité" }).click();
  await expect(page.getByRole("navigation", { name: "Navigation du jeu" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("heading", { name: "Compétences", exact: true })).toBeVisible();
  await expect(page.getByTestId("guest-badge")).toContainText("Invité");
  await shot(page, "21-fr-shell");
  await context.close();
});

test("a French player on the light theme reads French and daylight from the first paint", async ({
  browser,
}) => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    const context = await browser.newContext({ viewport });
    await context.addInitScript(() => {
      localStorage.setItem("pg.language", "fr");
      localStorage.setItem("pg.theme", "light");
    });
    const page = await context.newPage();
    // the app's entry module waits until the page as parsed has been looked at
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(server.url, { waitUntil: "commit" });
    await page.waitForFunction(() => document.readyState !== "loading");
    expect(
      await page.evaluate(() => ({
        app: document.getElementById("root")?.childElementCount,
        lang: document.documentElement.lang,
        theme: document.documentElement.dataset.theme,
      })),
    ).toEqual({ app: 0, lang: "fr", theme: "light" });
    release();
    await expect(page.getByTestId("guest-badge")).toContainText("Invité", { timeout: 20_000 });
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByTestId("home-page")).toBeVisible();
    await shot(page, `22-fr-light-${viewport.width}`);
    // and the language follows the settings after that
    await page.goto(`${server.url}/settings`);
    await page.getByTestId("language-select").selectOption("en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await context.close();
  }
});

test("on a desktop the top bar is one row with every chip", async ({ browser }) => {
  // a guest rich enough for every chip: signed in on a first server, given RP while it is stopped, then
  // on a second server over the same data it buys the gold pouch and intellect and goes mining
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const second = await patchedGuest(page, (player) => {
    player.lab.rp = 1_234_567;
    player.gold = 2_345_678;
  });
  try {
    const statuses = await postAll(page, [
      ["/api/lab/buy", { nodeId: "east:utility:gold-pouch" }],
      ["/api/lab/buy", { nodeId: "north:intellect:unlock" }],
      ["/api/lab/buy", { nodeId: "south:mining:unlock" }],
      ["/api/user/update-action", { skill: "mining", location: "garden" }],
    ]);
    expect(statuses).toEqual([200, 200, 200, 200]);
    await closeTutorialIfOpen(page);

    const banner = page.locator("header.pg-topbar");
    const parts = [
      banner.getByTestId("server-clock"),
      banner.getByTestId("activity-card"),
      banner.getByTestId("stat-gold"),
      banner.getByTestId("stat-health"),
      banner.getByTestId("stat-mana"),
      banner.getByTestId("stat-rp"),
      banner.getByTestId("guest-badge"),
      banner.getByRole("link", { name: "Open Settings" }),
      banner.getByTestId("user-menu-button"),
    ];
    await expect(banner.getByTestId("activity-card")).toContainText("Mining", { timeout: 10_000 });
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      for (const part of parts) await expect(part).toBeInViewport({ ratio: 1 });
      const height = (await banner.boundingBox())?.height ?? Number.POSITIVE_INFINITY;
      expect(height, `top bar height at ${width} px`).toBeLessThan(64);
      await shot(page, `06-desktop-top-bar-${width}`);
    }
  } finally {
    await second.stop();
    await context.close();
    removeDataDir(second.dataDir);
  }
});
