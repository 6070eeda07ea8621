import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { asMockPlayer } from "../support/apiCalls.ts";
import { closeSocial, expectSharedNode, social } from "../support/roomPages.ts";
import { removeDataDir, startServer } from "../support/startServer.ts";
import { serverPerFile } from "./serverPerFile.ts";

/**
 * The Discord Activity in mock mode (/activity: the SDK's mock made strict, MOCK_DISCORD_AUTH=1): two players
 * of the mock's one instance in two browser contexts, the same code path as inside Discord, on desktop and
 * on a phone (390x844, `platform=mobile` as Discord's launch says). The strict mock refuses a command whose
 * scope authorize() did not ask for: each test ends with none refused.
 */

const shots = fileURLToPath(new URL("../test-results/activity/", import.meta.url));
mkdirSync(shots, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${shots}${name}.png` });

const ROOM = "discord:123456789012345678";
const server = serverPerFile({ MOCK_DISCORD_AUTH: "1" });

interface Player {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

async function launch(
  browser: Browser,
  query: string,
  options: { width?: number; height?: number; language?: "en" | "fr" } = {},
): Promise<Player> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
  });
  if (options.language) {
    await context.addInitScript(
      (language) => window.localStorage.setItem("pg.language", language),
      options.language,
    );
  }
  const asked = new URLSearchParams(query);
  const id = asked.get("user_id");
  const username = asked.get("username");
  // the tutorial's card would cover the page's corners: these players have done it
  if (id && username)
    expect(
      await (await asMockPlayer(server.url, id, username))("PATCH", "/api/user/tutorial", { action: "skip" }),
    ).toBe(200);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(`${server.url}/activity?${query}`);
  return { context, page, errors };
}

/** Mining unlocked and started at the garden; the page follows through its socket. */
async function mineAtTheGarden(id: string, username: string): Promise<void> {
  const send = await asMockPlayer(server.url, id, username);
  expect([
    await send("POST", "/api/lab/buy", { nodeId: "south:mining:unlock" }),
    await send("POST", "/api/user/update-action", { skill: "mining", location: "garden" }),
  ]).toEqual([200, 200]);
}

type MockWindow = {
  pgDiscordMock: { refused: string[]; commands: object; _updateCommandMocks(c: object): void };
};

/** The SDK commands the strict mock refused for want of a scope (none when the activity asks for what it uses). */
const refusedCommands = (page: Page) =>
  page.evaluate(() => (window as unknown as MockWindow).pgDiscordMock.refused);

async function openRoster(page: Page) {
  const toggle = page.getByTestId("activity-party-toggle");
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  return page.getByTestId("activity-roster");
}

test("two players of one instance land in its room, see each other, chat and share a node", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const alice = await launch(browser, "user_id=710000000000000001&username=Alice");
  const bob = await launch(browser, "user_id=710000000000000002&username=Bob");
  try {
    for (const { page } of [alice, bob]) {
      // the game, as the Discord user: no guest badge, no sign-in screen
      await expect(page.getByRole("navigation", { name: "Game navigation" })).toBeVisible({
        timeout: 30_000,
      });
      // the instance's room, named as the voice channel's (its discord: id means nothing to a player)
      await expect(page.getByTestId("room-badge")).toHaveAttribute("data-room-id", ROOM, { timeout: 15_000 });
      await expect(page.getByTestId("room-badge")).toContainText("Voice channel room");
      await expect(page.getByTestId("guest-badge")).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Sign in with Discord" })).toHaveCount(0);
      // no sign-out either: leaving is closing the activity
      await page.getByTestId("user-menu-button").click();
      await expect(page.getByRole("link", { name: "Settings" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Log out" })).toHaveCount(0);
      await page.keyboard.press("Escape");
    }
    // both in the same instance room: each sees the other by name in the roster
    await expect(alice.page.getByTestId("room-badge")).toContainText("2", { timeout: 15_000 });
    const aliceRoster = await openRoster(alice.page);
    await expect(aliceRoster).toContainText("Alice");
    await expect(aliceRoster).toContainText("Bob");
    const bobRoster = await openRoster(bob.page);
    await expect(bobRoster).toContainText("Alice");
    await expect(bobRoster.locator('[data-player="710000000000000002"]')).toContainText("(you)");
    await expect(alice.page.getByRole("button", { name: "Invite friends to this activity" })).toBeVisible();
    await shot(alice.page, "01-alice-desktop-roster");
    await shot(bob.page, "02-bob-desktop-roster");
    for (const { page } of [alice, bob])
      await page.getByRole("button", { name: "Close the party list" }).click();

    // the room is the voice channel's: the panel says so and offers no other room to join, none to leave
    const aliceRoom = await social(alice.page, "group");
    await expect(aliceRoom.getByTestId("room-instance")).toHaveText(
      "You play in your voice channel's room: everyone in the voice channel who opens the activity is here with you.",
    );
    await expect(aliceRoom.getByTestId("group-member")).toHaveCount(2);
    for (const control of ["room-leave", "room-create", "room-join", "room-id-input", "rooms-refresh"])
      await expect(aliceRoom.getByTestId(control)).toHaveCount(0);
    await shot(alice.page, "01b-alice-instance-room");
    await closeSocial(alice.page);

    // party chat in the instance's room, both ways
    const aliceSocial = await social(alice.page, "chat");
    await aliceSocial.getByTestId("chat-tab-party").click();
    await aliceSocial.getByTestId("chat-input").fill("Hello Bob, pickles at the garden?");
    await aliceSocial.getByTestId("chat-send").click();
    const bobSocial = await social(bob.page, "chat");
    await bobSocial.getByTestId("chat-tab-party").click();
    await expect(bobSocial.getByTestId("chat-lines-party")).toContainText(
      "Hello Bob, pickles at the garden?",
    );
    await bobSocial.getByTestId("chat-input").fill("On my way!");
    await bobSocial.getByTestId("chat-send").click();
    await expect(aliceSocial.getByTestId("chat-lines-party")).toContainText("On my way!");
    await shot(bob.page, "02b-bob-party-chat");
    for (const { page } of [alice, bob]) await closeSocial(page);

    // both mine at the garden: one shared node, the same HP on both pages, lowered by both players' hits
    await mineAtTheGarden("710000000000000001", "Alice");
    await mineAtTheGarden("710000000000000002", "Bob");
    for (const { page } of [alice, bob]) {
      await expect(page.getByTestId("activity-card")).toContainText("Garden", { timeout: 15_000 });
      await page.getByTestId("activity-card").click();
      await expect(page.getByTestId("gather-node")).toBeVisible();
    }
    await expectSharedNode(alice.page, bob.page);
    await shot(alice.page, "02c-alice-shared-node");
    await expect((await openRoster(bob.page)).locator('[data-player="710000000000000001"]')).toContainText(
      "Mining · Garden",
    );

    // picture-in-picture: the compact view (current activity, the party's faces); focused again: the app
    await alice.page.evaluate(() =>
      (
        window as unknown as { pgDiscordMock: { emitEvent(e: string, d: unknown): void } }
      ).pgDiscordMock.emitEvent("ACTIVITY_LAYOUT_MODE_UPDATE", { layout_mode: 1 }),
    );
    const compact = alice.page.getByTestId("activity-compact");
    await expect(compact).toBeVisible();
    await expect(compact.getByTestId("activity-card")).toContainText("Mining · Garden");
    await expect(compact.getByRole("list", { name: "Party" }).getByRole("listitem")).toHaveCount(2);
    await expect(alice.page.getByRole("navigation", { name: "Game navigation" })).toBeHidden();
    await alice.page.setViewportSize({ width: 400, height: 225 });
    await shot(alice.page, "03-alice-pip");
    await alice.page.evaluate(() =>
      (
        window as unknown as { pgDiscordMock: { emitEvent(e: string, d: unknown): void } }
      ).pgDiscordMock.emitEvent("ACTIVITY_LAYOUT_MODE_UPDATE", { layout_mode: 0 }),
    );
    await alice.page.setViewportSize({ width: 1280, height: 800 });
    await expect(alice.page.getByRole("navigation", { name: "Game navigation" })).toBeVisible();
    await expect(compact).toHaveCount(0);

    expect(alice.errors).toEqual([]);
    expect(bob.errors).toEqual([]);
    for (const { page } of [alice, bob]) expect(await refusedCommands(page)).toEqual([]);
  } finally {
    await alice.context.close();
    await bob.context.close();
  }
});

test("a phone in French: the activity in portrait with the party list", async ({ browser }) => {
  const carla = await launch(browser, "user_id=710000000000000003&username=Carla&platform=mobile", {
    width: 390,
    height: 844,
    language: "fr",
  });
  try {
    const { page } = carla;
    await expect(page.getByTestId("room-badge")).toBeVisible({ timeout: 30_000 });
    const roster = await openRoster(page);
    await expect(roster).toContainText("Carla (vous)");
    await expect(page.getByRole("button", { name: "Inviter des amis dans cette activité" })).toBeVisible();
    await shot(page, "04-carla-phone-fr");
    await page.getByRole("button", { name: "Fermer la liste du groupe" }).click();
    const room = await social(page, "group");
    await expect(room.getByTestId("room-instance")).toHaveText(
      "Ce salon suit votre salon vocal : toute personne du salon vocal qui ouvre l'activité y joue avec vous.",
    );
    await expect(room.getByTestId("group-list")).toContainText("Carla (vous)");
    for (const control of ["room-leave", "room-create", "room-join", "room-id-input", "rooms-refresh"])
      await expect(room.getByTestId(control)).toHaveCount(0);
    await shot(page, "04b-carla-phone-fr-instance-room");
    await closeSocial(page);

    // Discord's invite dialog refuses (no permission to invite here): the button gives way to a line
    await page.evaluate(() => {
      const sdk = (window as unknown as MockWindow).pgDiscordMock;
      sdk._updateCommandMocks({
        ...sdk.commands,
        openInviteDialog: () => Promise.reject({ code: 4006, message: "Invalid permissions" }),
      });
    });
    await openRoster(page);
    await page.getByRole("button", { name: "Inviter des amis dans cette activité" }).click();
    await expect(page.getByTestId("activity-invite-note")).toHaveText(
      "Discord n'autorise pas les invitations depuis ici.",
    );
    await expect(page.getByRole("button", { name: "Inviter des amis dans cette activité" })).toHaveCount(0);
    await shot(page, "04c-carla-phone-fr-invite-refused");
    expect(await refusedCommands(page)).toEqual([]);
    expect(carla.errors).toEqual([]);
  } finally {
    await carla.context.close();
  }
});

test("a session that ends while the activity is open (a week asleep) signs in again, and the game goes on", async ({
  browser,
}) => {
  const eve = await launch(browser, "user_id=710000000000000006&username=Eve");
  try {
    const { page } = eve;
    await expect(page.getByTestId("room-badge")).toHaveAttribute("data-room-id", ROOM, { timeout: 30_000 });
    const exchanges: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname === "/api/token") exchanges.push(r.url());
    });
    // the server's clock past the session's 7 days: it closes the socket, and every call is refused (401)
    const jump = await page.request.post(`${server.url}/api/test/clock`, {
      data: { advanceMs: 8 * 24 * 3600_000 },
    });
    expect(jump.status()).toBe(200);
    // the activity authorizes and exchanges again, reopens its socket and follows the game as before
    await expect.poll(() => exchanges.length, { timeout: 30_000 }).toBe(1);
    await mineAtTheGarden("710000000000000006", "Eve");
    await expect(page.getByTestId("activity-card")).toContainText("Garden", { timeout: 30_000 });
    await expect(page.getByRole("navigation", { name: "Game navigation" })).toBeVisible();
    await expect(page.getByTestId("activity-failed")).toHaveCount(0);
    await expect(page.getByTestId("room-badge")).toHaveAttribute("data-room-id", ROOM);
    expect(exchanges).toHaveLength(1);
    expect(await refusedCommands(page)).toEqual([]);
    expect(eve.errors).toEqual([]);
  } finally {
    await eve.context.close();
  }
});

test("a random mock player is kept per tab: a reload is the same player", async ({ browser }) => {
  const dana = await launch(browser, "");
  try {
    const { page } = dana;
    await expect(page.getByTestId("room-badge")).toBeVisible({ timeout: 30_000 });
    const first = await page.evaluate(() => window.sessionStorage.getItem("pg.activity.mockUser"));
    expect(first).toMatch(/"username":"Sprout \d{4}"/);
    await page.reload();
    await expect(page.getByTestId("room-badge")).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => window.sessionStorage.getItem("pg.activity.mockUser"))).toBe(first);
    expect(dana.errors).toEqual([]);
  } finally {
    await dana.context.close();
  }
});

test("a failure gets a clear screen with a retry, never a blank frame", async ({ browser }) => {
  // a server without the mock sign-in: the token exchange is refused
  const plain = await startServer();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`${plain.url}/activity?user_id=710000000000000004&username=Eve`);
    const failed = page.getByTestId("activity-failed");
    await expect(failed).toBeVisible({ timeout: 30_000 });
    await expect(failed).toHaveAttribute("data-reason", "notConfigured");
    await expect(failed.getByRole("alert")).toHaveText("Discord sign-in is not set up on this server yet.");
    // the reason's code, never the server's own text
    await expect(failed.locator(".pga-screen__detail")).toHaveText("Code: notConfigured");
    await shot(page, "05-failure-not-configured");
    await failed.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByTestId("activity-failed")).toBeVisible({ timeout: 30_000 });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    await plain.stop();
    removeDataDir(plain.dataDir);
  }
});

test("the website stays at / and Discord's launch URL gets the activity", async ({ request }) => {
  const site = await (await request.get(`${server.url}/`)).text();
  const launched = await (
    await request.get(`${server.url}/?frame_id=abc&instance_id=i-1&platform=desktop`)
  ).text();
  const mock = await (await request.get(`${server.url}/activity`)).text();
  expect(site).toMatch(/assets\/index-[\w-]+\.js/);
  expect(site).not.toMatch(/assets\/activity-/);
  for (const page of [launched, mock]) expect(page).toMatch(/assets\/activity-[\w-]+\.js/);
  // nothing is fetched from outside our origin
  for (const page of [site, launched, mock]) expect(page).not.toMatch(/(src|href)="https?:/);
});
