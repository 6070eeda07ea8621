import { gearItemId, materialItemId, rawItemId, xpForLevel } from "@pickle-garden/shared";
import { expect, type Page, test } from "@playwright/test";
import { type RunningServer, removeDataDir, startServer } from "../support/startServer.ts";
import { patchStoredPlayer } from "../support/storedPlayer.ts";

/**
 * The world past level 40 in a real browser (issue 28): a stored mage at level 70 in its path's skills, as a
 * player of weeks sees it. The combat areas open as the levels allow, the new areas' cards say what they take,
 * a wasp's sting poisons the fighter (the chip on its health, the log line, the card's counter),
 * the new gathering places open, and the new tiers' items show their icons and names. Desktop in English,
 * phone in French; screenshots of each page.
 */

test.use({ actionTimeout: 15_000 });

const DESKTOP = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };

async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({
    path: test.info().outputPath(`${name}.png`),
    animations: "disabled",
    fullPage: true,
  });
}

async function guestId(page: Page): Promise<string> {
  return page.evaluate(() =>
    fetch("/api/auth/session")
      .then((r) => r.json())
      .then((s: { user: { discordId: string } }) => s.user.discordId),
  );
}

/** A guest signed in on a first server, made a level-70 mage of the mycology path while it is stopped. */
async function veteranMage(page: Page): Promise<RunningServer> {
  const first = await startServer();
  let id: string;
  try {
    await page.goto(first.url);
    await expect(page.getByTestId("guest-badge")).toBeVisible({ timeout: 30_000 });
    id = await guestId(page);
    await first.stop();
    patchStoredPlayer(first.dataDir, id, (player) => {
      player.tutorial = null;
      player.activeCharacter = "mage";
      for (const flag of ["mycology", "tanning", "tanning:slot:1", "combat", "magic", "intellect"])
        player.featureFlags[flag] = true;
      for (const skill of ["mycology", "tanning", "magic", "health", "intellect"] as const)
        player.skills[skill] = { level: 70, xp: xpForLevel(70) };
      player.inventory = [
        { id: rawItemId("mycology", 7), stack: 40 },
        { id: materialItemId("tanning", 8), stack: 12 },
        { id: 15007, stack: 9 },
        { id: gearItemId("magic", 7, "offhand"), stack: 1 },
        { id: gearItemId("magic", 10, "mainhand"), stack: 1 },
        ...player.inventory.slice(5),
      ];
    });
  } catch (err) {
    await first.stop();
    removeDataDir(first.dataDir);
    throw err;
  }
  const second = await startServer({}, first.dataDir);
  await page.goto(second.url);
  await expect(page.getByTestId("guest-badge")).toBeVisible({ timeout: 30_000 });
  return second;
}

const RUNS = [
  {
    name: "desktop-en",
    lang: "en",
    viewport: DESKTOP,
    wasp: "Wasp Nest",
    takes: "Spore Burst",
    grove: "Birch Grove",
    venom: "Wasp Stinger",
    notes: "Level 50: Wasp Nest Field Notes",
    card: "Wasp: its attacks poison you (−30 health a second for 5 s); a tier-7 helmet or better halves it.",
    chip: "Poisoned −30/s",
    logLine: "Wasp poisoned you: −30 health a second.",
  },
  {
    name: "phone-fr",
    lang: "fr",
    viewport: PHONE,
    wasp: "Nid de guêpes",
    takes: "Salve de spores",
    grove: "Bosquet de bouleaux",
    venom: "Dard de guêpe",
    notes: "Niveau 50 : Carnet de terrain : Nid de guêpes",
    card: "Guêpe : ses attaques vous empoisonnent (−30 santé par seconde pendant 5 s) ; un casque de palier 7 ou mieux réduit l'effet de moitié.",
    chip: "Empoisonné −30/s",
    logLine: "Guêpe vous a empoisonné : −30 santé par seconde.",
  },
] as const;

for (const run of RUNS) {
  test(`a level-70 mage sees the new places open as its levels allow (${run.name})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ viewport: run.viewport });
    await context.addInitScript({ content: `localStorage.setItem("pg.language", "${run.lang}");` });
    const page = await context.newPage();
    const server = await veteranMage(page);
    try {
      await page.goto(`${server.url}/skills/combat`);
      const wasp = page.getByTestId("location-wasp_nest");
      await expect(wasp).toContainText(run.wasp);
      await expect(wasp).toHaveAttribute("href", "/skills/combat/wasp_nest");
      await expect(page.getByTestId("location-log_pile")).toHaveAttribute("href", "/skills/combat/log_pile");
      await expect(page.getByTestId("location-tall_grass")).toHaveAttribute("aria-disabled", "true");
      await expect(page.getByTestId("takes-wasp_nest")).toContainText(run.takes);
      // each new insect's affliction and its counter, on its area's card (the wasp is monster 7)
      await expect(page.getByTestId("affliction-7")).toHaveText(run.card);
      await expect(page.getByTestId("affliction-8")).toHaveAttribute("data-affliction", "weaken");
      await snap(page, `${run.name}-01-combat-areas`);

      // fighting wasps without the tier's gear: a sting through to health poisons, shown on the player's
      // health with its countdown and said once in the combat log
      await page.goto(`${server.url}/skills/combat/wasp_nest`);
      await page.getByTestId("combat-toggle").click();
      await expect(page.getByTestId("player-affliction-poison")).toContainText(run.chip, { timeout: 20_000 });
      await expect(page.getByTestId("combat-log")).toContainText(run.logLine);
      await snap(page, `${run.name}-01b-wasp-poison`);
      await page.getByTestId("combat-toggle").click();
      await expect(page.getByTestId("combat-toggle")).toHaveText(/Fight|Combattre/);

      await page.goto(`${server.url}/skills/combat/log_pile`);
      await expect(page.getByTestId("combat-area-log_pile")).toBeVisible();
      await snap(page, `${run.name}-02-log-pile`);

      await page.goto(`${server.url}/skills/mycology`);
      const grove = page.getByTestId("location-birch_grove");
      await expect(grove).toContainText(run.grove);
      await expect(grove).toHaveAttribute("aria-disabled", "true");
      await expect(page.getByTestId("location-woodpile")).toHaveAttribute(
        "href",
        "/skills/mycology/woodpile",
      );
      await snap(page, `${run.name}-03-mycology`);

      await page.goto(`${server.url}/inventory`);
      await expect(page.getByTestId("inventory-grid")).toBeVisible();
      await expect(page.locator('[data-item-family="drop"][data-tier="7"]').first()).toBeVisible();
      await expect(page.locator('[data-item-family="mainhand"][data-tier="10"]').first()).toBeVisible();
      await expect(page.getByTestId("inventory-grid")).toContainText(run.venom);
      await snap(page, `${run.name}-04-inventory`);

      // picklelogy (level 1 in this stored player) says what its levels open; the lab shows the new research
      await page.goto(`${server.url}/skills/picklelogy`);
      await expect(page.getByTestId("opens-east:frontier:tier-7")).toContainText(run.notes);
      await snap(page, `${run.name}-05-picklelogy`);
      await page.goto(`${server.url}/lab`);
      await expect(page.getByTestId("lab-node-east:frontier:tier-7")).toBeVisible();
      await snap(page, `${run.name}-06-lab`);
    } finally {
      await context.close();
      await server.stop();
      removeDataDir(server.dataDir);
    }
  });
}
