import { type BrowserContext, expect, test } from "@playwright/test";
import { serverPerFile } from "./serverPerFile.ts";

/**
 * A browser that refuses storage (Discord's frame with third-party storage blocked, some private modes):
 * reading `window.localStorage` or `window.sessionStorage` throws. The website and the activity still
 * start, never a blank page.
 */

const server = serverPerFile({ MOCK_DISCORD_AUTH: "1" });

async function refusingStorage(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    for (const name of ["localStorage", "sessionStorage"]) {
      Object.defineProperty(window, name, {
        configurable: true,
        get() {
          throw new DOMException(`Access to '${name}' is denied for this document.`, "SecurityError");
        },
      });
    }
  });
}

for (const { what, path } of [
  { what: "the website", path: "/" },
  { what: "the activity", path: "/activity?user_id=710000000000000031&username=Nora" },
]) {
  test(`${what} starts where the browser refuses storage`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await refusingStorage(context);
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(`${server.url}${path}`);
      expect(await page.evaluate(() => Object.keys(window).includes("localStorage"))).toBe(true);
      await expect(page.evaluate(() => window.localStorage)).rejects.toThrow(/denied/);
      await expect(page.getByRole("navigation", { name: "Game navigation" })).toBeVisible({
        timeout: 30_000,
      });
      // a choice made now still holds for this page: French, kept in memory
      await page.getByTestId("user-menu-button").click();
      await page.getByRole("link", { name: "Settings", exact: true }).click();
      await page.getByTestId("language-select").selectOption("fr");
      await expect(page.getByRole("navigation", { name: "Navigation du jeu" })).toBeVisible();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
