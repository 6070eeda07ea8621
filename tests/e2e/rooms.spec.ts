import { type Browser, expect, type Page, test } from "@playwright/test";
import { calls } from "../support/apiCalls.ts";
import {
  closeSocial,
  expectBadgeBesideFaces,
  expectBadgeInFull,
  expectBadgeShortened,
  expectSharedNode,
  social,
} from "../support/roomPages.ts";
import { serverPerFile } from "./serverPerFile.ts";

/**
 * Two friends play together through the real server on loopback with the test clock: Alice in English on
 * a desktop, Bob in French on a 390 px phone. Each mines at the garden until the test clock has paid the
 * Multiplayer node's RP, buys it in the lab, then Alice creates a room that Bob finds in the rooms list and
 * joins; both see each other in the group list, hit the same node at the garden and chat in the party
 * tab. Then the screens swap sizes, for the phone in English and the desktop in French. The top bar's room
 * badge shows the id and the player count in full on a 1440 px desktop and on a phone; at 1280 px, beside
 * the party's faces, the count whole and the id in its tooltip; a long id ends in an ellipsis and the
 * count stays. Last, both fight at the aphid nest and see each other's aphid
 * in the group list and on the fight's page. Screenshots of every step.
 */

test.use({ actionTimeout: 15_000 });

// a disconnected member leaves its room after one second instead of thirty
const server = serverPerFile({ ROOM_GRACE_MS: "1000" });
const ROOM = "pickle-party";
// the longest id the room panel takes is 64 characters
const LONG_ROOM = "the-great-pickle-garden-party-of-the-whole-neighbourhood-2026";
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const SMALL_DESKTOP = { width: 1280, height: 800 };

async function snap(page: Page, name: string): Promise<void> {
  // a drawer still sliding after a change of size is shown where it ends
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), animations: "disabled" });
}

async function advanceClock(page: Page, ms: number): Promise<void> {
  const res = await page.request.post(`${server.url}/api/test/clock`, { data: { advanceMs: ms } });
  expect(res.ok()).toBe(true);
}

async function rp(page: Page): Promise<number> {
  const res = await page.request.get(`${server.url}/api/user/get-user`);
  const { user } = (await res.json()) as { user: { lab: { rp: number } } };
  return user.lab.rp;
}

/** A guest named `name`, the tutorial skipped, mining at the garden (the first unlock is free). */
async function newPlayer(browser: Browser, name: string, lang: "en" | "fr", viewport: typeof DESKTOP) {
  const context = await browser.newContext({ viewport });
  await context.addInitScript({ content: `localStorage.setItem("pg.language", "${lang}");` });
  // the page's WebSockets, so a test can cut them as a network failure would
  await context.addInitScript({
    content: `(() => {
      const sockets = [];
      const Native = window.WebSocket;
      window.WebSocket = class extends Native {
        constructor(...args) { super(...args); sockets.push(this); }
      };
      window.__cutSockets = () => { for (const s of sockets) s.close(); };
    })();`,
  });
  const page = await context.newPage();
  await page.goto(server.url);
  await expect(page.getByTestId("guest-badge")).toBeVisible({ timeout: 30_000 });
  // the tour opens itself for a new player: skipped before that lands, it would open again on its finale
  await expect(page.getByTestId("tutorial")).toBeVisible();
  const statuses = await calls(page, [
    ["PATCH", "/api/user/tutorial", { action: "skip" }],
    ["PATCH", "/api/user/username", { username: name }],
    ["POST", "/api/lab/buy", { nodeId: "south:mining:unlock" }],
    ["POST", "/api/user/update-action", { skill: "mining", location: "garden" }],
  ]);
  expect(statuses).toEqual([200, 200, 200, 200]);
  // no reload (it would count as an absence and open the offline summary): the server pushes the new
  // player over the socket, the tutorial refetches on its window event
  await page.evaluate(() => window.dispatchEvent(new Event("tutorial:refresh")));
  await expect(page.getByTestId("activity-card")).toContainText(lang === "fr" ? "Minage" : "Mining", {
    timeout: 30_000,
  });
  await expect(page.getByTestId("tutorial")).toBeHidden();
  return { context, page };
}

/** Follows a sidebar link without reloading (a reload after the clock's jump would show the offline summary). */
async function navTo(page: Page, href: string): Promise<void> {
  const menu = page.locator(".pg-topbar__menu");
  if (await menu.isVisible()) await menu.click();
  await page.locator(`#pg-sidebar a[href="${href}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
}

/** The page of the current activity, through the top bar's activity card. */
async function goGather(page: Page): Promise<void> {
  await page.getByTestId("activity-card").click();
  await expect(page).toHaveURL(/\/skills\/mining\/garden$/);
}

/** Stop at the garden, start at the path (Stone, 80 HP: several hits from a level-20 miner). */
async function goPath(page: Page): Promise<void> {
  await page.locator(".pg-crumbs a").click();
  await page.getByTestId("location-path").click();
  await page.getByTestId("gather-toggle").click();
  await expect(page.getByTestId("gather-node")).toBeVisible();
}

test("two friends buy multiplayer, join one room, share the garden's node, chat and see each other", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const alice = await newPlayer(browser, "Alice", "en", DESKTOP);
  const bob = await newPlayer(browser, "Bob", "fr", PHONE);
  try {
    await playTogether(alice.page, bob.page);
  } finally {
    await alice.context.close();
    await bob.context.close();
  }
});

async function playTogether(a: Page, b: Page): Promise<void> {
  // before the lab: the room panel says what is missing and where to get it
  const aPanel = await social(a, "group");
  await expect(aPanel.getByTestId("room-locked")).toContainText("Multiplayer node of the lab (100 RP)");
  await expect(aPanel.getByTestId("chat-box")).toBeVisible();
  await snap(a, "01-desktop-en-locked");
  const bPanel = await social(b, "group");
  await expect(bPanel.getByTestId("room-locked")).toContainText("nœud Multijoueur du labo (100 PR)");
  await snap(b, "02-phone-fr-locked");
  await closeSocial(b);

  // four hours of mining on the test clock pay the node's 100 RP
  await advanceClock(a, 4 * 3600_000);
  await expect.poll(() => rp(a), { timeout: 30_000 }).toBeGreaterThanOrEqual(100);
  await expect.poll(() => rp(b), { timeout: 30_000 }).toBeGreaterThanOrEqual(100);
  for (const page of [a, b]) {
    await navTo(page, "/lab");
    await page.getByTestId("lab-node-west:meta:multiplayer").click();
    await page.getByTestId("lab-buy").click();
    await expect(page.getByTestId("lab-success")).toBeVisible();
  }

  // Alice creates the room
  await goGather(a);
  const aSocial = await social(a, "group");
  await aSocial.getByTestId("room-id-input").fill(ROOM);
  await aSocial.getByTestId("room-create").click();
  await expect(aSocial.getByTestId("room-current")).toContainText(ROOM);
  await expect(a.getByTestId("room-badge")).toContainText(ROOM);
  await expect(aSocial.getByTestId("group-member")).toHaveCount(1);

  // Bob finds it in the rooms list and joins
  await goGather(b);
  const bSocial = await social(b, "group");
  await bSocial.getByTestId("rooms-refresh").click();
  await bSocial.getByTestId(`room-join-${ROOM}`).click();
  await expect(bSocial.getByTestId("room-current")).toContainText(ROOM);
  for (const panel of [aSocial, bSocial]) {
    await expect(panel.getByTestId("group-member")).toHaveCount(2);
    await expect(panel.getByTestId("member-name")).toHaveText(["Alice", "Bob"], { ignoreCase: false });
    await expect(panel.getByTestId("member-health").first()).toHaveAttribute("aria-valuenow", /\d+/);
  }
  await expect(bSocial.getByTestId("member-activity").first()).toContainText("Minage · Jardin");
  await expect(a.getByTestId("room-badge")).toContainText("2 players");
  await expect(b.getByTestId("room-badge")).toContainText("2 joueurs");
  await expectBadgeInFull(a, ROOM);
  await expectBadgeInFull(b, ROOM);
  await snap(a, "03-desktop-en-group");
  await snap(b, "04-phone-fr-group");

  // party chat both ways, with the unread count on the tab that was not open
  await aSocial.getByTestId("chat-tab-party").click();
  await aSocial.getByTestId("chat-input").fill("Hello Bob, the garden is ours!");
  await expect(aSocial.getByTestId("chat-count")).toHaveText("30 / 300");
  await aSocial.getByTestId("chat-send").click();
  await expect(aSocial.getByTestId("chat-lines-party")).toContainText("Alice Hello Bob, the garden is ours!");
  // the server's notice of Bob's arrival, written in Alice's language
  await expect(aSocial.getByTestId("chat-lines-party")).toContainText("joined the group");
  await closeSocial(b);
  await expect(b.getByTestId("social-unread")).toHaveText("1");
  const bChat = await social(b, "chat");
  await expect(bChat.getByTestId("chat-unread-party")).toContainText("1");
  await bChat.getByTestId("chat-tab-party").click();
  await expect(bChat.getByTestId("chat-lines-party")).toContainText("Hello Bob, the garden is ours!");
  await expect(bChat.getByTestId("chat-unread-party")).toHaveCount(0);
  await bChat.getByTestId("chat-input").fill("Salut Alice !");
  await bChat.getByTestId("chat-send").click();
  await expect(aSocial.getByTestId("chat-lines-party")).toContainText("Bob Salut Alice !");
  await snap(a, "05-desktop-en-chat");
  await snap(b, "06-phone-fr-chat");
  await closeSocial(b);

  // a smaller desktop beside the party's faces: the count whole, the room's name in the tooltip
  await a.setViewportSize(SMALL_DESKTOP);
  await expectBadgeBesideFaces(a, ROOM);
  await snap(a, "07-desktop-1280-en-badge");

  // the other sizes: Alice on a phone in English, Bob on a desktop in French
  await a.setViewportSize(PHONE);
  await b.setViewportSize(DESKTOP);
  await expectBadgeInFull(b, ROOM);
  await b.setViewportSize(SMALL_DESKTOP);
  await expectBadgeBesideFaces(b, ROOM);
  await snap(b, "08-desktop-1280-fr-badge");
  await b.setViewportSize(DESKTOP);
  await social(a, "group");
  await expect(a.getByTestId("group-member")).toHaveCount(2);
  await snap(a, "09-phone-en-group");
  await social(a, "chat");
  await snap(a, "10-phone-en-chat");
  await closeSocial(a);
  await expect(b.getByTestId("social-open")).toBeHidden();
  await expect(b.getByTestId("group-member")).toHaveCount(2);
  await snap(b, "11-desktop-fr-group-chat");

  // leaving clears the room on both sides; Bob comes back by typing its id
  await b.getByTestId("room-leave").click();
  await expect(b.getByTestId("room-badge")).toBeHidden();
  await expect(b.getByTestId("rooms-list")).toContainText(ROOM);
  const aGroup = await social(a, "group");
  await expect(aGroup.getByTestId("group-member")).toHaveCount(1);
  await expect(a.getByTestId("room-badge")).toContainText("1 player");
  await snap(b, "12-desktop-fr-left");
  await b.getByTestId("room-id-input").fill(ROOM);
  await b.getByTestId("room-join").click();
  await expect(aGroup.getByTestId("group-member")).toHaveCount(2);
  await expect(b.getByTestId("group-member")).toHaveCount(2);
  // the party's history is replayed on joining, with the server's notices
  await expect(b.getByTestId("chat-lines-party")).toContainText("Hello Bob, the garden is ours!");
  await expect(b.getByTestId("chat-lines-party")).toContainText("a rejoint le groupe");
  await closeSocial(a);

  // one node at the path: both pages show the same HP whenever it is between full and broken, lowered by
  // both players' hits (two members each at their own node would almost never agree)
  await goPath(a);
  await goPath(b);
  await expectSharedNode(a, b);
  await snap(a, "13-phone-en-shared-node");
  await snap(b, "14-desktop-fr-shared-node");

  // Bob's connection drops: the panel says so; after the grace period the server takes him out of the
  // room; as soon as the connection is back his client joins it again by itself
  await b.context().setOffline(true);
  await b.evaluate(() => (window as unknown as { __cutSockets: () => void }).__cutSockets());
  await expect(b.getByTestId("socket-offline")).toContainText("socket has been disconnected");
  await expect(b.getByTestId("chat-input")).toBeDisabled();
  await snap(b, "15-desktop-fr-disconnected");
  const aAfter = await social(a, "group");
  await expect(aAfter.getByTestId("group-member")).toHaveCount(1, { timeout: 20_000 });
  await b.context().setOffline(false);
  await expect(b.getByTestId("socket-offline")).toBeHidden({ timeout: 20_000 });
  await expect(aAfter.getByTestId("group-member")).toHaveCount(2, { timeout: 20_000 });
  await expect(b.getByTestId("group-member")).toHaveCount(2);
  await expect(b.getByTestId("room-badge")).toContainText("pickle-party");
  await snap(b, "16-desktop-fr-rejoined");

  // a room with the longest id: on phones it ends in an ellipsis, the count stays, the tooltip has it all
  const aRoom = await social(a, "group");
  await aRoom.getByTestId("room-leave").click();
  await aRoom.getByTestId("room-id-input").fill(LONG_ROOM);
  await aRoom.getByTestId("room-create").click();
  await expect(aRoom.getByTestId("room-current")).toContainText(LONG_ROOM);
  await closeSocial(a);
  await expect(a.getByTestId("room-badge")).toContainText("1 player");
  await expectBadgeShortened(a, LONG_ROOM);
  await snap(a, "17-phone-en-long-id");
  await b.getByTestId("room-leave").click();
  await b.getByTestId("room-id-input").fill(LONG_ROOM);
  await b.getByTestId("room-join").click();
  await expect(b.getByTestId("room-badge")).toContainText("2 joueurs");
  await b.setViewportSize(PHONE);
  await expectBadgeShortened(b, LONG_ROOM);
  await snap(b, "18-phone-fr-long-id");

  // both fight at the aphid nest: the group list shows each fighter's progress, the shared aphid's HP
  await b.setViewportSize(DESKTOP);
  for (const page of [a, b]) await fightAtTheAphidNest(page);
  await expect(b.getByTestId("member-monster")).toHaveText(["Puceron", "Puceron"], { timeout: 20_000 });
  await expect(b.getByTestId("member-progress").first()).toHaveAttribute(
    "aria-label",
    "Puceron, adversaire de Alice",
  );
  await snap(b, "19-desktop-fr-fighting");
  // the fight itself, through the top bar's activity card: the shared aphid, as the group list shows it
  await b.getByTestId("activity-card").click();
  await expect(b).toHaveURL(/\/skills\/combat\/aphid_nest$/);
  await expect(b.getByTestId("monster-hp").first()).toHaveAttribute("aria-valuenow", /\d+/);
  await snap(b, "19b-desktop-fr-fight-page");
  const aFight = await social(a, "group");
  await expect(aFight.getByTestId("member-monster")).toHaveText(["Aphid", "Aphid"], { timeout: 20_000 });
  await snap(a, "20-phone-en-fighting");
}

/** Melee unlocked (through smithing, both free once mining is) and a fight started at the aphid nest. */
async function fightAtTheAphidNest(page: Page): Promise<void> {
  const statuses = await calls(page, [
    ["POST", "/api/lab/buy", { nodeId: "south:smithing:unlock" }],
    ["POST", "/api/lab/buy", { nodeId: "south:melee:unlock" }],
    ["POST", "/api/user/update-action", { skill: "combat", location: "aphid_nest" }],
  ]);
  expect(statuses).toEqual([200, 200, 200]);
}
