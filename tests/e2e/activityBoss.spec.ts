import { type Browser, expect, type Page, test } from "@playwright/test";
import { asMockPlayer } from "../support/apiCalls.ts";
import { social } from "../support/roomPages.ts";
import { type RunningServer, removeDataDir, startServer } from "../support/startServer.ts";
import { makeVeteran, patchStoredPlayer } from "../support/storedPlayer.ts";

/**
 * A party boss in the Discord Activity (SDK mock, MOCK_DISCORD_AUTH=1, docs/rooms.md "Party bosses"): two
 * players of the mock's one instance, a level-99 warrior in English on a desktop and a level-99 mage in
 * French on a phone (`platform=mobile`), both in the tier-10 set, are in the voice channel's room; the
 * warrior challenges the Wasp Queen from the group panel, the test clock moves the fight to its end, both
 * see the win and their loot. Screenshots of the fight and of the end.
 */

test.use({ actionTimeout: 15_000 });

const PLAYERS = [
  { id: "710000000000000011", name: "Wren", character: "warrior", lang: "en", width: 1280, height: 800 },
  { id: "710000000000000012", name: "Mae", character: "mage", lang: "fr", width: 390, height: 844 },
] as const;

const snap = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), animations: "disabled" });

/** The players signed in through the mock's token exchange, made veterans while the server is stopped. */
async function veterans(): Promise<RunningServer> {
  const env = { MOCK_DISCORD_AUTH: "1" };
  const first = await startServer(env);
  try {
    for (const p of PLAYERS) await asMockPlayer(first.url, p.id, p.name);
    await first.stop();
    for (const p of PLAYERS)
      patchStoredPlayer(first.dataDir, p.id, (player) => makeVeteran(player, p.character));
  } catch (err) {
    await first.stop();
    removeDataDir(first.dataDir);
    throw err;
  }
  const second = await startServer(env, first.dataDir);
  for (const p of PLAYERS)
    expect(
      await (await asMockPlayer(second.url, p.id, p.name))("PATCH", "/api/user/tutorial", { action: "skip" }),
    ).toBe(200);
  return second;
}

async function launch(browser: Browser, url: string, p: (typeof PLAYERS)[number]) {
  const context = await browser.newContext({ viewport: { width: p.width, height: p.height } });
  await context.addInitScript((language) => window.localStorage.setItem("pg.language", language), p.lang);
  const page = await context.newPage();
  const platform = p.width < 500 ? "&platform=mobile" : "";
  await page.goto(`${url}/activity?user_id=${p.id}&username=${p.name}${platform}`);
  await expect(page.getByTestId("room-badge")).toBeVisible({ timeout: 30_000 });
  return { context, page };
}

test("two players of one instance fight the Wasp Queen to its end in the Activity", async ({ browser }) => {
  test.setTimeout(240_000);
  const server = await veterans();
  const [wren, mae] = [
    await launch(browser, server.url, PLAYERS[0]),
    await launch(browser, server.url, PLAYERS[1]),
  ];
  try {
    await expect(wren.page.getByTestId("room-badge")).toContainText("2", { timeout: 15_000 });
    const w = await social(wren.page, "group");
    const m = await social(mae.page, "group");
    for (const panel of [w, m]) await expect(panel.getByTestId("group-member")).toHaveCount(2);
    await w.getByTestId("boss-pick").selectOption("wasp_queen");
    await w.getByTestId("boss-challenge").click();
    for (const panel of [w, m])
      await expect(panel.getByTestId("boss-card")).toHaveAttribute("data-outcome", "live");
    expect((await w.getByTestId("boss-role").allTextContents()).sort()).toEqual(["Guard", "Healer"]);
    expect((await m.getByTestId("boss-role").allTextContents()).sort()).toEqual(["Protecteur", "Soigneur"]);

    const clock = (ms: number) =>
      wren.page.request.post(`${server.url}/api/test/clock`, { data: { advanceMs: ms } });
    expect((await clock(40_000)).ok()).toBe(true);
    await expect
      .poll(async () => Number(await w.getByTestId("boss-health").getAttribute("aria-valuenow")))
      .toBeLessThan(38_000);
    await expect(w.getByTestId("boss-status")).toContainText(/Enrages in \d:\d\d/);
    await expect(m.getByTestId("boss-status")).toContainText(/Enrage dans \d:\d\d/);
    for (const panel of [w, m]) await panel.getByTestId("boss-card").scrollIntoViewIfNeeded();
    await snap(wren.page, "01-activity-desktop-en-fight");
    await snap(mae.page, "02-activity-phone-fr-fight");

    expect((await clock(200_000)).ok()).toBe(true);
    for (const panel of [w, m]) {
      await expect(panel.getByTestId("boss-card")).toHaveAttribute("data-outcome", "won", {
        timeout: 30_000,
      });
      await expect(panel.getByTestId("boss-loot")).toHaveCount(2);
      await panel.getByTestId("boss-card").scrollIntoViewIfNeeded();
    }
    await expect(w.getByTestId("boss-status")).toHaveText("The Wasp Queen is defeated!");
    await expect(m.getByTestId("boss-status")).toHaveText("Victoire contre : Reine des guêpes !");
    await snap(wren.page, "03-activity-desktop-en-won");
    await snap(mae.page, "04-activity-phone-fr-won");
  } finally {
    await wren.context.close();
    await mae.context.close();
    await server.stop();
    removeDataDir(server.dataDir);
  }
});
