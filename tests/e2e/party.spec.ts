import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { asMockPlayer, calls } from "../support/apiCalls.ts";
import { closeSocial, social } from "../support/roomPages.ts";
import { serverPerFile } from "./serverPerFile.ts";

/**
 * The party at a glance (issue 22): two players in one room see each other's face and name in the top bar
 * without a click, with a ring of what each does, the name and activity on hover or focus, and the room's
 * members under the sidebar's Socials; in the Activity (the SDK mock) and on the website, at 1,024 × 640,
 * 390 × 844 and 1,366 × 800, one player in English and one in French. On the website both are guests who
 * kept the default name: each face carries a tag from the id and its own face and colour, the guest is
 * invited to pick a name, and a name picked there reaches the other player's strip. Screenshots of each.
 */

test.use({ actionTimeout: 15_000 });

const shots = fileURLToPath(new URL("../test-results/party/", import.meta.url));
mkdirSync(shots, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${shots}${name}.png` });

const SIZES = [
  { width: 1024, height: 640 },
  { width: 390, height: 844 },
  { width: 1366, height: 800 },
] as const;

const server = serverPerFile({ MOCK_DISCORD_AUTH: "1" });

interface Player {
  context: BrowserContext;
  page: Page;
}

/** Every uncaught error of the test's pages: none is expected. */
const pageErrors: string[] = [];
test.afterEach(() => {
  expect(pageErrors.splice(0)).toEqual([]);
});

async function newContext(browser: Browser, language: "en" | "fr"): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: SIZES[0] });
  // (not on the blank page a new tab opens on, which has no storage)
  await context.addInitScript((l) => {
    if (window.location.protocol.startsWith("http")) window.localStorage.setItem("pg.language", l);
  }, language);
  context.on("weberror", (e) => pageErrors.push(e.error().message));
  return context;
}

/**
 * Each face of the page's party strip, as a player sees it: its accessible name, its status, what the face
 * shows, and whether it is whole in the window (not cut by the edge or hidden by the layout).
 */
async function faces(page: Page) {
  const strip = page.getByTestId("party-strip");
  await expect(strip).toBeVisible();
  return strip.getByTestId("party-face").evaluateAll((els) =>
    els.map((el) => {
      const box = el.getBoundingClientRect();
      const centre = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return {
        label: el.getAttribute("aria-label") ?? "",
        status: el.getAttribute("data-status"),
        face: el.querySelector("[data-face]")?.getAttribute("data-face") ?? null,
        whole: box.left >= 0 && box.right <= window.innerWidth && box.top >= 0 && box.width > 0,
        onTop: centre !== null && el.contains(centre),
      };
    }),
  );
}

/** Every face whole in the window and on top (once a change of size has settled: the drawer slides away). */
async function expectFacesClear(page: Page): Promise<void> {
  await expect
    .poll(async () => (await faces(page)).filter((f) => !f.whole || !f.onTop).map((f) => f.label), {
      message: `faces cut or covered at ${page.viewportSize()?.width} px`,
    })
    .toEqual([]);
}

/** Hovering a face shows its name and activity in its tooltip; focusing it by keyboard does too. */
async function expectTooltip(page: Page, index: number, text: RegExp): Promise<void> {
  const member = page.getByTestId("party-strip").locator("li").nth(index);
  const tip = member.getByTestId("party-tip");
  await expect(tip).toBeHidden();
  await member.getByTestId("party-face").hover();
  await expect(tip).toBeVisible();
  await expect(tip).toHaveText(text);
  await page.mouse.move(0, 700);
  await expect(tip).toBeHidden();
  await member.getByTestId("party-face").focus();
  await expect(tip).toBeVisible();
  await member.getByTestId("party-face").blur();
}

/* ---------------- the Activity ---------------- */

async function launchActivity(
  browser: Browser,
  id: string,
  username: string,
  language: "en" | "fr",
): Promise<Player> {
  const send = await asMockPlayer(server.url, id, username);
  // the tutorial's card is another part of the screen's business (it steps aside on its own)
  expect(await send("PATCH", "/api/user/tutorial", { action: "skip" })).toBe(200);
  const context = await newContext(browser, language);
  const page = await context.newPage();
  await page.goto(`${server.url}/activity?user_id=${id}&username=${username}`);
  await expect(page.getByTestId("room-badge")).toBeVisible({ timeout: 30_000 });
  return { context, page };
}

test("in the Activity, two players see each other's face, name and activity without a click", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const alice = await launchActivity(browser, "720000000000000001", "Alice", "en");
  const bob = await launchActivity(browser, "720000000000000002", "Bob", "fr");
  try {
    const mine = await asMockPlayer(server.url, "720000000000000001", "Alice");
    expect(await mine("POST", "/api/lab/buy", { nodeId: "south:mining:unlock" })).toBe(200);
    expect(await mine("POST", "/api/user/update-action", { skill: "mining", location: "garden" })).toBe(200);
    for (const size of SIZES) {
      for (const { page } of [alice, bob]) await page.setViewportSize(size);
      await expect
        .poll(async () => (await faces(alice.page)).map((f) => [f.label, f.status]))
        .toEqual([
          ["Alice (you): Gathering, Mining · Garden", "gathering"],
          ["Bob: Resting", "resting"],
        ]);
      await expect
        .poll(async () => (await faces(bob.page)).map((f) => [f.label, f.status]))
        .toEqual([
          ["Alice : En récolte, Minage · Jardin", "gathering"],
          ["Bob (vous) : Au repos", "resting"],
        ]);
      for (const { page } of [alice, bob]) await expectFacesClear(page);
      await expectTooltip(alice.page, 1, /^Bob: Resting$/);
      await expectTooltip(bob.page, 0, /^Alice : En récolte, Minage · Jardin$/);
      await shot(alice.page, `activity-${size.width}x${size.height}-en`);
      await shot(bob.page, `activity-${size.width}x${size.height}-fr`);
    }
    // the sidebar's Socials lists the room (a desktop's sidebar is on screen)
    await expect(alice.page.getByTestId("sidebar-members").locator("li")).toHaveText([
      /Alice \(you\)Gathering/,
      /BobResting/,
    ]);

    // picture-in-picture: the compact view keeps the faces, each in the ring of its status
    await alice.page.setViewportSize(SIZES[0]);
    await alice.page.evaluate(() =>
      (
        window as unknown as { pgDiscordMock: { emitEvent(e: string, d: unknown): void } }
      ).pgDiscordMock.emitEvent("ACTIVITY_LAYOUT_MODE_UPDATE", { layout_mode: 1 }),
    );
    const compact = alice.page.getByTestId("compact-face");
    await expect(compact).toHaveCount(2);
    await expect(compact.nth(0)).toHaveAttribute("data-status", "gathering");
    await expect(compact.nth(1)).toHaveAttribute("title", "Bob: Resting");
    await shot(alice.page, "activity-pip-en");
  } finally {
    await alice.context.close();
    await bob.context.close();
  }
});

/* ---------------- the website ---------------- */

/** A guest who keeps the default name, mining at the garden, the tutorial skipped. */
async function newGuest(browser: Browser, language: "en" | "fr"): Promise<Player> {
  const context = await newContext(browser, language);
  const page = await context.newPage();
  await page.goto(server.url);
  await expect(page.getByTestId("guest-badge")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("tutorial")).toBeVisible();
  expect(
    await calls(page, [
      ["PATCH", "/api/user/tutorial", { action: "skip" }],
      ["POST", "/api/lab/buy", { nodeId: "south:mining:unlock" }],
      ["POST", "/api/user/update-action", { skill: "mining", location: "garden" }],
    ]),
  ).toEqual([200, 200, 200]);
  await page.evaluate(() => window.dispatchEvent(new Event("tutorial:refresh")));
  await expect(page.getByTestId("tutorial")).toBeHidden();
  return { context, page };
}

test("on the website, two guests of the default name are told apart, and one picks a name from the prompt", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const ann = await newGuest(browser, "en");
  const ben = await newGuest(browser, "fr");
  try {
    // four hours of mining on the test clock pay the Multiplayer node's 100 RP
    expect(
      (
        await ann.page.request.post(`${server.url}/api/test/clock`, { data: { advanceMs: 4 * 3600_000 } })
      ).ok(),
    ).toBe(true);
    for (const { page } of [ann, ben]) {
      await expect
        .poll(
          async () => (await calls(page, [["POST", "/api/lab/buy", { nodeId: "west:meta:multiplayer" }]]))[0],
          {
            timeout: 30_000,
          },
        )
        .toBe(200);
    }
    // no name prompt outside a room
    await expect(ann.page.getByTestId("name-prompt")).toHaveCount(0);
    const annSocial = await social(ann.page, "group");
    await annSocial.getByTestId("room-id-input").fill("sprouts");
    await annSocial.getByTestId("room-create").click();
    await expect(annSocial.getByTestId("room-current")).toContainText("sprouts");
    await closeSocial(ann.page);
    const benSocial = await social(ben.page, "group");
    await benSocial.getByTestId("room-id-input").fill("sprouts");
    await benSocial.getByTestId("room-join").click();
    await expect(benSocial.getByTestId("room-current")).toContainText("sprouts");
    await closeSocial(ben.page);

    // Ann hears that someone joined, without losing her place
    await expect(ann.page.getByTestId("toasts")).toContainText(/Guest Sprout #[0-9a-f]{4} joined the group/);

    for (const size of SIZES) {
      for (const { page } of [ann, ben]) await page.setViewportSize(size);
      const annSees = await faces(ann.page);
      const benSees = await faces(ben.page);
      expect(annSees.map((f) => f.label)).toEqual([
        expect.stringMatching(/^Guest Sprout #[0-9a-f]{4} \(you\): Gathering, Mining · Garden$/),
        expect.stringMatching(/^Guest Sprout #[0-9a-f]{4}: Gathering, Mining · Garden$/),
      ]);
      expect(benSees.map((f) => f.label)).toEqual([
        expect.stringMatching(/^Pousse invitée #[0-9a-f]{4} : En récolte, Minage · Jardin$/),
        expect.stringMatching(/^Pousse invitée #[0-9a-f]{4} \(vous\) : En récolte, Minage · Jardin$/),
      ]);
      // told apart: two tags, two faces
      const tags = annSees.map((f) => f.label.match(/#[0-9a-f]{4}/)?.[0]);
      expect(new Set(tags).size).toBe(2);
      expect(benSees.map((f) => f.label.match(/#[0-9a-f]{4}/)?.[0])).toEqual(tags);
      expect(new Set(annSees.map((f) => f.face)).size).toBe(2);
      for (const { page } of [ann, ben]) await expectFacesClear(page);
      await expectTooltip(ann.page, 1, /^Guest Sprout #[0-9a-f]{4}: Gathering, Mining · Garden$/);
      // each guest is invited to pick a name, above the page
      for (const { page } of [ann, ben]) await expect(page.getByTestId("name-prompt")).toBeVisible();
      await shot(ann.page, `website-${size.width}x${size.height}-en`);
      await shot(ben.page, `website-${size.width}x${size.height}-fr`);
    }
    await expect(ann.page.getByTestId("sidebar-members").locator("li")).toHaveCount(2);

    // Ben says "not now": the prompt goes and stays gone after a reload; Ann picks a name, Ben sees it
    await ben.page.getByTestId("name-prompt-later").click();
    await expect(ben.page.getByTestId("name-prompt")).toHaveCount(0);
    await ann.page.getByTestId("name-prompt-input").fill("Annabelle");
    await ann.page.getByTestId("name-prompt-save").click();
    await expect(ann.page.getByTestId("name-prompt")).toHaveCount(0);
    await expect
      .poll(async () => (await faces(ben.page)).map((f) => f.label))
      .toEqual([
        "Annabelle : En récolte, Minage · Jardin",
        expect.stringMatching(/^Pousse invitée \(vous\) : En récolte, Minage · Jardin$/),
      ]);
    // the reload comes after the clock's jump: the welcome-back summary is read and closed if it shows
    await ben.page.addLocatorHandler(ben.page.getByTestId("offline-modal"), async () => {
      await ben.page.getByTestId("offline-continue").click();
    });
    await ben.page.reload();
    await expect(ben.page.getByTestId("party-strip")).toBeVisible({ timeout: 30_000 });
    await expect(ben.page.getByTestId("name-prompt")).toHaveCount(0);
    await shot(ben.page, "website-named-fr");
  } finally {
    await ann.context.close();
    await ben.context.close();
  }
});
