import { expect, type Page, test } from "@playwright/test";
import { closeAndLeave } from "../support/leave.ts";
import { postAll } from "../support/patchedGuest.ts";
import { serverPerFile } from "./serverPerFile.ts";

/**
 * A move of the test clock is that time passing (issue 29 §5): a player who left a moment ago is dropped
 * first, as a minute of real time would drop it, so coming back settles the whole jump offline and the
 * welcome-back says the real time away: 25 hours, then 3 days.
 */

const server = serverPerFile();
const HOUR = 3_600_000;

const RUNS = [
  { name: "desktop-en", lang: "en", viewport: { width: 1366, height: 800 } },
  { name: "phone-fr", lang: "fr", viewport: { width: 390, height: 844 } },
] as const;
const AWAY = {
  en: { day: "You were away for 25 hours.", days: "You were away for 3 days." },
  fr: { day: "Vous avez été absent 25 heures.", days: "Vous avez été absent 3 jours." },
};

const socketOpened = (page: Page) => page.waitForEvent("websocket", (ws) => ws.url().includes("/api/socket"));

for (const run of RUNS) {
  test(`time moved on the test clock is time away: 25 hours, then 3 days (${run.name})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: run.viewport, reducedMotion: "reduce" });
    await context.addInitScript({ content: `localStorage.setItem("pg.language", "${run.lang}");` });
    try {
      let page = await context.newPage();
      let online = socketOpened(page);
      await page.goto(server.url);
      await online;
      await expect(page.getByTestId("guest-badge")).toBeVisible({ timeout: 30_000 });
      expect(
        await postAll(page, [
          ["/api/lab/buy", { nodeId: "south:mining:unlock" }],
          ["/api/user/update-action", { skill: "mining", location: "garden" }],
        ]),
      ).toEqual([200, 200]);

      for (const [hours, text] of [
        [25, AWAY[run.lang].day],
        [72, AWAY[run.lang].days],
      ] as const) {
        await closeAndLeave(page, server.url);
        const moved = await context.request.post(`${server.url}/api/test/clock`, {
          data: { advanceMs: hours * HOUR },
        });
        expect(moved.ok()).toBe(true);
        page = await context.newPage();
        await page.goto(server.url);
        const modal = page.getByTestId("offline-modal");
        await expect(modal).toBeVisible({ timeout: 30_000 });
        await expect(page.getByTestId("offline-away")).toHaveText(text);
        await page.screenshot({ path: test.info().outputPath(`${run.name}-${hours}h.png`) });
        // the game starts (and its socket opens) once the summary is closed
        online = socketOpened(page);
        await page.getByTestId("offline-continue").click();
        await expect(modal).toBeHidden();
        await online;
      }
      await closeAndLeave(page, server.url);
    } finally {
      await context.close();
    }
  });
}
