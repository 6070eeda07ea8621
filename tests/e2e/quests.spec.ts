import { expect, type Page, test } from "@playwright/test";
import { calls } from "../support/apiCalls.ts";
import { social } from "../support/roomPages.ts";
import { type RunningServer, removeDataDir, startServer } from "../support/startServer.ts";
import { patchStoredPlayer } from "../support/storedPlayer.ts";

/**
 * Quests in a real browser on the real server with the test clock: a player buys the Quests node, sees its
 * three dailies at zero, lets eight hours of mining pass on the test clock, watches the bars fill, claims a
 * quest and sees the reward (desktop in English, phone in French). Two friends in one room see their party
 * quest in the group panel and finish it together: each gets its gold. Screenshots of every step.
 */

test.use({ actionTimeout: 15_000 });

const HOUR = 3_600_000;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), animations: "disabled" });
}

async function gold(page: Page): Promise<number> {
  return page.evaluate(() =>
    fetch("/api/user/get-user")
      .then((r) => r.json())
      .then((b: { user: { gold: number } }) => b.user.gold),
  );
}

async function guestId(page: Page): Promise<string> {
  return page.evaluate(() =>
    fetch("/api/auth/session")
      .then((r) => r.json())
      .then((s: { user: { discordId: string } }) => s.user.discordId),
  );
}

/** Players signed in on a first server, given RP and no tutorial while it is stopped, then served again. */
async function richGuests(pages: Page[]): Promise<RunningServer> {
  const first = await startServer();
  const ids: string[] = [];
  try {
    for (const page of pages) {
      await page.goto(first.url);
      await expect(page.getByTestId("guest-badge")).toBeVisible({ timeout: 30_000 });
      ids.push(await guestId(page));
    }
    await first.stop();
    for (const id of ids)
      patchStoredPlayer(first.dataDir, id, (player) => {
        player.lab.rp = 1000;
        player.tutorial = null;
      });
  } catch (err) {
    await first.stop();
    removeDataDir(first.dataDir);
    throw err;
  }
  const second = await startServer({}, first.dataDir);
  for (const page of pages) {
    await page.goto(second.url);
    await expect(page.getByTestId("guest-badge")).toBeVisible({ timeout: 30_000 });
  }
  return second;
}

/** Refreshes the guide after the tutorial was skipped by a call, closing its finale if it pops up. */
async function dismissTutorial(page: Page): Promise<void> {
  await page.evaluate(() => window.dispatchEvent(new Event("tutorial:refresh")));
  const finish = page.getByTestId("tutorial-finish");
  await expect(async () => {
    if (await finish.isVisible()) await finish.click();
    await expect(page.getByTestId("tutorial")).toBeHidden({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
}

/** Skips the tutorial, buys these lab nodes and starts mining at the garden, by the player's own calls. */
async function mineWith(page: Page, nodes: readonly string[]): Promise<void> {
  expect(
    await calls(page, [
      ["PATCH", "/api/user/tutorial", { action: "skip" }],
      ...nodes.map((nodeId): [string, string, unknown] => ["POST", "/api/lab/buy", { nodeId }]),
      ["POST", "/api/user/update-action", { skill: "mining", location: "garden" }],
    ]),
  ).toEqual(Array(nodes.length + 2).fill(200));
  await dismissTutorial(page);
}

async function navTo(page: Page, href: string): Promise<void> {
  const menu = page.locator(".pg-topbar__menu");
  if (await menu.isVisible()) await menu.click();
  await page.locator(`#pg-sidebar a[href="${href}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
}

const RUNS = [
  { name: "desktop-en", lang: "en", viewport: DESKTOP, claim: "Claim", received: "Reward received!" },
  { name: "phone-fr", lang: "fr", viewport: PHONE, claim: "Réclamer", received: "Récompense reçue !" },
] as const;

for (const run of RUNS) {
  test(`a player unlocks quests, finishes one on the test clock and claims it (${run.name})`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ viewport: run.viewport });
    await context.addInitScript({ content: `localStorage.setItem("pg.language", "${run.lang}");` });
    const page = await context.newPage();
    const server = await richGuests([page]);
    try {
      await snap(page, `${run.name}-01-home-before`);
      await mineWith(page, ["east:utility:gold-pouch", "east:utility:quest", "south:mining:unlock"]);
      await navTo(page, "/quests");
      const quests = page.getByTestId("quest");
      await expect(quests).toHaveCount(3, { timeout: 30_000 });
      await expect(quests.first().getByTestId("quest-progress")).toHaveAttribute("aria-valuenow", "0");
      await expect(page.getByTestId("weekly-goal")).toBeVisible();
      await snap(page, `${run.name}-02-board`);

      await page.request.post(`${server.url}/api/test/clock`, { data: { advanceMs: 8 * HOUR } });
      const claim = quests.first().getByTestId("quest-claim");
      await expect(claim).toHaveText(run.claim, { timeout: 60_000 });
      await expect(page.getByTestId("nav-quests")).toContainText("3");
      const before = await gold(page);
      await snap(page, `${run.name}-03-ready`);
      await claim.focus();
      await page.keyboard.press("Enter");
      await expect(quests.first()).toContainText(run.received);
      await expect(quests.first().getByTestId("quest-claimed")).toBeVisible();
      expect(await gold(page)).toBeGreaterThan(before);
      await snap(page, `${run.name}-04-claimed`);

      await navTo(page, "/");
      await expect(page.getByTestId("next-goal")).toBeVisible();
      await expect(page.getByTestId("weekly-progress")).toBeVisible();
      await snap(page, `${run.name}-05-home`);
    } finally {
      await context.close();
      await server.stop();
      removeDataDir(server.dataDir);
    }
  });
}

test("two friends in a room finish their party quest together and each is paid", async ({ browser }) => {
  test.setTimeout(240_000);
  const make = async (lang: string, viewport: typeof DESKTOP) => {
    const context = await browser.newContext({ viewport });
    await context.addInitScript({ content: `localStorage.setItem("pg.language", "${lang}");` });
    return { context, page: await context.newPage() };
  };
  const alice = await make("en", DESKTOP);
  const bob = await make("fr", PHONE);
  const server = await richGuests([alice.page, bob.page]);
  try {
    for (const { page } of [alice, bob]) {
      await mineWith(page, ["south:mining:unlock", "east:utility:gold-pouch", "west:meta:multiplayer"]);
    }
    const aPanel = await social(alice.page, "group");
    await aPanel.getByTestId("room-id-input").fill("quest-party");
    await aPanel.getByTestId("room-create").click();
    await expect(aPanel.getByTestId("room-current")).toContainText("quest-party");
    const bPanel = await social(bob.page, "group");
    await bPanel.getByTestId("rooms-refresh").click();
    await bPanel.getByTestId("room-join-quest-party").click();
    await expect(bPanel.getByTestId("group-member")).toHaveCount(2);

    const quest = aPanel.getByTestId("party-quest");
    await expect(quest).toContainText("Party quest", { timeout: 30_000 });
    await expect(bPanel.getByTestId("party-quest")).toContainText("Quête de groupe");
    // drawn where they play together, and counted there only
    await expect(quest.getByTestId("party-quest-place")).toContainText("Place: Garden");
    await expect(bPanel.getByTestId("party-quest-place")).toContainText("Lieu : Jardin");
    const count = Number(await quest.getByTestId("party-quest-progress").getAttribute("aria-valuemax"));
    expect(count).toBeGreaterThan(0);
    await snap(alice.page, "party-01-desktop-en");
    await snap(bob.page, "party-02-phone-fr");
    const before = await Promise.all([gold(alice.page), gold(bob.page)]);

    // both mine the garden's shared node: a few hours on the test clock break more nodes than the goal
    await alice.page.request.post(`${server.url}/api/test/clock`, { data: { advanceMs: 3 * HOUR } });
    await expect
      .poll(async () => (await gold(alice.page)) - before[0]!, { timeout: 60_000 })
      .toBeGreaterThan(0);
    await expect
      .poll(async () => (await gold(bob.page)) - before[1]!, { timeout: 60_000 })
      .toBeGreaterThan(0);
    // the next party quest is drawn, at zero again
    await expect(quest.getByTestId("party-quest-progress")).toHaveAttribute("aria-valuenow", /\d+/);
    await snap(alice.page, "party-03-desktop-en-done");
  } finally {
    await alice.context.close();
    await bob.context.close();
    await server.stop();
    removeDataDir(server.dataDir);
  }
});
