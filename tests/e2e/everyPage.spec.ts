import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { TUTORIAL_DONE, TUTORIAL_STEPS, xpForLevel } from "@pickle-garden/shared";
import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";
import enNames from "../../web/src/i18n/en/names.ts";
import enPages from "../../web/src/i18n/en/pages.ts";
import enShell from "../../web/src/i18n/en/shell.ts";
import { closeAndLeave } from "../support/leave.ts";
import { type RunningServer, removeDataDir, startServer } from "../support/startServer.ts";
import { patchStoredPlayer } from "../support/storedPlayer.ts";

/**
 * Every page, the tutorial's guide card, the welcome-back summary and the party at a glance (the top bar's
 * faces and the invitation to pick a name, in a room), in English and French, dark and light,
 * on a desktop and a 390 px phone, with a player who has unlocked everything: no raw translation key, no
 * leftover {{placeholder}}, no word broken in the middle, and (axe-core, WCAG 2 A/AA) no serious or critical
 * accessibility violation. A screenshot of each page.
 */

test.use({ actionTimeout: 15_000 });

const shots = fileURLToPath(new URL("../test-results/every-page/", import.meta.url));
mkdirSync(shots, { recursive: true });
const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** Every i18n key (and every object path above one): any of them on screen is a raw key. */
function keysOf(o: object, prefix = ""): string[] {
  return Object.entries(o).flatMap(([k, v]) => {
    const key = `${prefix}${k}`;
    return v && typeof v === "object"
      ? [key, ...keysOf(v, `${key}.`)]
      : [key, key.replace(/_(one|other)$/, "")];
  });
}
const KEYS = new Set(
  [...keysOf(enShell), ...keysOf(enPages), ...keysOf(enNames)].filter((k) => k.includes(".")),
);

type Setup = (page: Page) => Promise<void>;
interface Visit {
  name: string;
  path: string;
  /** what the page shows once loaded */
  ready: string;
  setup?: Setup;
}

const send = (method: "POST" | "PATCH") => (page: Page, path: string, body: unknown) =>
  page.evaluate(
    async ([m, p, b]) =>
      (
        await fetch(p as string, {
          method: m as string,
          headers: { "content-type": "application/json" },
          body: JSON.stringify(b),
        })
      ).status,
    [method, path, body] as const,
  );
const post = send("POST");
const patch = send("PATCH");
const act =
  (skill: string, location: string): Setup =>
  async (page) => {
    expect(await post(page, "/api/user/update-action", { skill, location })).toBe(200);
  };

const VISITS: Visit[] = [
  { name: "home", path: "/", ready: "[data-testid=home-page]" },
  { name: "inventory", path: "/inventory", ready: "main h1" },
  { name: "lab", path: "/lab", ready: "[data-testid=lab-tree]" },
  { name: "quests", path: "/quests", ready: "[data-testid=quest]" },
  {
    name: "lab-details",
    path: "/lab",
    ready: "[data-testid=lab-details]",
    setup: async (page) => {
      await page.goto("/lab");
      await settle(page, "[data-testid=lab-tree]");
      await page.getByTestId("lab-node-east:utility:inventory-2").click();
    },
  },
  { name: "settings", path: "/settings", ready: "main h1" },
  { name: "picklelogy", path: "/skills/picklelogy", ready: "main h1" },
  { name: "mining", path: "/skills/mining", ready: "[data-testid=locations]" },
  {
    name: "mining-garden",
    path: "/skills/mining/garden",
    ready: "[data-testid=gather-node]",
    setup: act("mining", "garden"),
  },
  { name: "mycology", path: "/skills/mycology", ready: "[data-testid=locations]" },
  {
    name: "botany-fountain",
    path: "/skills/botany/fountain",
    ready: "[data-testid=gather-node]",
    setup: act("botany", "fountain"),
  },
  {
    name: "smithing",
    path: "/skills/smithing",
    ready: "main h1",
    // a running craft: the top bar and the home page name it without a location
    setup: async (page) => {
      const body = { craftingSkill: "smithing", itemId: 20001, slotId: 0, quantity: 100 };
      expect(await post(page, "/api/user/craft", body)).toBe(200);
    },
  },
  { name: "home-crafting", path: "/", ready: "[data-testid=home-page]" },
  { name: "tanning", path: "/skills/tanning", ready: "main h1" },
  { name: "health", path: "/skills/health", ready: "main h1" },
  { name: "intellect", path: "/skills/intellect", ready: "main h1" },
  { name: "combat", path: "/skills/combat", ready: "[data-testid=locations]" },
  {
    name: "combat-aphid",
    path: "/skills/combat/aphid_nest",
    ready: "main h1",
    setup: act("combat", "aphid_nest"),
  },
  { name: "not-found", path: "/nowhere", ready: "main h1" },
];

interface Findings {
  rawKeys: string[];
  brokenWords: string[];
}

/** The texts a player reads or hears (visible text and labels), and the words the layout broke in two. */
async function readPage(page: Page): Promise<{ texts: string[]; brokenWords: string[] }> {
  return page.evaluate(() => {
    const texts = [document.body.innerText];
    for (const el of document.querySelectorAll("[aria-label],[title],[placeholder],[alt],[aria-valuetext]")) {
      for (const a of ["aria-label", "title", "placeholder", "alt", "aria-valuetext"]) {
        const v = el.getAttribute(a);
        if (v) texts.push(v);
      }
    }
    const brokenWords: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode as Text;
      const parent = node.parentElement;
      if (!parent) continue;
      const box = parent.getBoundingClientRect();
      // visually hidden texts (1 px boxes) wrap every letter: not on screen
      if (box.width <= 2 || box.height <= 2 || getComputedStyle(parent).visibility === "hidden") continue;
      for (const m of node.data.matchAll(/[\p{L}\p{N}]{2,}/gu)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set(
          [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
        );
        if (lines.size > 1) brokenWords.push(`"${m[0]}" in "${node.data.trim().slice(0, 60)}"`);
      }
    }
    return { texts, brokenWords };
  });
}

function findRawKeys(texts: string[]): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    for (const m of text.matchAll(/\b(?:[a-z]+:)?([A-Za-z_-]+(?:\.[A-Za-z0-9_-]+)+)\b/g)) {
      if (KEYS.has(m[1]!)) found.add(m[0]);
    }
    for (const m of text.matchAll(/\{\{\w+\}\}|\[object Object\]|\bundefined\b|\bNaN\b/g)) found.add(m[0]);
  }
  return [...found];
}

async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<AxeResults> } }).axe;
    interface AxeResults {
      violations: {
        id: string;
        impact: string;
        help: string;
        nodes: { target: string[]; failureSummary: string }[];
      }[];
    }
    const results = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
      resultTypes: ["violations"],
    });
    return results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .flatMap((v) =>
        v.nodes
          .slice(0, 6)
          .map(
            (n) => `${v.id} (${v.impact}) ${n.target.join(" ")}: ${n.failureSummary.replace(/\s+/g, " ")}`,
          ),
      );
  });
}

/** Waits for the page's own content: no "Loading…"/"Chargement..." left, fonts and lazy chunks in. */
async function settle(page: Page, ready: string): Promise<void> {
  // the welcome-back summary after a pause between runs: read it, then look at the page
  // (clicked in the page: a Playwright click would itself run the locator handler of openPage)
  const offline = page.getByTestId("offline-continue");
  if (await offline.isVisible().catch(() => false)) {
    await offline.evaluate((b: HTMLElement) => b.click()).catch(() => {});
    await expect(page.getByTestId("offline-modal")).toHaveCount(0);
  }
  await expect(page.locator(ready).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/^(Loading…|Chargement\.\.\.)$/)).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
}

let server: RunningServer;
let storage: Awaited<ReturnType<BrowserContext["storageState"]>>;

/** A guest who bought every lab node a newcomer's first days could reach, with a varied inventory. */
test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  const first = await startServer();
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(first.url);
  await expect(page.getByTestId("guest-badge")).toBeVisible({ timeout: 30_000 });
  const id = await page.evaluate(() =>
    fetch("/api/auth/session")
      .then((r) => r.json())
      .then((s: { user: { discordId: string } }) => s.user.discordId),
  );
  storage = await context.storageState();
  await context.close();
  await first.stop();
  patchStoredPlayer(first.dataDir, id, (player) => {
    player.lab.rp = 250_000.84;
    player.username = "Cornichon";
    for (const [skill, level] of Object.entries({
      mining: 12,
      smithing: 6,
      melee: 3,
      // two digits: the longest skill name beside its level on a phone's home card
      picklelogy: 12,
      health: 4,
    })) {
      // four fifths of the way to the next level: a bar's figures sit over its fill
      const xp = xpForLevel(level) + Math.floor(0.8 * (xpForLevel(level + 1) - xpForLevel(level)));
      player.skills[skill as keyof typeof player.skills] = { level, xp };
    }
    const items: [number, number][] = [
      [10001, 480],
      [10002, 35],
      [11001, 12],
      [12001, 7],
      [15001, 3],
      [20001, 42],
      [21003, 5],
      [22004, 9],
      [30101, 1],
      [30107, 1],
      [31205, 1],
      [32303, 1],
    ];
    items.forEach(([itemId, stack], i) => {
      player.inventory[i] = { id: itemId, stack };
    });
    player.inventory[9] = {
      id: 30107,
      stack: 1,
      affixes: [{ id: "crit_chance_pct_t3", tier: 3, stats: { crit_chance_pct: 3 } }],
    };
  });
  server = await startServer({}, first.dataDir);
  const ctx = await browser.newContext({ storageState: storage, baseURL: server.url });
  const p = await ctx.newPage();
  await p.goto("/");
  await expect(p.getByTestId("guest-badge")).toBeVisible({ timeout: 30_000 });
  const nodes = [
    "south:mining:unlock",
    "south:smithing:unlock",
    "south:melee:unlock",
    "south:mycology:unlock",
    "south:tanning:unlock",
    "south:botany:unlock",
    "east:utility:gold-pouch",
    "north:intellect:unlock",
    "east:utility:quest",
    "south:mining:damage-5",
    "west:meta:multiplayer",
  ];
  for (const nodeId of nodes) expect(await post(p, "/api/lab/buy", { nodeId }), nodeId).toBe(200);
  expect(await post(p, "/api/intents/activeCharacter", { activeCharacter: "warrior" })).toBe(200);
  await ctx.close();
});

test.afterAll(async () => {
  if (!server) return;
  await server.stop();
  removeDataDir(server.dataDir);
});

/** A page whose welcome-back summary (after a pause between runs) is read and closed whenever it is in the way. */
/** A welcome-back that opens while the tour looks at something else is read and closed. */
async function continuePastWelcomeBack(page: Page): Promise<void> {
  await page.addLocatorHandler(page.getByTestId("offline-modal"), async () => {
    await page.getByTestId("offline-continue").click();
  });
}

async function openPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await continuePastWelcomeBack(page);
  return page;
}

async function contextFor(
  browser: Browser,
  lang: "en" | "fr",
  theme: "dark" | "light",
  viewport: { width: number; height: number },
): Promise<BrowserContext> {
  const context = await browser.newContext({
    storageState: storage,
    baseURL: server.url,
    viewport,
    reducedMotion: "reduce",
    bypassCSP: true,
  });
  await context.addInitScript(
    ([l, t]) => {
      window.localStorage.setItem("pg.language", l);
      window.localStorage.setItem("pg.theme", t);
    },
    [lang, theme] as const,
  );
  return context;
}

const RUNS = [
  { lang: "en", theme: "dark", device: "desktop" },
  { lang: "en", theme: "light", device: "desktop" },
  { lang: "fr", theme: "dark", device: "desktop" },
  { lang: "fr", theme: "light", device: "desktop" },
  { lang: "en", theme: "light", device: "phone" },
  { lang: "fr", theme: "dark", device: "phone" },
] as const;
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

const tutorial = (page: Page, action: object) =>
  page.evaluate(
    (a) =>
      fetch("/api/user/tutorial", {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(a),
      }).then((r) => r.status),
    action,
  );
/** The choice of a path (the card's largest step) and the finale that names the next goal. */
const TUTORIAL_CARDS = [
  { name: "tutorial-card", currentStep: "lab-choose-path", done: ["go-picklelogy"] },
  { name: "tutorial-finale", currentStep: TUTORIAL_DONE, done: [...TUTORIAL_STEPS] },
] as const;

/** Nothing spills out of the card (a tall one scrolls), and every one of its buttons can be reached and clicked, uncovered. */
async function expectButtonsReachable(card: Locator): Promise<void> {
  // measured at once: the card steps aside (top or bottom) while the page settles
  const spilled = await card.evaluate((el) => {
    // a card taller than the room under the top bar scrolls inside itself: what is below its edge is reached
    if (getComputedStyle(el).overflowY === "auto" && el.scrollHeight > el.clientHeight) return [];
    const bottom = el.getBoundingClientRect().bottom;
    return [...el.children].filter((c) => c.getBoundingClientRect().bottom > bottom + 1).map((c) => c.id);
  });
  expect(spilled).toEqual([]);
  for (const button of await card.getByRole("button").all()) {
    await button.scrollIntoViewIfNeeded();
    await button.click({ trial: true });
  }
}

type Run = (typeof RUNS)[number];

/** The page as it is now: a screenshot, then raw keys, broken words and (desktop runs) axe. */
async function inspect(page: Page, run: Run, name: string): Promise<(Findings & { axe: string[] }) | null> {
  await page.screenshot({
    path: `${shots}${run.device}-${run.lang}-${run.theme}-${name}.png`,
    fullPage: run.device === "desktop",
  });
  const { texts, brokenWords } = await readPage(page);
  const found = {
    rawKeys: findRawKeys(texts),
    brokenWords,
    // contrast and names do not change with the width: axe runs on the desktop runs
    axe: run.device === "desktop" ? await axeViolations(page) : [],
  };
  return found.rawKeys.length + found.brokenWords.length + found.axe.length > 0 ? found : null;
}

for (const run of RUNS) {
  test(`every page in ${run.lang}, ${run.theme} theme, ${run.device}: no raw key, no broken word, axe AA`, async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const context = await contextFor(browser, run.lang, run.theme, VIEWPORTS[run.device]);
    let page = await openPage(context);
    const problems: Record<string, Findings & { axe: string[] }> = {};
    const check = async (name: string) => {
      const found = await inspect(page, run, name);
      if (found) problems[name] = found;
    };
    try {
      // the tutorial's guide card over the home page, then folded away (not finished) for the other pages
      await page.goto("/");
      await expect(page.getByTestId("guest-badge")).toBeVisible({ timeout: 30_000 });
      for (const { name, currentStep, done } of TUTORIAL_CARDS) {
        const jump = { action: "jump", currentStep, done, ui: { isOpen: true } };
        expect(await tutorial(page, jump)).toBe(200);
        await page.goto("/");
        await settle(page, "[data-testid=tutorial]");
        await expectButtonsReachable(page.getByTestId("tutorial"));
        await check(name);
      }
      const { currentStep, done } = TUTORIAL_CARDS[0];
      expect(await tutorial(page, { action: "jump", currentStep, done, ui: { isOpen: true } })).toBe(200);
      expect(await tutorial(page, { action: "close" })).toBe(200);
      for (const visit of VISITS) {
        await visit.setup?.(page);
        if (!page.url().endsWith(visit.path)) await page.goto(visit.path);
        await settle(page, visit.ready);
        await check(visit.name);
      }
      // the welcome-back summary: the page closes on the fight at the aphid nest (the last visit), ten
      // minutes pass on the test clock, the player comes back
      await closeAndLeave(page, server.url);
      const clock = await context.request.post("/api/test/clock", { data: { advanceMs: 600_000 } });
      expect(clock.ok()).toBe(true);
      page = await context.newPage();
      await page.goto("/");
      await expect(page.getByTestId("offline-modal")).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId("offline-combat")).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      await check("welcome-back");
      await page.getByTestId("offline-continue").click();
      await expect(page.getByTestId("offline-modal")).toHaveCount(0);
      // from here a reload's few seconds away may bring a welcome-back of their own (2 s is the threshold)
      await continuePastWelcomeBack(page);
      // the party at a glance and the invitation to pick a name: the guest, back to the default name, in a room
      expect(await patch(page, "/api/user/username", { username: "" })).toBe(200);
      await page.evaluate(() => window.localStorage.setItem("pg.roomId", "every-page"));
      await page.goto("/");
      await settle(page, "[data-testid=name-prompt]");
      await expect(page.getByTestId("party-face")).toHaveCount(1);
      await check("party");
      expect(await patch(page, "/api/user/username", { username: "Cornichon" })).toBe(200);
      // out of the room before the next run's tour, whose welcome-back needs a solo fight (a room member
      // who leaves by a disconnect is sent home to rest)
      await closeAndLeave(page, server.url);
      expect(problems).toEqual({});
    } finally {
      await context.close();
    }
  });
}

test("the sign-in pages in both languages: no raw key, no broken word, axe AA", async ({ browser }) => {
  const problems: Record<string, Findings & { axe: string[] }> = {};
  for (const [lang, path] of [
    ["en", "/login"],
    ["fr", "/fr/login"],
  ] as const) {
    for (const theme of ["dark", "light"] as const) {
      const context = await browser.newContext({
        baseURL: server.url,
        reducedMotion: "reduce",
        bypassCSP: true,
      });
      await context.addInitScript((t) => window.localStorage.setItem("pg.theme", t), theme);
      const page = await context.newPage();
      await page.goto(path);
      await settle(page, "h1");
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await page.screenshot({ path: `${shots}login-${lang}-${theme}.png` });
      const { texts, brokenWords } = await readPage(page);
      const found = { rawKeys: findRawKeys(texts), brokenWords, axe: await axeViolations(page) };
      if (found.rawKeys.length + found.brokenWords.length + found.axe.length > 0) {
        problems[`${lang}-${theme}`] = found;
      }
      await context.close();
    }
  }
  expect(problems).toEqual({});
});

test("small things: a sidebar tooltip leaves with the click, a double click selects nothing, the lab pans", async ({
  browser,
}) => {
  const context = await contextFor(browser, "en", "light", VIEWPORTS.desktop);
  const page = await openPage(context);
  try {
    await page.goto("/");
    await settle(page, "[data-testid=home-page]");
    const row = page.getByTestId("nav-skill-mining");
    const tip = page.locator("li.pg-tip-anchor", { has: row }).getByRole("tooltip");
    await row.hover();
    await expect(tip).toBeVisible();
    await row.click();
    await expect(page).toHaveURL(/\/skills\/mining$/);
    // the pointer is still on the row: the tooltip stays away until it leaves and comes back
    await expect(tip).toBeHidden();
    await page.mouse.move(900, 500);
    await row.hover();
    await expect(tip).toBeVisible();

    await page.goto("/inventory");
    await settle(page, "main h1");
    await page.getByTestId("character-warrior").dblclick();
    expect(await page.evaluate(() => window.getSelection()?.toString() ?? "")).toBe("");

    await page.goto("/lab");
    await settle(page, "[data-testid=lab-tree]");
    const tree = page.getByTestId("lab-tree");
    // the guide's card heads the page: the tree starts below the window's fold until scrolled to
    await tree.scrollIntoViewIfNeeded();
    const before = await tree.evaluate((el) => [el.scrollLeft, el.scrollTop]);
    const box = (await tree.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 120, box.y + box.height / 2 - 60, { steps: 6 });
    await page.mouse.up();
    const after = await tree.evaluate((el) => [el.scrollLeft, el.scrollTop]);
    expect(after).not.toEqual(before);
    // a drag is no click: no node was chosen
    await expect(page.getByTestId("lab-details")).toHaveCount(0);
    await page.getByTestId("lab-zoom-out").click();
    await expect(tree).toHaveAttribute("data-zoom", "0.75");
  } finally {
    await context.close();
  }
});
