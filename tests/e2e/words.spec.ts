import { expect, type Page, test } from "@playwright/test";
import { calls } from "../support/apiCalls.ts";
import { serverPerFile } from "./serverPerFile.ts";

/**
 * The words a newcomer reads on the second day (issue 29), in Chromium, English on a desktop and French on a
 * phone: counts take their plural form (the weekly goal's gardeners, 1 and many, in both languages),
 * Settings names the player without the internal id, and a skill's xp bar and its label read the same
 * progress (xp into the level, of the level's span). Screenshots of each screen.
 */

test.use({ actionTimeout: 15_000 });

const server = serverPerFile();
const DESKTOP = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };
const MINUTE = 60_000;

async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), animations: "disabled" });
}

async function openGuest(page: Page): Promise<void> {
  await page.goto(server.url);
  await expect(page.getByTestId("guest-badge")).toBeVisible({ timeout: 60_000 });
  await page.addLocatorHandler(page.getByTestId("offline-modal"), async () => {
    await page.getByTestId("offline-continue").click();
  });
}

/** Mining at the garden from the start, named, the tour out of the way. */
async function startMining(page: Page, username: string): Promise<void> {
  expect(
    await calls(page, [
      ["PATCH", "/api/user/tutorial", { action: "skip" }],
      ["PATCH", "/api/user/username", { username }],
      ["POST", "/api/lab/buy", { nodeId: "south:mining:unlock" }],
      ["POST", "/api/user/update-action", { skill: "mining", location: "garden" }],
    ]),
  ).toEqual([200, 200, 200, 200]);
}

async function later(page: Page, ms: number): Promise<void> {
  expect((await page.request.post(`${server.url}/api/test/clock`, { data: { advanceMs: ms } })).ok()).toBe(
    true,
  );
}

/** Home, read again until the weekly goal's line says `text`. */
async function weeklyShare(page: Page, text: RegExp): Promise<void> {
  await expect(async () => {
    await page.goto(server.url);
    await expect(page.getByTestId("weekly-goal")).toContainText(text, { timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
}

test("plurals with their count, Settings without the id, an xp label that reads like its bar", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const en = await browser.newContext({ viewport: DESKTOP });
  await en.addInitScript(() => window.localStorage.setItem("pg.language", "en"));
  const fr = await browser.newContext({ viewport: PHONE });
  await fr.addInitScript(() => window.localStorage.setItem("pg.language", "fr"));
  try {
    const alice = await en.newPage();
    await openGuest(alice);
    await startMining(alice, "Alice");
    await later(alice, 40 * MINUTE);
    // Alice alone has gathered this week: one gardener, in the singular
    await weeklyShare(alice, /· 1 gardener so far/);
    await expect(alice.getByTestId("weekly-previous")).toHaveCount(0);
    await snap(alice, "en-desktop-home-1-gardener");

    const bob = await fr.newPage();
    await openGuest(bob);
    await weeklyShare(bob, /· 1 jardinier pour l'instant/);
    await snap(bob, "fr-phone-home-1-jardinier");
    await startMining(bob, "Bob");
    await later(bob, 40 * MINUTE);
    await weeklyShare(bob, /· 2 jardiniers pour l'instant/);
    await snap(bob, "fr-phone-home-2-jardiniers");
    await weeklyShare(alice, /· 2 gardeners so far/);
    await snap(alice, "en-desktop-home-2-gardeners");

    // Settings: who is signed in, in words a player reads (no "guest-4e0b…")
    for (const [page, text, lang] of [
      [alice, "Signed in as Alice, a guest on this browser.", "en"],
      [bob, "Connecté en tant que Bob, invité sur ce navigateur.", "fr"],
    ] as const) {
      await page.goto(`${server.url}/settings`);
      await expect(page.getByTestId("signed-in-as")).toHaveText(text);
      await expect(page.getByTestId("settings-page")).not.toContainText("guest-");
      await snap(page, `${lang}-settings`);
    }

    // the mining xp bar past level 1: its label is xp into the level of the level's span, as the bar fills
    for (const [page, lang] of [
      [alice, "en"],
      [bob, "fr"],
    ] as const) {
      await page.goto(`${server.url}/skills/mining`);
      const bar = page.getByTestId("skill-xp");
      await expect(bar).toBeVisible();
      const read = await bar.evaluate((el) => ({
        text: el.querySelector(".pg-bar__text")?.textContent ?? "",
        fill: Number.parseFloat((el.querySelector(".pg-bar__fill") as HTMLElement).style.width),
        now: Number(el.getAttribute("aria-valuenow")),
        max: Number(el.getAttribute("aria-valuemax")),
      }));
      const level = Number((await page.getByTestId("skill-level").textContent())?.match(/\d+/)?.[0]);
      expect(level, "past level 1, where the level starts above 0 xp").toBeGreaterThan(1);
      // "123 / 450 XP" (a level this early spans under a thousand xp: no "K" rounding)
      const [into, span] = read.text
        .replace(/\s*XP$/, "")
        .split(" / ")
        .map((n) => Number(n.replace(/[\s\u202f]/g, "").replace(",", ".")));
      expect(Math.abs((into ?? Number.NaN) - read.now), read.text).toBeLessThanOrEqual(1);
      expect(span, read.text).toBe(read.max);
      expect(read.fill).toBeCloseTo((100 * read.now) / read.max, 0);
      await snap(page, `${lang}-mining-xp-bar`);
    }
  } finally {
    await en.close();
    await fr.close();
  }
});
