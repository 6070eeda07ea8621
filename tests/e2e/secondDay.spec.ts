import { expect, type Page, test } from "@playwright/test";
import { patchedGuest, postAll } from "../support/patchedGuest.ts";
import { removeDataDir } from "../support/startServer.ts";

/**
 * The second day (issue 29 §1–3), in Chromium on desktop (English) and phone (French): a night away with a
 * bag whose every slot holds another kind says once what was lost and why (Dirt's stack never fills, so
 * only the garden's Clay and Stone are lost) and lists no fight that never ran; Home's next goal reads the full bag
 * before any lab node; a craft that ends sends the player home, and a toast and the log say so; a craft
 * that a full bag stops does too, and says it was the bag.
 */

test.use({ actionTimeout: 15_000 });

const HOUR = 3_600_000;
const DIRT = 10001;
const DIRT_BRICK = 20001;
/** a piece that may roll affixes: each takes a slot of its own */
const DIRT_HELMET = 30101;
/** 19 kinds the garden never drops: with Dirt, the 20 slots are full. */
const OTHER_KINDS = [
  10004, 10005, 10006, 11001, 11002, 11003, 11004, 11005, 11006, 12001, 12002, 12003, 12004, 12005, 12006,
  15001, 15002, 15003, 15004,
];
const RUNS = [
  { name: "desktop-en", lang: "en", viewport: { width: 1366, height: 800 } },
  { name: "phone-fr", lang: "fr", viewport: { width: 390, height: 844 } },
] as const;
const T = {
  en: {
    lost: /^Lost while you were away: [\d,.K]+ × Clay, [\d,.K]+ × Stone\. Each kind of item needs a slot of its own/,
    full: /^Your inventory is full/,
    done: "Crafting is done: no slot has anything left to make. You are now resting at home.",
    bagFull:
      "Crafting stopped: your bag is full, with no room for what it makes. You are now resting at home.",
    resting: "Resting at home",
  },
  fr: {
    lost: /^Perdu pendant votre absence : [\d\s,.k]+ × Argile, [\d\s,.k]+ × Pierre\. Chaque sorte d'objet occupe son propre emplacement/,
    full: /^Votre inventaire est plein/,
    done: "Fabrication terminée : plus rien à fabriquer dans vos postes. Vous vous reposez maintenant à la maison.",
    bagFull:
      "Fabrication arrêtée : votre sac est plein, plus de place pour ce qu'elle produit. Vous vous reposez maintenant à la maison.",
    resting: "Repos à la maison",
  },
};

async function passTime(page: Page, url: string, totalMs: number, stepMs = 1000): Promise<void> {
  for (let t = 0; t < totalMs; t += stepMs) {
    const res = await page.request.post(`${url}/api/test/clock`, { data: { advanceMs: stepMs } });
    expect(res.ok()).toBe(true);
    await page.waitForTimeout(40);
  }
}

for (const run of RUNS) {
  test(`the second day: a night away, the next goal, a craft that ends (${run.name})`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ viewport: run.viewport, reducedMotion: "reduce" });
    await context.addInitScript({ content: `localStorage.setItem("pg.language", "${run.lang}");` });
    let page = await context.newPage();
    const server = await patchedGuest(page, (player) => {
      player.lab.rp = 1000;
      player.inventory = [{ id: DIRT, stack: 40 }, ...OTHER_KINDS.map((id) => ({ id, stack: 1 }))];
      player.tutorial = { currentStep: "done", done: [], chosenPath: null, ui: { isOpen: false } };
    });
    const shot = (name: string) =>
      page.screenshot({ path: test.info().outputPath(`${run.name}-${name}.png`) });
    try {
      expect(
        await postAll(page, [
          ["/api/lab/buy", { nodeId: "south:mining:unlock" }],
          ["/api/lab/buy", { nodeId: "south:smithing:unlock" }],
          ["/api/user/update-action", { skill: "mining", location: "garden" }],
        ]),
      ).toEqual([200, 200, 200]);

      // a night away: the tab closes, 12 hours pass, the player comes back
      await page.close();
      await expect
        .poll(async () => {
          const res = await context.request.post(`${server.url}/api/test/clock`, { data: { advanceMs: 0 } });
          return ((await res.json()) as { dropped: number }).dropped;
        })
        .toBeGreaterThanOrEqual(1);
      await context.request.post(`${server.url}/api/test/clock`, { data: { advanceMs: 12 * HOUR } });
      page = await context.newPage();
      await page.goto(server.url);
      await expect(page.getByTestId("offline-modal")).toBeVisible({ timeout: 30_000 });
      // what was lost and why, once; the Dirt all kept; no fight listed
      await expect(page.getByTestId("offline-lost")).toHaveText(T[run.lang].lost);
      await expect(page.getByTestId("offline-full")).toHaveCount(0);
      await expect(page.getByTestId("offline-combat")).toHaveCount(0);
      await expect(page.getByTestId("offline-gathering")).toBeVisible();
      await shot("1-welcome-back");
      await page.getByTestId("offline-continue").click();

      // Home's next goal reads the full bag before any lab node
      await expect(page.getByTestId("next-goal-text")).toHaveText(T[run.lang].full);
      await expect(page.getByTestId("next-goal-text")).toHaveAttribute("data-goal", "full");
      await shot("2-next-goal-full");

      // a slot freed, three bricks crafted: the craft ends, the player rests, and the game says so
      const held = (await (await page.request.get(`${server.url}/api/user/get-user`)).json()) as {
        user: { inventory: { id: number }[] };
      };
      const last = held.user.inventory.findIndex((e) => e.id === OTHER_KINDS[OTHER_KINDS.length - 1]);
      const craft = { craftingSkill: "smithing", itemId: DIRT_BRICK, slotId: 0, quantity: 3 };
      expect(
        await postAll(page, [
          ["/api/intents/discardItem", { inventoryIndex: last, quantity: 1 }],
          ["/api/user/craft", craft],
        ]),
      ).toEqual([200, 200]);
      await passTime(page, server.url, 12_000);
      await expect(page.getByTestId("toasts")).toContainText(T[run.lang].done, { timeout: 15_000 });
      await expect(page.getByTestId("activity-card")).toContainText(T[run.lang].resting);
      await shot("3-craft-done-toast");

      // one slot freed for two helmets: the first fills the bag, the second has no room; the player rests,
      // and the toast and the smithing page's log say why (a full bag), not that crafting is done
      await page.goto(`${server.url}/skills/smithing`);
      await expect(page.getByTestId("craft-log")).toBeVisible({ timeout: 15_000 });
      const again = (await (await page.request.get(`${server.url}/api/user/get-user`)).json()) as typeof held;
      const other = again.user.inventory.findIndex((e) => e.id === OTHER_KINDS[0]);
      expect(
        await postAll(page, [
          ["/api/intents/discardItem", { inventoryIndex: other, quantity: 1 }],
          ["/api/user/craft", { ...craft, itemId: DIRT_HELMET, quantity: 2 }],
        ]),
      ).toEqual([200, 200]);
      await passTime(page, server.url, 12_000);
      await expect(page.getByTestId("toasts")).toContainText(T[run.lang].bagFull, { timeout: 15_000 });
      await expect(page.getByTestId("activity-card")).toContainText(T[run.lang].resting);
      await expect(page.getByTestId("craft-log")).toContainText(T[run.lang].bagFull);
      await shot("4-bag-full-toast");
    } finally {
      await context.close();
      await server.stop();
      removeDataDir(server.dataDir);
    }
  });
}
