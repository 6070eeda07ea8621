import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { mockAuthCode } from "@pickle-garden/shared";
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { closeSocial, social } from "../support/roomPages.ts";
import { findUnderSocial } from "../support/underSocial.ts";
import { serverPerFile } from "./serverPerFile.ts";

/**
 * Nothing covers anything (issue 22): two players in one room, on the website (two guests who bought
 * Multiplayer and share a room) and in the Discord Activity (two players of the SDK mock's instance),
 * Alice in English and Bob in French, at 1,024 × 640 (the Activity's usual frame), 390 × 844 (a phone) and
 * 1,366 × 800, with the tutorial's card open. On every main page: no horizontal overflow, and the centre of
 * every visible button, tab, link and input, scrolled just into view as a player or the keyboard's focus
 * would, is that element (not the Group and chat button, not the tutorial card, not the activity's party
 * button, nothing laid over it); the Group and chat button is the next stop of the keyboard after the page,
 * with its focus ring. With the group panel open, it and
 * the tutorial card do not overlap, and the party quest's goal is whole. Nothing lies over words either: a
 * place's "here" badge over its name, the room's members under the Group and chat button on a short window,
 * and, as each page opens (nothing scrolled), the tutorial card over none of the page's controls and words
 * (issue 29: it covered Home's "Go there", the Inventory and the Picklelogy page's description). Nothing
 * lies under the Group and chat button or the activity's party button, as each page opens and scrolled to
 * its bottom (issue 29: on a phone they covered "Warrior", Home's second "Go there" and a quest's Claim
 * until one scrolled; there they sit in the dock, which the page ends above). A screenshot of each page
 * (the Picklelogy page among them) at each size.
 */

test.use({ actionTimeout: 15_000 });

const server = serverPerFile({ MOCK_DISCORD_AUTH: "1" });
const shots =
  process.env.SHOTS_DIR ?? fileURLToPath(new URL("../test-results/nothing-covered/", import.meta.url));
mkdirSync(shots, { recursive: true });

const SIZES = [
  { name: "1024x640", width: 1024, height: 640 },
  { name: "390x844", width: 390, height: 844 },
  { name: "1366x800", width: 1366, height: 800 },
] as const;
const INSTANCE = "123456789012345678";
const NARROWEST = { width: 320, height: 640 };

/** The main pages, reached through the sidebar (and a page's own links), never by a reload. */
const PAGES: { name: string; path: string; via?: string; ready: string }[] = [
  { name: "home", path: "/", ready: "[data-testid=home-page]" },
  { name: "picklelogy", path: "/skills/picklelogy", ready: "[data-testid=picklelogy]" },
  { name: "mining", path: "/skills/mining", ready: "[data-testid=locations]" },
  {
    name: "garden",
    path: "/skills/mining/garden",
    via: "/skills/mining",
    ready: "main h1",
  },
  { name: "smithing", path: "/skills/smithing", ready: "[data-testid=skill-page-smithing]" },
  { name: "combat", path: "/skills/combat", ready: "[data-testid=locations]" },
  {
    name: "aphid-nest",
    path: "/skills/combat/aphid_nest",
    via: "/skills/combat",
    ready: "[data-testid=monsters]",
  },
  { name: "inventory", path: "/inventory", ready: "[data-testid=equipment]" },
  { name: "lab", path: "/lab", ready: "[data-testid=lab-tree]" },
  { name: "quests", path: "/quests", ready: "[data-testid=quest]" },
  { name: "settings", path: "/settings", ready: "[data-testid=settings-page]" },
];

type Call = (method: string, path: string, body?: unknown) => Promise<number>;

/** Calls from a page with its own session (a guest's cookie). */
function pageCalls(page: Page): Call {
  return (method, path, body) =>
    page.evaluate(
      async ([m, p, b]) =>
        (
          await fetch(p, {
            method: m,
            headers: { "content-type": "application/json" },
            body: b === undefined ? undefined : JSON.stringify(b),
          })
        ).status,
      [method, path, body] as const,
    );
}

/** Calls as a player of the SDK mock, with a session of the test's own (the activity's token exchange). */
async function mockCalls(id: string, username: string): Promise<Call & { rp(): Promise<number> }> {
  const signIn = await fetch(`${server.url}/api/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ code: mockAuthCode({ id, username }), instanceId: INSTANCE }),
  });
  const { sessionToken } = (await signIn.json()) as { sessionToken: string };
  const send = (method: string, path: string, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { "content-type": "application/json", authorization: `Bearer ${sessionToken}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return Object.assign(
    async (method: string, path: string, body?: unknown) => (await send(method, path, body)).status,
    {
      rp: async () =>
        ((await (await send("GET", "/api/user/get-user")).json()) as { user: { lab: { rp: number } } }).user
          .lab.rp,
    },
  );
}

/** Eight hours on the test clock: mining at the garden pays for the lab's nodes (350 RP). */
async function eightHoursLater(): Promise<void> {
  const res = await fetch(`${server.url}/api/test/clock`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ advanceMs: 8 * 3600_000 }),
  });
  expect(res.ok).toBe(true);
}

/** Mining at the garden from the start, the tour out of the way while the test plays. */
async function startMining(call: Call, name?: string): Promise<void> {
  const statuses = [
    await call("PATCH", "/api/user/tutorial", { action: "skip" }),
    ...(name ? [await call("PATCH", "/api/user/username", { username: name })] : []),
    await call("POST", "/api/lab/buy", { nodeId: "south:mining:unlock" }),
    await call("POST", "/api/user/update-action", { skill: "mining", location: "garden" }),
  ];
  expect(
    statuses.every((s) => s === 200),
    String(statuses),
  ).toBe(true);
}

/**
 * Once the clock has paid for them: rooms, crafting, melee, quests; then a fight at the aphid nest (its log
 * fills) and the tour's card open at its fifth step, as a newcomer sees it.
 */
async function unlockAndFight(call: Call): Promise<void> {
  const statuses: number[] = [];
  for (const nodeId of [
    "west:meta:multiplayer",
    "south:smithing:unlock",
    "south:melee:unlock",
    "east:utility:gold-pouch",
    "east:utility:quest",
  ])
    statuses.push(await call("POST", "/api/lab/buy", { nodeId }));
  statuses.push(await call("POST", "/api/user/update-action", { skill: "combat", location: "aphid_nest" }));
  statuses.push(
    await call("PATCH", "/api/user/tutorial", {
      action: "jump",
      currentStep: "first-location",
      done: ["go-picklelogy", "lab-choose-path", "lab-buy-gather", "go-skill"],
      ui: { isOpen: true },
    }),
  );
  expect(statuses, "lab buys, the fight, the tour").toEqual([200, 200, 200, 200, 200, 200, 200]);
}

async function newContext(browser: Browser, lang: "en" | "fr"): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: SIZES[0], reducedMotion: "reduce" });
  await context.addInitScript((l) => window.localStorage.setItem("pg.language", l), lang);
  return context;
}

/** A page whose welcome-back summary is read and closed whenever it is in the way. */
async function openPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.addLocatorHandler(page.getByTestId("offline-modal"), async () => {
    await page.getByTestId("offline-continue").click();
  });
  return page;
}

/** Follows the sidebar's link (through the phone's menu) or the user menu's, then the page's own link. */
async function visit(page: Page, to: (typeof PAGES)[number]): Promise<void> {
  const place = to.via ? page.getByTestId(`location-${to.path.split("/").at(-1)}`) : null;
  // the place's link is on the page already shown (the menu does not close on a link to that page)
  if (!place || !(await place.isVisible())) {
    const first = to.via ?? to.path;
    if (first === "/settings") {
      await page.getByTestId("user-menu-button").click();
      await page.locator(`.pg-menu a[href="/settings"]`).click();
    } else {
      const menu = page.locator(".pg-topbar__menu");
      if (await menu.isVisible()) await menu.click();
      await page.locator(`#pg-sidebar a[href="${first}"]`).first().click();
    }
  }
  await place?.click();
  await expect(page.locator(to.ready).first()).toBeVisible({ timeout: 20_000 });
  // a phone's menu has slid away
  if (await page.locator(".pg-topbar__menu").isVisible())
    await expect(page.locator("#pg-sidebar")).toBeHidden();
  await expect(page.getByText(/^(Loading…|Chargement\.\.\.)$/)).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
}

/**
 * In the page: a horizontal overflow, and every visible button, tab, link and input whose centre, once
 * scrolled into view, is something else: what covers it. Elements of the floating button and of the
 * tutorial card are the coverers, not the covered. First, as the page opens (at its top, nothing
 * scrolled), the tutorial card lies over none of the page's controls and words (issue 29: it covered
 * Home's "Go there", the Inventory's cards and the Picklelogy page's description until one scrolled).
 */
function findCovered(page: Page): Promise<{ overflow: number; covered: string[] }> {
  return page.evaluate(() => {
    const name = (el: Element | null) => {
      if (!el) return "nothing";
      const id = el.getAttribute("data-testid") ?? el.id;
      const text = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 30);
      return `${el.tagName.toLowerCase()}${id ? `#${id}` : ""}${el.className && typeof el.className === "string" ? `.${el.className.split(" ")[0]}` : ""} "${text}"`;
    };
    const layers = [...document.querySelectorAll("#pg-social-button, [data-testid=tutorial]")];
    const covered: string[] = [];
    window.scrollTo({ top: 0, behavior: "instant" });
    const card = document.querySelector<HTMLElement>("[data-testid=tutorial]");
    if (card?.checkVisibility()) {
      const c = card.getBoundingClientRect();
      const under = document.querySelectorAll<HTMLElement>(
        "main h1, main h2, main h3, main p, main li, button, [role=tab], a[href], input, select, textarea",
      );
      for (const el of under) {
        if (card.contains(el) || el.contains(card) || layers.some((l) => l.contains(el))) continue;
        if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
        const r = el.getBoundingClientRect();
        if (r.width <= 2 || r.height <= 2) continue;
        if (r.left < c.right && c.left < r.right && r.top < c.bottom && c.top < r.bottom)
          covered.push(`${name(el)} under the tutorial card as the page opens`);
      }
    }
    const all = document.querySelectorAll<HTMLElement>(
      "button, [role=tab], a[href], input, select, textarea, [role=button]",
    );
    for (const el of all) {
      if (layers.some((l) => l.contains(el))) continue;
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const box = el.getBoundingClientRect();
      // visually hidden controls (1 px, their label is what is clicked)
      if (box.width <= 2 || box.height <= 2) continue;
      // as far as a player scrolls to it (or the keyboard's focus does): just into view
      el.scrollIntoView({ block: "nearest", inline: "nearest", behavior: "instant" });
      const r = el.getBoundingClientRect();
      const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
      // off screen until focused (the skip link)
      if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      const mine =
        hit &&
        (el === hit ||
          el.contains(hit) ||
          [...((el as HTMLInputElement).labels ?? [])].some((l) => l.contains(hit)));
      // a toast passes over the page for a few seconds (and closes on a click): not a covering
      if (!mine && !hit?.closest("[data-testid=toasts]")) covered.push(`${name(el)} under ${name(hit)}`);
    }
    window.scrollTo({ top: 0, behavior: "instant" });
    return {
      overflow: (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth,
      covered,
    };
  });
}

/**
 * What issue 29 found laid over words rather than controls: a place's "here" badge over its card's name or
 * level; on a short desktop window, the room's members out of sight under the Group and chat button (with
 * the sidebar at its top, as a page opens).
 */
function findOverWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const meet = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    for (const badge of document.querySelectorAll("[data-testid=location-here]")) {
      const card = badge.closest("[data-testid^=location-]");
      for (const words of card?.querySelectorAll(".pg-loc__name, .pg-muted") ?? [])
        if (meet(badge.getBoundingClientRect(), words.getBoundingClientRect()))
          found.push(`the badge over "${words.textContent}"`);
    }
    const sidebar = document.querySelector<HTMLElement>("#pg-sidebar");
    const members = document.querySelector("[data-testid=sidebar-members]");
    const fab = document.querySelector("#pg-social-button");
    if (sidebar && members && fab && window.innerWidth > 768) {
      const scrolled = sidebar.scrollTop;
      sidebar.scrollTop = 0;
      const last = members.lastElementChild?.getBoundingClientRect();
      // the activity's party button sits above the Group and chat button
      const party = document.querySelector("[data-testid=activity-party-toggle]");
      const under = Math.min(fab.getBoundingClientRect().top, party?.getBoundingClientRect().top ?? Infinity);
      if (last && last.bottom > Math.min(under, sidebar.getBoundingClientRect().bottom))
        found.push(`the room's members end at ${last.bottom} px, under the sidebar's buttons (${under} px)`);
      sidebar.scrollTop = scrolled;
    }
    return found;
  });
}

/**
 * The Group and chat button comes next after the page in the keyboard's order, shows a focus ring, is not
 * covered, and Enter opens the panel.
 */
async function openByKeyboard(page: Page): Promise<void> {
  const fab = page.getByTestId("social-open");
  await page.locator("main").evaluate((main) => {
    const all = [...main.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea")];
    for (const el of all.reverse()) {
      el.focus();
      if (document.activeElement === el) return;
    }
  });
  await page.keyboard.press("Tab");
  await expect(fab).toBeFocused();
  const ring = await fab.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const style = getComputedStyle(el);
    return { style: style.outlineStyle, width: style.outlineWidth, uncovered: !!hit && el.contains(hit) };
  });
  expect(ring).toEqual({ style: "solid", width: "3px", uncovered: true });
  await page.keyboard.press("Enter");
  await expect(fab).toHaveAttribute("aria-expanded", "true");
}

/**
 * With the group panel open: what spills out sideways (the page, the panel), and whether the panel and the
 * tutorial card meet (a hidden card has stepped aside).
 */
async function panelProblems(page: Page): Promise<string[]> {
  await openByKeyboard(page);
  const panel = await social(page, "group");
  await expect(panel.getByTestId("group-member")).toHaveCount(2);
  // the drawer has slid in
  await expect
    .poll(() => panel.evaluate((el) => el.getBoundingClientRect().right - window.innerWidth))
    .toBeLessThanOrEqual(0.5);
  return panel.evaluate((el) => {
    const problems: string[] = [];
    const page = (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth;
    if (page > 0) {
      const out = [...document.querySelectorAll("body *")]
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5 && !el.contains(e))
        .slice(0, 5)
        .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).split(" ")[0]}`);
      problems.push(`the page overflows by ${page} px: ${out.join(", ")}`);
    }
    if (el.scrollWidth > el.clientWidth)
      problems.push(`the panel overflows by ${el.scrollWidth - el.clientWidth} px`);
    // the party quest's goal is whole (it was cut to "…break 10 nodes tog…")
    const goal = el.querySelector<HTMLElement>("[data-testid=party-quest-title]");
    if (!goal) problems.push("no party quest in a room of two");
    else if (goal.scrollWidth > goal.clientWidth)
      problems.push(`the party quest reads "${goal.innerText}", cut`);
    const card = document.querySelector<HTMLElement>("[data-testid=tutorial]");
    if (!card?.checkVisibility()) return problems;
    const [a, b] = [el.getBoundingClientRect(), card.getBoundingClientRect()];
    const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
    if (!apart) problems.push(`the card ${JSON.stringify(b)} meets the panel ${JSON.stringify(a)}`);
    return problems;
  });
}

/** Every size, every page, for both players: overflow and coverings collected, screenshots taken. */
async function walk(surface: string, players: { name: string; page: Page }[]): Promise<void> {
  const problems: Record<string, unknown> = {};
  for (const size of SIZES) {
    for (const { page } of players) await page.setViewportSize(size);
    for (const to of PAGES) {
      for (const { name, page } of players) {
        await visit(page, to);
        const where = `${surface} ${name} ${size.name} ${to.name}`;
        const found = await findCovered(page);
        if (found.overflow > 0 || found.covered.length > 0) problems[where] = found;
        const overWords = await findOverWords(page);
        if (overWords.length > 0) problems[`${where} words`] = overWords;
        const underSocial = await findUnderSocial(page);
        if (underSocial.length > 0) problems[`${where} under the social buttons`] = underSocial;
        await page.screenshot({ path: `${shots}${surface}-${name}-${size.name}-${to.name}.png` });
      }
    }
    for (const { name, page } of players) {
      const found = await panelProblems(page);
      if (found.length > 0) problems[`${surface} ${name} ${size.name} group panel`] = found;
      await page.screenshot({ path: `${shots}${surface}-${name}-${size.name}-group-panel.png` });
      await closeSocial(page);
    }
  }
  // the narrowest phone: the panel still fits
  const { name, page } = players[0]!;
  await page.setViewportSize(NARROWEST);
  const found = await panelProblems(page);
  if (found.length > 0) problems[`${surface} ${name} 320 group panel`] = found;
  await page.screenshot({ path: `${shots}${surface}-${name}-320x640-group-panel.png` });
  await closeSocial(page);
  expect(problems).toEqual({});
}

test("the website: two guests in a room, every page at three sizes, nothing covered", async ({ browser }) => {
  test.setTimeout(600_000);
  const players = [];
  for (const [name, lang] of [
    ["Alice", "en"],
    ["Bob", "fr"],
  ] as const) {
    const context = await newContext(browser, lang);
    const page = await openPage(context);
    await page.goto(server.url);
    await expect(page.getByTestId("guest-badge")).toBeVisible({ timeout: 90_000 });
    await startMining(pageCalls(page), name);
    players.push({ name, context, page });
  }
  try {
    // a day on the test clock pays for the lab's nodes
    const [alice, bob] = players as [(typeof players)[number], (typeof players)[number]];
    expect(
      (
        await alice.page.request.post(`${server.url}/api/test/clock`, { data: { advanceMs: 24 * 3600_000 } })
      ).ok(),
    ).toBe(true);
    for (const { page } of players) {
      await expect
        .poll(
          () =>
            page.evaluate(() =>
              fetch("/api/user/get-user")
                .then((r) => r.json())
                .then((b: { user: { lab: { rp: number } } }) => b.user.lab.rp),
            ),
          { timeout: 90_000 },
        )
        .toBeGreaterThanOrEqual(350);
      await unlockAndFight(pageCalls(page));
    }
    const room = `pickle-${Date.now()}`;
    const aPanel = await social(alice.page, "group");
    await aPanel.getByTestId("room-id-input").fill(room);
    await aPanel.getByTestId("room-create").click();
    await expect(aPanel.getByTestId("room-current")).toContainText(room);
    await closeSocial(alice.page);
    const bPanel = await social(bob.page, "group");
    await bPanel.getByTestId("room-id-input").fill(room);
    await bPanel.getByTestId("room-join").click();
    await expect(bPanel.getByTestId("group-member")).toHaveCount(2);
    await closeSocial(bob.page);
    for (const { page } of players) {
      await page.evaluate(() => window.dispatchEvent(new Event("tutorial:refresh")));
      await expect(page.getByTestId("tutorial")).toBeVisible({ timeout: 15_000 });
    }
    await walk("website", players);
  } finally {
    for (const { context } of players) await context.close();
  }
});

test("the Discord Activity: two players of one instance, every page at three sizes, nothing covered", async ({
  browser,
}) => {
  test.setTimeout(600_000);
  const mock = [
    { id: "720000000000000001", name: "Ada", lang: "en" },
    { id: "720000000000000002", name: "Ben", lang: "fr" },
  ] as const;
  const calls = [];
  for (const { id, name } of mock) {
    const call = await mockCalls(id, name);
    await startMining(call);
    calls.push(call);
  }
  await eightHoursLater();
  for (const call of calls) {
    await expect.poll(() => call.rp(), { timeout: 90_000 }).toBeGreaterThanOrEqual(350);
    await unlockAndFight(call);
  }
  const players: { name: string; context: BrowserContext; page: Page }[] = [];
  try {
    for (const { id, name, lang } of mock) {
      const context = await newContext(browser, lang);
      const page = await openPage(context);
      await page.goto(`${server.url}/activity?user_id=${id}&username=${name}`);
      // the welcome-back summary after the day on the clock is closed before the player's socket joins
      await expect(page.getByTestId("room-badge")).toBeVisible({ timeout: 90_000 });
      players.push({ name, context, page });
    }
    for (const { page } of players) {
      await expect(page.getByTestId("room-badge")).toContainText("2", { timeout: 15_000 });
      await expect(page.getByTestId("tutorial")).toBeVisible({ timeout: 15_000 });
    }
    await walk("activity", players);
  } finally {
    for (const { context } of players) await context.close();
  }
});
