import { expect, type Locator, type Page } from "@playwright/test";

/** The web client's room pieces as browser suites drive them: the social panel and the shared node. */

/** The group and chat: the column on a desktop, the drawer (opened on `tab`) on a phone. */
export async function social(page: Page, tab: "group" | "chat"): Promise<Locator> {
  const panel = page.getByTestId("social-panel");
  const fab = page.getByTestId("social-open");
  // the social panel comes in its own chunk: wait until the button or the panel itself shows
  await expect(fab.or(panel).first()).toBeVisible();
  if (await fab.isVisible()) {
    if ((await fab.getAttribute("aria-expanded")) !== "true") await fab.click();
    await panel.getByTestId(`social-tab-${tab}`).click();
  }
  await expect(panel).toBeVisible();
  return panel;
}

export async function closeSocial(page: Page): Promise<void> {
  if (await page.getByTestId("social-close").isVisible()) await page.keyboard.press("Escape");
  await expect(page.getByTestId("social-close")).toBeHidden();
}

/** The node bar of the location page: [hp, max hp]. */
async function nodeBar(page: Page): Promise<[number, number]> {
  const bar = page.getByTestId("node-hp");
  const [now, max] = await Promise.all([
    bar.getAttribute("aria-valuenow"),
    bar.getAttribute("aria-valuemax"),
  ]);
  return [Number(now), Number(max)];
}

/**
 * Two pages at one gathering place share its node: both show the same HP whenever it is between full and
 * broken, lowered by both players' hits (two members each at their own node would almost never agree).
 */
export async function expectSharedNode(a: Page, b: Page): Promise<void> {
  const pairs: [number, number][] = [];
  await expect
    .poll(
      async () => {
        const [mine, theirs] = await Promise.all([nodeBar(a), nodeBar(b)]);
        if (mine[0] < mine[1] || theirs[0] < theirs[1]) pairs.push([mine[0], theirs[0]]);
        // enough samples, and across at least two hits (a fast machine samples one HP for seconds)
        const agreed = new Set(pairs.filter(([x, y]) => x === y).map(([x]) => x));
        return pairs.length >= 12 && agreed.size >= 2;
      },
      { timeout: 90_000, intervals: [200] },
    )
    .toBe(true);
  const same = pairs.filter(([x, y]) => x === y);
  expect(same.length / pairs.length, JSON.stringify(pairs)).toBeGreaterThanOrEqual(0.75);
  expect(new Set(same.map(([x]) => x)).size).toBeGreaterThanOrEqual(2);
}

/** What the top bar's room badge shows of its id and player count, measured in the page. */
async function badgeLayout(page: Page) {
  const badge = page.getByTestId("room-badge");
  await expect(badge).toBeVisible();
  return badge.evaluate((el) => {
    const id = el.querySelector<HTMLElement>(".pg-topbar__room-id");
    const count = el.querySelector<HTMLElement>(".pg-topbar__room-count");
    if (!id || !count) throw new Error("the badge has an id and a count");
    const box = el.getBoundingClientRect();
    const countBox = count.getBoundingClientRect();
    // a name stepped aside is in the page for screen readers only: a 1 px box out of the flow
    const aside = getComputedStyle(id).position === "absolute" && id.getBoundingClientRect().width <= 1;
    return {
      idAside: aside,
      idClipped: !aside && id.scrollWidth > id.clientWidth,
      ellipsis: getComputedStyle(id).textOverflow === "ellipsis",
      badgeClipped: el.scrollWidth > el.clientWidth,
      countInBadge: countBox.left >= box.left && countBox.right <= box.right + 0.5,
      countClipped: count.scrollWidth > count.clientWidth,
      inWindow: box.left >= 0 && box.right <= window.innerWidth,
      title: el.getAttribute("title"),
    };
  });
}

/** The room badge shows the room's id and player count in full (a phone, or a desktop from 1440 px). */
export async function expectBadgeInFull(page: Page, roomId: string): Promise<void> {
  const layout = await badgeLayout(page);
  expect(layout, `the room badge at ${page.viewportSize()?.width} px`).toMatchObject({
    idAside: false,
    idClipped: false,
    badgeClipped: false,
    countInBadge: true,
    countClipped: false,
    inWindow: true,
  });
  expect(layout.title).toContain(roomId);
}

/**
 * A desktop under 1440 px beside the party's faces: the badge is its player count, whole; the room's name
 * steps aside for the current activity (kept in the tooltip and for screen readers).
 */
export async function expectBadgeBesideFaces(page: Page, roomId: string): Promise<void> {
  await expect(page.getByTestId("party-strip")).toBeVisible();
  const layout = await badgeLayout(page);
  expect(layout, `the room badge at ${page.viewportSize()?.width} px`).toMatchObject({
    idAside: true,
    badgeClipped: false,
    countInBadge: true,
    countClipped: false,
    inWindow: true,
  });
  expect(layout.title).toContain(roomId);
  await expect(page.getByTestId("room-badge-id")).toHaveText(new RegExp(roomId));
}

/** A room id too long for the screen ends in an ellipsis; the count stays whole; the tooltip has the id. */
export async function expectBadgeShortened(page: Page, roomId: string): Promise<void> {
  const layout = await badgeLayout(page);
  expect(layout, `the room badge at ${page.viewportSize()?.width} px`).toMatchObject({
    idAside: false,
    idClipped: true,
    ellipsis: true,
    countInBadge: true,
    countClipped: false,
    inWindow: true,
  });
  expect(layout.title).toContain(roomId);
}
