import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, type Page, test } from "@playwright/test";
import { closeSocial, social } from "../support/roomPages.ts";
import { serverPerFile } from "./serverPerFile.ts";

/**
 * Safe areas: on a phone Discord gives the activity `--discord-safe-area-inset-*` (the notch, the home
 * bar), and nothing fixed or sticky may sit under them: the top bar (scrolled, so it sticks), the Group
 * and chat button, the party button, the tutorial's card, the toasts, the menu and the group and chat
 * drawers. The insets are set on the document as Discord sets them; each element's box must stay inside.
 */

const shots = fileURLToPath(new URL("../test-results/safe-areas/", import.meta.url));
mkdirSync(shots, { recursive: true });

const server = serverPerFile({ MOCK_DISCORD_AUTH: "1" });

interface Insets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

async function setInsets(page: Page, insets: Insets): Promise<void> {
  await page.evaluate((insets) => {
    for (const [side, px] of Object.entries(insets))
      document.documentElement.style.setProperty(`--discord-safe-area-inset-${side}`, `${px}px`);
  }, insets);
}

/** The elements (by selector) whose box reaches into an inset, with the side; none when all is well. */
function outsideTheSafeArea(page: Page, selectors: string[], insets: Insets): Promise<string[]> {
  return page.evaluate(
    ({ selectors, insets }) => {
      const width = document.documentElement.clientWidth;
      const height = document.documentElement.clientHeight;
      return selectors.flatMap((selector) => {
        const element = document.querySelector(selector);
        if (!element) return [`${selector}: not on the page`];
        const box = element.getBoundingClientRect();
        const sides: string[] = [];
        if (box.top < insets.top - 0.5) sides.push(`top ${box.top}`);
        if (box.left < insets.left - 0.5) sides.push(`left ${box.left}`);
        if (box.right > width - insets.right + 0.5) sides.push(`right ${width - box.right}`);
        if (box.bottom > height - insets.bottom + 0.5) sides.push(`bottom ${height - box.bottom}`);
        return sides.map((side) => `${selector}: ${side}`);
      });
    },
    { selectors, insets },
  );
}

for (const run of [
  {
    name: "a phone",
    query: "user_id=710000000000000041&username=Pia&platform=mobile",
    viewport: { width: 390, height: 844 },
    insets: { top: 47, right: 12, bottom: 34, left: 12 },
  },
  {
    name: "a desktop",
    query: "user_id=710000000000000042&username=Quentin",
    viewport: { width: 1366, height: 800 },
    insets: { top: 20, right: 24, bottom: 20, left: 24 },
    language: "fr",
  },
]) {
  test(`on ${run.name}, fixed and sticky elements keep out of Discord's safe-area insets`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: run.viewport });
    if (run.language)
      await context.addInitScript(
        (language) => window.localStorage.setItem("pg.language", language),
        run.language,
      );
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(`${server.url}/activity?${run.query}`);
      // a new player: the tutorial's card is up
      await expect(page.getByTestId("tutorial")).toBeVisible({ timeout: 30_000 });
      await expect(
        page.getByTestId("social-open").or(page.getByTestId("social-panel")).first(),
      ).toBeVisible();
      await setInsets(page, run.insets);
      // scrolled, so the top bar sticks
      await page.mouse.move(run.viewport.width / 2, run.viewport.height / 2);
      await page.mouse.wheel(0, 600);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      const always = [".pg-topbar", ".pga-party", ".pg-tour", ".pg-toasts"];
      const fab = (await page.getByTestId("social-open").isVisible()) ? [".pg-social-fab"] : [];
      expect(await outsideTheSafeArea(page, [...always, ...fab], run.insets)).toEqual([]);
      await page.screenshot({ path: `${shots}${run.name.replace(" ", "-")}-scrolled.png` });

      const menu = page.locator(".pg-topbar__menu");
      if (await menu.isVisible()) {
        await menu.click();
        // once it has slid in
        await expect.poll(() => outsideTheSafeArea(page, ["#pg-sidebar"], run.insets)).toEqual([]);
        await page.screenshot({ path: `${shots}${run.name.replace(" ", "-")}-menu.png` });
        await page.keyboard.press("Escape");
      } else {
        expect(await outsideTheSafeArea(page, ["#pg-sidebar"], run.insets)).toEqual([]);
      }

      await social(page, "chat");
      const drawer = (await page.locator(".pg-social--drawer").count()) > 0;
      await expect
        .poll(() =>
          outsideTheSafeArea(page, [drawer ? ".pg-social--drawer" : ".pg-social--column"], run.insets),
        )
        .toEqual([]);
      await page.screenshot({ path: `${shots}${run.name.replace(" ", "-")}-social.png` });
      await closeSocial(page);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
