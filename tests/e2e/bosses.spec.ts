import { BOSSES, type Character, dayOf, type Quest } from "@pickle-garden/shared";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { calls } from "../support/apiCalls.ts";
import { social } from "../support/roomPages.ts";
import { type RunningServer, removeDataDir, startServer } from "../support/startServer.ts";
import { makeVeteran, patchStoredPlayer } from "../support/storedPlayer.ts";

/**
 * A party boss fought to its end in two browsers (docs/rooms.md "Party bosses"): Alice, a level-99 mage in
 * English on a desktop, and Bob, a level-99 archer in French on a phone, both in the tier-10 set, meet in a
 * room; Alice challenges the Wasp Queen, both watch the fight (the queen's health, the enrage countdown,
 * each one's role and part), the test clock moves the fight on, and both see the win and their loot. Then
 * the screens swap sizes (Alice on the phone, Bob on the desktop). Both had the daily boss quest over the
 * queen on their board: the quests page shows it won, and each claims it. Screenshots of each step.
 */

test.use({ actionTimeout: 15_000 });

const DESKTOP = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };
const ROOM = "boss-den";
const QUEEN = BOSSES.wasp_queen!;

/** Today's board: the daily boss quest over the queen (drawn for a player who has won a boss; docs/quests.md). */
const bossBoard = (skill: Quest["skill"]): Quest[] => [
  {
    id: "boss",
    kind: "boss",
    skill,
    subject: null,
    location: QUEEN.location,
    count: 1,
    progress: 0,
    reward: { gold: 4321, rp: 50, xp: 1200 },
    claimed: false,
  },
];

async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), animations: "disabled" });
}

const guestId = (page: Page) =>
  page.evaluate(() =>
    fetch("/api/auth/session")
      .then((r) => r.json())
      .then((s: { user: { discordId: string } }) => s.user.discordId),
  );

async function open(browser: Browser, lang: "en" | "fr", viewport: typeof DESKTOP) {
  const context = await browser.newContext({ viewport });
  await context.addInitScript({ content: `localStorage.setItem("pg.language", "${lang}");` });
  return { context, page: await context.newPage() };
}

/** Both guests signed in on a first server, made level-99 veterans of a class while it is stopped. */
async function veterans(pages: readonly [Page, Character][]): Promise<RunningServer> {
  const first = await startServer();
  try {
    const ids: string[] = [];
    for (const [page] of pages) {
      await page.goto(first.url);
      await expect(page.getByTestId("guest-badge")).toBeVisible({ timeout: 30_000 });
      ids.push(await guestId(page));
    }
    await first.stop();
    pages.forEach(([, character], i) => {
      patchStoredPlayer(first.dataDir, ids[i]!, (p) => {
        p.tutorial = null;
        p.lab.rp = 1000;
        makeVeteran(p, character);
        p.quests = {
          ...p.quests,
          day: dayOf(Date.now()),
          daily: bossBoard(character === "mage" ? "magic" : "ranged"),
        };
      });
    });
  } catch (err) {
    await first.stop();
    removeDataDir(first.dataDir);
    throw err;
  }
  const second = await startServer({}, first.dataDir);
  for (const [page] of pages) {
    await page.goto(second.url);
    await expect(page.getByTestId("guest-badge")).toBeVisible({ timeout: 30_000 });
    expect(
      await calls(page, [
        ["PATCH", "/api/user/tutorial", { action: "skip" }],
        ["POST", "/api/lab/buy", { nodeId: "west:meta:multiplayer" }],
        ["POST", "/api/lab/buy", { nodeId: "east:utility:gold-pouch" }],
        ["POST", "/api/lab/buy", { nodeId: "east:utility:quest" }],
      ]),
    ).toEqual([200, 200, 200, 200]);
  }
  return second;
}

const gold = (page: Page) =>
  page.evaluate(() =>
    fetch("/api/user/get-user")
      .then((r) => r.json())
      .then((u: { user: { gold: number } }) => u.user.gold),
  );

async function advanceClock(page: Page, url: string, ms: number): Promise<void> {
  const res = await page.request.post(`${url}/api/test/clock`, { data: { advanceMs: ms } });
  expect(res.ok()).toBe(true);
}

test("two friends fight the Wasp Queen to its end, in English and French, on a desktop and a phone", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const alice = await open(browser, "en", DESKTOP);
  const bob = await open(browser, "fr", PHONE);
  const server = await veterans([
    [alice.page, "mage"],
    [bob.page, "archer"],
  ]);
  const [a, b] = [alice.page, bob.page];
  try {
    // Alice opens the room, Bob joins it
    const aSocial = await social(a, "group");
    await aSocial.getByTestId("room-id-input").fill(ROOM);
    await aSocial.getByTestId("room-create").click();
    await expect(aSocial.getByTestId("room-current")).toContainText(ROOM);
    // alone, no challenge is offered
    await expect(aSocial.getByTestId("boss-card")).toHaveCount(0);
    const bSocial = await social(b, "group");
    await bSocial.getByTestId("room-id-input").fill(ROOM);
    await bSocial.getByTestId("room-join").click();
    await expect(bSocial.getByTestId("room-current")).toContainText(ROOM);
    for (const panel of [aSocial, bSocial]) await expect(panel.getByTestId("group-member")).toHaveCount(2);

    // the challenge
    await expect(aSocial.getByTestId("boss-card")).toContainText("Party boss");
    await expect(bSocial.getByTestId("boss-card")).toContainText("Boss de groupe");
    await aSocial.getByTestId("boss-card").scrollIntoViewIfNeeded();
    await snap(a, "01-desktop-en-challenge");
    await aSocial.getByTestId("boss-pick").selectOption("wasp_queen");
    await aSocial.getByTestId("boss-challenge").click();
    for (const panel of [aSocial, bSocial]) {
      await expect(panel.getByTestId("boss-card")).toHaveAttribute("data-outcome", "live");
      await expect(panel.getByTestId("boss-fighter")).toHaveCount(2);
    }
    // fighters in id order (guests' ids are drawn): the roles, whoever comes first
    expect((await aSocial.getByTestId("boss-role").allTextContents()).sort()).toEqual(["Healer", "Striker"]);
    expect((await bSocial.getByTestId("boss-role").allTextContents()).sort()).toEqual([
      "Attaquant",
      "Soigneur",
    ]);
    await expect(aSocial.getByTestId("boss-status")).toContainText(/Enrages in [23]:\d\d/);
    await expect(bSocial.getByTestId("boss-status")).toContainText(/Enrage dans [23]:\d\d/);

    // a minute of the fight on the test clock: the queen is hurt, both have dealt damage
    await advanceClock(a, server.url, 60_000);
    await expect
      .poll(async () => Number(await aSocial.getByTestId("boss-health").getAttribute("aria-valuenow")))
      .toBeLessThan(38_000);
    await expect(aSocial.getByTestId("boss-status")).toContainText(/Enrages in [12]:\d\d/);
    await expect(bSocial.getByTestId("boss-part").last()).toContainText("dégâts");
    await aSocial.getByTestId("boss-card").scrollIntoViewIfNeeded();
    await bSocial.getByTestId("boss-card").scrollIntoViewIfNeeded();
    await snap(a, "02-desktop-en-fight");
    await snap(b, "03-phone-fr-fight");

    // to the end: the queen falls before her enrage, and each gets its loot
    await advanceClock(a, server.url, 120_000);
    for (const panel of [aSocial, bSocial]) {
      await expect(panel.getByTestId("boss-card")).toHaveAttribute("data-outcome", "won", {
        timeout: 30_000,
      });
      await expect(panel.getByTestId("boss-loot")).toHaveCount(2);
    }
    await expect(aSocial.getByTestId("boss-status")).toHaveText("The Wasp Queen is defeated!");
    await expect(aSocial.getByTestId("boss-loot").first()).toContainText(
      /Loot: [123] Queen's Stingers?, 5 Wasp Stingers/,
    );
    await expect(bSocial.getByTestId("boss-status")).toHaveText("Victoire contre : Reine des guêpes !");
    await expect(bSocial.getByTestId("boss-loot").last()).toContainText(
      /Butin : [123] Dards? de la Reine, 5 Dards de guêpe/,
    );
    await aSocial.getByTestId("boss-card").scrollIntoViewIfNeeded();
    await bSocial.getByTestId("boss-card").scrollIntoViewIfNeeded();
    await snap(a, "04-desktop-en-won");
    await snap(b, "05-phone-fr-won");

    // the trophies are in the inventories
    for (const page of [a, b]) {
      const inventory = await page.evaluate(() =>
        fetch("/api/user/get-user")
          .then((r) => r.json())
          .then((u: { user: { inventory: { id: number; stack: number }[] } }) => u.user.inventory),
      );
      expect(inventory.some((e) => e.id === 15107 && e.stack >= 1)).toBe(true);
    }

    // the other sizes: Alice on a phone, Bob on a desktop
    await a.setViewportSize(PHONE);
    await b.setViewportSize(DESKTOP);
    for (const [page, name] of [
      [a, "06-phone-en-won"],
      [b, "07-desktop-fr-won"],
    ] as const) {
      const panel = await social(page, "group");
      await panel.getByTestId("boss-card").scrollIntoViewIfNeeded();
      await snap(page, name);
    }

    // the daily boss quest counted the win for both: ready to claim on the quests page
    for (const [page, title, lang, sizes] of [
      [a, `Defeat the Wasp Queen with your party at Wasp Nest`, "en", ["phone", "desktop"]],
      [b, `Vaincre en groupe : Reine des guêpes (Nid de guêpes)`, "fr", ["desktop", "phone"]],
    ] as const) {
      await page.goto(`${server.url}/quests`);
      const quest = page.getByTestId("quest");
      await expect(quest).toHaveCount(1);
      await expect(quest).toContainText(title);
      await expect(quest.getByTestId("quest-progress")).toContainText("1/1");
      for (const size of sizes) {
        await page.setViewportSize(size === "phone" ? PHONE : DESKTOP);
        await quest.scrollIntoViewIfNeeded();
        await snap(page, `08-${lang}-${size}-quest`);
      }
      const before = await gold(page);
      await quest.getByTestId("quest-claim").click();
      await expect(quest.getByTestId("quest-claimed")).toBeVisible();
      expect(await gold(page)).toBe(before + 4321);
    }
  } finally {
    await alice.context.close();
    await bob.context.close();
    await server.stop();
    removeDataDir(server.dataDir);
  }
});
