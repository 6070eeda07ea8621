import { gearItemId, xpForLevel } from "@pickle-garden/shared";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { patchedGuest, postAll } from "../support/patchedGuest.ts";
import { closeSocial, social } from "../support/roomPages.ts";
import { removeDataDir } from "../support/startServer.ts";

/**
 * The screens a newcomer found rough on the second day (issue 29), in Chromium, English on a desktop and
 * French on a phone: the locked Quests page says how it opens; a combat area's card says "Fighting here"
 * beside its name, not over it; a fight's log keeps to its area (no aphid lines at the Rosebush Nest); the
 * damage numbers rise from the insect, not over its name or type; the activity pill is not cut with room to
 * spare (in a room at 1,024 px either); a gear piece's Equip button is below its name (the longest French names of tiers 2–10 included); a skill's "(+2)" is explained; a
 * research grant is confirmed. Screenshots of each screen.
 */

test.use({ actionTimeout: 15_000 });

const HELMET = 30101;
const SWORD = 30107;
const SLIPPERS = 31204;
const CHESTPLATE = 30202;
/**
 * with SLIPPERS ("Chaussons en vesse-de-loup", the longest), the longest French names of gear of tiers 7–10
 * ("Gantelets en améthyste"…)
 */
const LONG_NAMES = [
  gearItemId("melee", 10, "hands"),
  gearItemId("melee", 10, "legs"),
  gearItemId("magic", 8, "feet"),
  gearItemId("ranged", 8, "hands"),
  gearItemId("magic", 10, "offhand"),
];

const RUNS = [
  {
    name: "desktop-en",
    lang: "en",
    viewport: { width: 1366, height: 800 },
    lockedAfter: "The daily quest board opens with the lab's Quests node: 200 RP, after the Gold Pouch node.",
    here: "Fighting here",
    otherArea: /Aphid|Honeydew/,
    pill: "Combat · Rosebush Nest",
    bonus: "(+2) comes from your equipped gear: your level is 40, and it counts as 42 while you wear it.",
    granted: /^Grant funded: \d+ gold became [\d.]+ RP\.$/,
  },
  {
    name: "phone-fr",
    lang: "fr",
    viewport: { width: 390, height: 844 },
    lockedAfter:
      "Le tableau des quêtes du jour s'ouvre avec le nœud Quêtes du labo : 200 PR, après le nœud Bourse.",
    here: "Combat ici",
    otherArea: /Puceron|Miellat/,
    pill: "Combat · Nid du rosier",
    bonus:
      "(+2) vient de votre équipement : votre niveau est 40, et il compte pour 42 tant que vous le portez.",
    granted: /^Bourse financée : \d+ or devenus [\d,]+ PR\.$/,
  },
] as const;

type Box = { x: number; y: number; width: number; height: number };
const meet = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} has no box`);
  return found;
}

async function go(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByText(/^(Loading…|Chargement\.\.\.)$/)).toHaveCount(0);
}

for (const run of RUNS) {
  test(`the second day's screens (${run.name})`, async ({ browser }) => {
    test.setTimeout(240_000);
    const context = await browser.newContext({ viewport: run.viewport });
    await context.addInitScript((l) => window.localStorage.setItem("pg.language", l), run.lang);
    const page = await context.newPage();
    const shot = (name: string) =>
      page.screenshot({ path: test.info().outputPath(`${run.name}-${name}.png`) });
    const server = await patchedGuest(page, (player) => {
      player.lab.rp = 5000;
      player.gold = 2000;
      player.activeCharacter = "warrior";
      player.skills.melee = { level: 40, xp: xpForLevel(40) };
      player.skills.health = { level: 40, xp: xpForLevel(40) };
      player.inventory = [SWORD, SLIPPERS, CHESTPLATE, HELMET, ...LONG_NAMES].map((id) => ({ id, stack: 1 }));
      player.tutorial = { currentStep: "done", done: [], chosenPath: null, ui: { isOpen: false } };
    });
    await page.addLocatorHandler(page.getByTestId("offline-modal"), async () => {
      await page.getByTestId("offline-continue").click();
    });
    try {
      // the locked Quests page says what opens it, and what comes first
      await go(page, `${server.url}/quests`);
      await expect(page.getByTestId("quests-locked")).toContainText(run.lockedAfter);
      await shot("quests-locked");

      expect(
        await postAll(page, [
          ["/api/lab/buy", { nodeId: "south:mining:unlock" }],
          ["/api/lab/buy", { nodeId: "south:smithing:unlock" }],
          ["/api/lab/buy", { nodeId: "south:melee:unlock" }],
          ["/api/lab/buy", { nodeId: "east:utility:gold-pouch" }],
          ["/api/lab/buy", { nodeId: "west:meta:multiplayer" }],
          ["/api/user/update-action", { skill: "combat", location: "aphid_nest" }],
        ]),
      ).toEqual([200, 200, 200, 200, 200, 200]);
      // a few minutes of aphids: their loot is in the logs
      expect(
        (await page.request.post(`${server.url}/api/test/clock`, { data: { advanceMs: 180_000 } })).ok(),
      ).toBe(true);

      // the area's card: its badge on a line of its own, over none of its words
      await go(page, `${server.url}/skills/combat`);
      const card = page.getByTestId("location-aphid_nest");
      const badge = card.getByTestId("location-here");
      await expect(badge).toHaveText(new RegExp(run.here, "i"));
      const badgeBox = await box(badge);
      for (const words of await card.locator(".pg-loc__name, .pg-muted").all())
        expect(meet(badgeBox, await box(words)), (await words.textContent()) ?? "").toBe(false);
      await shot("combat-areas");

      // the Rosebush Nest: a fight of its own, its log without the aphids, its numbers on the insect
      await go(page, `${server.url}/skills/combat/rosebush_nest`);
      await page.getByTestId("combat-toggle").click();
      const monster = page.locator(".pg-monster").first();
      await expect(monster).toBeVisible({ timeout: 30_000 });
      const popup = monster.locator(".pg-popup").first();
      await expect(popup).toBeAttached({ timeout: 30_000 });
      const landed = await popup.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const pic = el.closest(".pg-monster__pic")?.getBoundingClientRect();
        return { inPic: !!pic, x: r.left + r.width / 2, picLeft: pic?.left ?? 0, picRight: pic?.right ?? 0 };
      });
      expect(landed.inPic, "the numbers rise from the insect's picture").toBe(true);
      expect(landed.x).toBeGreaterThanOrEqual(landed.picLeft);
      expect(landed.x).toBeLessThanOrEqual(landed.picRight);
      await expect(page.getByTestId("combat-log")).not.toContainText(run.otherArea);
      await shot("rosebush-nest");

      // the pill says the whole place when the bar has room for it: alone, and in a room (the party's faces
      // and the room badge in the bar) at the Activity's usual 1,024 × 640 too
      const label = page.locator(".pg-activity__label");
      await expect(label).toHaveText(run.pill);
      const whole = () => label.evaluate((el) => el.scrollWidth <= el.clientWidth);
      expect(await whole(), "the pill alone").toBe(true);
      const group = await social(page, "group");
      await group.getByTestId("room-id-input").fill(`screens-${run.name}`);
      await group.getByTestId("room-create").click();
      await expect(group.getByTestId("room-current")).toContainText(`screens-${run.name}`);
      await closeSocial(page);
      await expect(page.getByTestId("room-badge")).toBeVisible();
      expect(await whole(), "the pill in a room").toBe(true);
      await page.setViewportSize({ width: 1024, height: 640 });
      await expect(page.getByTestId("room-badge")).toBeVisible();
      expect(await whole(), `"${await label.innerText()}" in a room at 1024 px`).toBe(true);
      await shot("pill-in-a-room-1024");
      await page.setViewportSize(run.viewport);

      // the inventory: each Equip button under its piece's name
      await go(page, `${server.url}/inventory`);
      const equips = page.locator("[data-testid^=equip-]");
      await expect(equips).toHaveCount(4 + LONG_NAMES.length);
      for (const cell of await page.locator(".pg-inv__cell:has([data-testid^=equip-])").all()) {
        const name = await box(cell.locator(".pg-inv__name"));
        const equip = await box(cell.locator("[data-testid^=equip-]"));
        expect(meet(name, equip), (await cell.textContent()) ?? "").toBe(false);
        expect(equip.y).toBeGreaterThanOrEqual(name.y + name.height - 0.5);
      }
      await page.locator(`[data-item-id="${SLIPPERS}"]`).scrollIntoViewIfNeeded();
      await shot("inventory");
      await page.locator(`[data-item-id="${SWORD}"] [data-testid^=equip-]`).click();
      await expect(page.locator(`[data-item-id="${SWORD}"]`)).toHaveCount(0);

      // "(+2)" beside the level says where it comes from
      await go(page, `${server.url}/skills/melee`);
      await expect(page.getByTestId("skill-gear-bonus")).toHaveText(run.bonus);
      await shot("melee-gear-bonus");

      // a research grant is confirmed
      await go(page, `${server.url}/lab`);
      await page.getByTestId("research-grant").getByRole("button").first().click();
      await expect(page.getByTestId("research-grant-done")).toHaveText(run.granted);
      await page.getByTestId("research-grant").scrollIntoViewIfNeeded();
      await shot("research-grant");
    } finally {
      await context.close();
      await server.stop();
      removeDataDir(server.dataDir);
    }
  });
}
