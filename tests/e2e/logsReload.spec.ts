import { expect, type Page, test, type WebSocket } from "@playwright/test";
import { patchedGuest, postAll } from "../support/patchedGuest.ts";
import { type RunningServer, removeDataDir } from "../support/startServer.ts";

/**
 * The logs channel after a reload (issue 8 §5): the server keeps the player's game messages, so the
 * gathering and crafting pages' logs (and a gathering page's Drops card) show the drops and crafts again
 * after a reload, and the replayed history is no unread message in the chat box's Logs tab (only what
 * comes after it is).
 */

test.use({ actionTimeout: 15_000 });

const DIRT = 10001;
const DIRT_BRICK = 20001;
const RUNS = [
  { name: "desktop-en", lang: "en", viewport: { width: 1280, height: 800 } },
  { name: "phone-fr", lang: "fr", viewport: { width: 390, height: 844 } },
] as const;
const T = {
  en: { finished: "finished crafting all items", level: "Mining reached level 2", drop: "+1 Dirt" },
  fr: {
    finished: "a terminé toutes ses fabrications",
    level: "Minage atteint le niveau 2",
    drop: "+1 Terre",
  },
};

async function passTime(page: Page, url: string, totalMs: number, stepMs = 3000): Promise<void> {
  for (let t = 0; t < totalMs; t += stepMs) {
    const res = await page.request.post(`${url}/api/test/clock`, {
      data: { advanceMs: Math.min(stepMs, totalMs - t) },
    });
    expect(res.ok()).toBe(true);
    await page.waitForTimeout(40);
  }
}

const lines = (page: Page, testId: string) => page.getByTestId(testId).locator("li.pg-log__item");

/** A page log's oldest lines once it has at least `n` (it lists the newest first). */
async function oldest(page: Page, testId: string, n: number): Promise<string[]> {
  await expect(lines(page, testId).nth(n - 1)).toBeVisible({ timeout: 20_000 });
  return (await lines(page, testId).allInnerTexts()).slice(-n);
}

/**
 * Loads a page and waits for its socket's logs history: from then on the game's lines come live (gains
 * made with no socket open go to the welcome-back summary instead).
 */
async function load(page: Page, go: () => Promise<unknown>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const history = new Promise<void>((resolve, reject) => {
    timer = setTimeout(() => reject(new Error("no logs history on the socket in 30 s")), 30_000);
    // on whichever socket the page opens (it may open one again)
    const onSocket = (ws: WebSocket) =>
      ws.on("framereceived", (f) => {
        if (!/"chatHistory".*"channel":"logs"/.test(String(f.payload))) return;
        page.off("websocket", onSocket);
        resolve();
      });
    page.on("websocket", onSocket);
  });
  try {
    await go();
    await history;
  } finally {
    clearTimeout(timer);
  }
}

/** The chat box's Logs tab, in the social drawer (narrow screens) on its Chat tab; the Global tab stays active. */
async function logsTab(page: Page) {
  const fab = page.getByTestId("social-open");
  const chat = page.getByTestId("social-tab-chat");
  // the social panel comes in its own chunk: wait until the button or the panel itself shows
  await expect(fab.or(chat).first()).toBeVisible();
  if ((await fab.isVisible()) && (await fab.getAttribute("aria-expanded")) !== "true") await fab.click();
  await chat.click();
  return page.getByTestId("chat-tab-logs");
}

const action = (page: Page, skill: string, location: string) =>
  postAll(page, [["/api/user/update-action", { skill, location }]]);

for (const run of RUNS) {
  test(`the page logs show the kept drops and crafts after a reload, none of them unread (${run.name})`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ viewport: run.viewport, reducedMotion: "reduce" });
    await context.addInitScript({ content: `localStorage.setItem("pg.language", "${run.lang}");` });
    const page = await context.newPage();
    const server: RunningServer = await patchedGuest(page, (player) => {
      player.lab.rp = 1000;
      player.inventory[0] = { id: DIRT, stack: 40 };
      // the first drop's xp reaches mining level 2: a line of its own
      player.skills.mining = { level: 1, xp: 95 };
      player.tutorial = { currentStep: "done", done: [], chosenPath: null, ui: { isOpen: false } };
    });
    const shot = (name: string) =>
      page.screenshot({ path: test.info().outputPath(`${run.name}-${name}.png`), fullPage: true });
    try {
      expect(
        await postAll(page, [
          ["/api/lab/buy", { nodeId: "south:mining:unlock" }],
          ["/api/lab/buy", { nodeId: "south:smithing:unlock" }],
        ]),
      ).toEqual([200, 200]);

      // gathering, started once the page is online: drops reach the page's log; then home, so nothing
      // happens while the page reloads (gains made offline open the welcome-back summary instead)
      await load(page, () => page.goto(`${server.url}/skills/mining/garden`));
      expect(await action(page, "mining", "garden")).toEqual([200]);
      await passTime(page, server.url, 90_000);
      await oldest(page, "gather-log", 3);
      // the stop settles and pushes what was found before it answers
      expect(await action(page, "none", "home")).toEqual([200]);
      const drops = await lines(page, "gather-log").allInnerTexts();
      expect(drops).toContain(T[run.lang].level);
      // the Drops card lists the same kept lines
      const dropCard = () => page.getByTestId("drops").locator("li.pg-drop").allInnerTexts();
      const found = await dropCard();
      expect(found.length).toBeGreaterThan(0);

      await load(page, () => page.reload());
      expect(await oldest(page, "gather-log", drops.length)).toEqual(drops);
      await expect.poll(dropCard).toEqual(found);
      await shot("gather-after-reload");
      const tab = await logsTab(page);
      await expect(tab).toBeVisible();
      await expect(tab.getByTestId("chat-unread-logs")).toHaveCount(0);
      await shot("logs-tab-after-reload");

      // crafting: three bricks from the Dirt kept, their lines in the smithing page's log
      await load(page, () => page.goto(`${server.url}/skills/smithing`));
      const body = { craftingSkill: "smithing", itemId: DIRT_BRICK, slotId: 0, quantity: 3 };
      expect(await postAll(page, [["/api/user/craft", body]])).toEqual([200]);
      await passTime(page, server.url, 12_000, 1000);
      await expect(page.getByTestId("craft-log")).toContainText(T[run.lang].finished);
      const crafts = await lines(page, "craft-log").allInnerTexts();

      await load(page, () => page.reload());
      expect(await oldest(page, "craft-log", crafts.length)).toEqual(crafts);
      await shot("craft-after-reload");
      // the garden's log keeps its drops; the crafts are not its own
      await load(page, () => page.goto(`${server.url}/skills/mining/garden`));
      expect(await lines(page, "gather-log").allInnerTexts()).toEqual(drops);

      // what comes after the replayed history is unread
      const tabAgain = await logsTab(page);
      await expect(tabAgain).toBeVisible();
      await expect(tabAgain.getByTestId("chat-unread-logs")).toHaveCount(0);
      expect(await action(page, "mining", "garden")).toEqual([200]);
      // long enough to break any garden node (80 HP at most, 3.5 a hit every 3 s)
      await passTime(page, server.url, 120_000);
      await expect(tabAgain.getByTestId("chat-unread-logs")).toBeVisible();
      await shot("logs-tab-new-line");
      // the Logs tab writes the server's structured lines (no text of the server's) in the player's language
      await tabAgain.click();
      await expect(page.getByTestId("chat-lines-logs")).toContainText(T[run.lang].drop);
      await shot("logs-tab-open");
    } finally {
      await context.close();
      await server.stop();
      removeDataDir(server.dataDir);
    }
  });
}
