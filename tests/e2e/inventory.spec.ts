import { expect, type Page, test } from "@playwright/test";
import { patchedGuest, postAll } from "../support/patchedGuest.ts";
import { removeDataDir } from "../support/startServer.ts";

/**
 * A full inventory has a way out: a guest whose 20 slots hold 20 kinds of items (9,500 Dirt Bricks, 18
 * others and one rolled helmet; a stack never fills, so only a new kind finds no slot) sees the location
 * banner while the garden's finds are lost, follows it to the inventory, sells part of the bricks, then
 * the rest of the stack, confirms selling the rolled piece, buys one more slot with the gold, throws some
 * away; the banner is gone after. The lab turns more gold into RP with a research grant at its shown price.
 */

interface Run {
  name: string;
  lang: "en" | "fr";
  viewport: { width: number; height: number };
}
const RUNS: Run[] = [
  { name: "desktop-fr", lang: "fr", viewport: { width: 1280, height: 800 } },
  { name: "phone-en", lang: "en", viewport: { width: 390, height: 844 } },
];

const BRICK = 20001;
const HELMET = 30101;
/** Raw resources of the higher mines, of mycology and botany, and monster drops: none found at the garden. */
const OTHER_KINDS = [
  10004, 10005, 10006, 11001, 11002, 11003, 11004, 11005, 11006, 12001, 12002, 12003, 12004, 12005, 12006,
  15001, 15002, 15003,
];
const T = {
  en: {
    sell100: "Sell 100 for 300 gold",
    sellRest: /^Sell 9,?400 for 28,?200 gold$/,
    sure: "Yes, sell it",
    buySlot: "Buy one more slot for 100 gold",
    grant: /^Fund 1 grant: ([\d,]+) gold for ([\d.]+) RP$/,
  },
  fr: {
    sell100: "Vendre 100 pour 300 or",
    sellRest: /^Vendre 9\s?400 pour 28\s?200 or$/,
    sure: "Oui, la vendre",
    buySlot: "Acheter un emplacement de plus pour 100 or",
    grant: /^Financer 1 bourse : ([\d\s\u202f]+) or pour ([\d,]+) PR$/,
  },
};

test.use({ actionTimeout: 15_000 });

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });
}

async function wallet(page: Page): Promise<{ gold: number; rp: number }> {
  return page.evaluate(() =>
    fetch("/api/user/get-user")
      .then((r) => r.json())
      .then((b: { user: { gold: number; lab: { rp: number } } }) => ({
        gold: b.user.gold,
        rp: b.user.lab.rp,
      })),
  );
}
const gold = async (page: Page) => (await wallet(page)).gold;

/** Opens a page through the navigation (behind the menu on a phone): a reload would count as an absence. */
async function nav(page: Page, testId: string): Promise<void> {
  const menu = page.locator(".pg-topbar__menu");
  if (await menu.isVisible()) await menu.click();
  await page.getByTestId(testId).click();
}

for (const run of RUNS) {
  test(`a full inventory is emptied by selling and discarding (${run.name})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ viewport: run.viewport });
    await context.addInitScript({ content: `localStorage.setItem("pg.language", "${run.lang}");` });
    const page = await context.newPage();
    // 9,500 Dirt Bricks, 18 kinds the garden never drops and one rolled helmet: Dirt found there has no slot
    const second = await patchedGuest(page, (player) => {
      player.lab.rp = 100;
      player.inventory = [
        { id: BRICK, stack: 9_500 },
        ...OTHER_KINDS.map((id) => ({ id, stack: 1 })),
        { id: HELMET, stack: 1, affixes: [{ id: "dodge", tier: 1, stats: { dodge_pct: 3 } }] },
      ];
      player.tutorial = { currentStep: "done", done: [], chosenPath: null, ui: { isOpen: false } };
    });
    try {
      const bought = await postAll(page, [
        ["/api/lab/buy", { nodeId: "south:mining:unlock" }],
        ["/api/lab/buy", { nodeId: "east:utility:gold-pouch" }],
      ]);
      expect(bought).toEqual([200, 200]);

      // the garden: start mining, the banner says gains are lost and links to the inventory
      await page.goto(`${second.url}/skills/mining/garden`);
      await page.getByTestId("gather-toggle").click();
      const banner = page.getByTestId("losing-gains");
      await expect(banner).toBeVisible();
      await shot(page, `${run.name}-1-banner`);
      await banner.getByRole("link").click();
      await expect(page).toHaveURL(/\/inventory$/);
      await expect(page.getByTestId("inventory-full")).toBeVisible();
      await expect(page.getByTestId("stat-gold")).toBeVisible();

      // sell 100 bricks from the stack
      await page.getByTestId("inv-pick-0").click();
      const actions = page.getByTestId("stack-actions");
      await actions.getByTestId("stack-qty").fill("100");
      await expect(actions.getByTestId("stack-sell")).toHaveText(T[run.lang].sell100);
      await shot(page, `${run.name}-2-stack-selected`);
      await actions.getByTestId("stack-sell").click();
      await expect(page.getByTestId("inv-stack-0")).toHaveAttribute("data-stack", "9400");
      expect(await gold(page)).toBe(300);

      // then the rest of the stack: one stack holds them all, "All" picks it whole
      await page.getByTestId("inv-pick-0").click();
      await actions.getByTestId("stack-all").click();
      await expect(actions.getByTestId("stack-sell")).toHaveText(T[run.lang].sellRest);
      await actions.getByTestId("stack-sell").click();
      await expect(page.locator(`[data-item-id="${BRICK}"]`)).toHaveCount(0);
      expect(await gold(page)).toBe(28_500);
      await expect(page.getByTestId("inventory-full")).toHaveCount(0);

      // the rolled helmet asks before it goes
      await page.locator(`[data-item-id="${HELMET}"] [data-testid^="inv-pick-"]`).click();
      await actions.getByTestId("stack-sell").click();
      await expect(actions.getByTestId("stack-confirm")).toBeVisible();
      await shot(page, `${run.name}-3-confirm-affixes`);
      expect(await gold(page)).toBe(28_500);
      await actions.getByRole("button", { name: T[run.lang].sure }).click();
      await expect(page.locator(`[data-item-id="${HELMET}"]`)).toHaveCount(0);
      expect(await gold(page)).toBe(28_520);

      // gold buys one more slot, at the first slot's price
      const slots = await page.getByTestId("inventory-grid").locator("li").count();
      await page.getByRole("button", { name: T[run.lang].buySlot }).click();
      await expect(page.getByTestId("inventory-grid").locator("li")).toHaveCount(slots + 1);
      expect(await gold(page)).toBe(28_420);
      await expect(page.getByTestId("buy-slot")).toBeVisible();
      await shot(page, `${run.name}-3b-slot-bought`);

      // the lab: a research grant turns gold into RP, at the price its button shows
      await nav(page, "nav-lab");
      const grant = page.getByTestId("research-grant").getByRole("button", { name: T[run.lang].grant });
      await expect(grant).toBeEnabled();
      const [, price, rp] = (await grant.textContent())!.match(T[run.lang].grant)!;
      const before = await wallet(page);
      await grant.click();
      const rpOf = (x: string) =>
        Number(run.lang === "fr" ? x.replace(/\s/g, "").replace(",", ".") : x.replace(/,/g, ""));
      await expect.poll(() => gold(page)).toBe(before.gold - Number(price!.replace(/\D/g, "")));
      expect((await wallet(page)).rp).toBeCloseTo(before.rp + rpOf(rp!), 3);
      await shot(page, `${run.name}-3c-research-grant`);

      // back at the garden (in the app: a reload would count as an absence): the banner is gone once
      // Dirt fits again; what comes in meanwhile can be thrown away
      await page.getByTestId("activity-card").click();
      await expect(page).toHaveURL(/\/skills\/mining\/garden$/);
      await expect(page.getByTestId("gather-node")).toBeVisible();
      await expect(page.getByTestId("losing-gains")).toHaveCount(0);
      for (let i = 0; i < 20; i++) {
        await page.request.post(`${second.url}/api/test/clock`, { data: { advanceMs: 3000 } });
        await page.waitForTimeout(50);
      }
      await nav(page, "nav-inventory");
      await expect(page.getByTestId("inv-pick-0")).toBeVisible({ timeout: 20_000 });
      await page.getByTestId("inv-pick-0").click();
      await actions.getByTestId("stack-discard").click();
      await expect(page.getByTestId("inv-pick-0")).toHaveCount(0);
      await shot(page, `${run.name}-4-after`);
    } finally {
      await second.stop();
      await context.close();
      removeDataDir(second.dataDir);
    }
  });
}
