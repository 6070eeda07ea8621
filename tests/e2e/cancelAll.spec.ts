import { expect, type Page, test } from "@playwright/test";
import { patchedGuest, postAll } from "../support/patchedGuest.ts";
import { removeDataDir } from "../support/startServer.ts";

/**
 * Issue 31's example of a new intent, in Chromium: a smith with two busy slots cancels both with one
 * button (the cancelAllCrafts intent); the slots go idle from the socket's push, the Dirt in progress comes
 * back. English on a desktop and French on a phone, screenshots of each.
 */

const DIRT = 10001;
const BRICK = 20001;
const RUNS = [
  { name: "desktop-en", lang: "en", viewport: { width: 1366, height: 800 }, all: "Cancel all 2 crafts" },
  { name: "phone-fr", lang: "fr", viewport: { width: 390, height: 844 }, all: "Annuler les 2 fabrications" },
] as const;

test.use({ actionTimeout: 15_000 });

const dirt = (page: Page) =>
  page.evaluate(
    async (id) =>
      (
        (await (await fetch("/api/user/get-user")).json()) as {
          user: { inventory: { id: number; stack: number }[] };
        }
      ).user.inventory
        .filter((e) => e.id === id)
        .reduce((n, e) => n + e.stack, 0),
    DIRT,
  );

for (const run of RUNS) {
  test(`two busy slots are cancelled by one intent (${run.name})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ viewport: run.viewport });
    await context.addInitScript({ content: `localStorage.setItem("pg.language", "${run.lang}");` });
    const page = await context.newPage();
    const server = await patchedGuest(page, (player) => {
      player.lab.rp = 10_000;
      player.inventory = [{ id: DIRT, stack: 20 }, ...player.inventory.slice(1)];
      player.tutorial = { currentStep: "done", done: [], chosenPath: null, ui: { isOpen: false } };
    });
    try {
      expect(
        await postAll(page, [
          ["/api/lab/buy", { nodeId: "south:mining:unlock" }],
          ["/api/lab/buy", { nodeId: "south:smithing:unlock" }],
          ["/api/lab/buy", { nodeId: "south:smithing:slot-2" }],
          ["/api/intents/craft", { craftingSkill: "smithing", itemId: BRICK, slotId: 0, quantity: 5 }],
          ["/api/intents/craft", { craftingSkill: "smithing", itemId: BRICK, slotId: 1, quantity: 5 }],
        ]),
      ).toEqual([200, 200, 200, 200, 200]);
      const before = await dirt(page);
      await page.goto(`${server.url}/skills/smithing`);
      const all = page.getByTestId("craft-cancel-all");
      await expect(all).toHaveText(run.all);
      await page.screenshot({ path: test.info().outputPath(`${run.name}-busy.png`) });
      await all.click();
      await expect(all).toHaveCount(0);
      await expect(page.getByTestId("craft-start-1")).toBeVisible();
      await expect(page.getByTestId("craft-start-2")).toBeVisible();
      expect(await dirt(page)).toBe(before + 2);
      await page.screenshot({ path: test.info().outputPath(`${run.name}-idle.png`) });
    } finally {
      await server.stop();
      removeDataDir(server.dataDir);
      await context.close();
    }
  });
}
