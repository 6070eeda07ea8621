import { type Player, TUTORIAL_STEPS, xpForLevel } from "@pickle-garden/shared";
import { expect, type Page, test } from "@playwright/test";
import { patchedGuest, postAll } from "../support/patchedGuest.ts";
import { removeDataDir } from "../support/startServer.ts";

/**
 * Home's next goal reads the player's situation, and the guide's last card says the same (issue 29 §2),
 * in Chromium on a desktop in English and a phone in French, for three stored players: one losing a fight
 * (a level-1 Health warrior at the Beetle Nest), one with an idle smithing slot and Dirt in the bag, one
 * whose mining level just opened a better place than the garden; the losing warrior's deaths say, in a
 * toast, where the fight goes on. A screenshot of Home with the guide for each.
 */

test.use({ actionTimeout: 15_000 });

const DIRT = 10001;
const RUNS = [
  { name: "desktop-en", lang: "en", viewport: { width: 1366, height: 800 } },
  { name: "phone-fr", lang: "fr", viewport: { width: 390, height: 844 } },
] as const;

interface Case {
  name: string;
  kind: string;
  text: Record<"en" | "fr", string>;
  patch(player: Player): void;
  calls: [string, unknown][];
  /** a toast the situation brings, which says what the player does next */
  toast?: Record<"en" | "fr", string>;
}

const buy = (nodeId: string): [string, unknown] => ["/api/lab/buy", { nodeId }];

const CASES: Case[] = [
  {
    name: "losing",
    kind: "losing",
    text: {
      en: "Your fight at Beetle Nest is going badly: try an easier area or better gear.",
      fr: "Votre combat à Nid de scarabées tourne mal : essayez une zone plus facile ou un meilleur équipement.",
    },
    patch(player) {
      player.activeCharacter = "warrior";
      player.skills.melee = { level: 30, xp: xpForLevel(30) };
    },
    calls: [
      buy("south:mining:unlock"),
      buy("south:smithing:unlock"),
      buy("south:melee:unlock"),
      ["/api/user/update-action", { skill: "combat", location: "beetle_nest" }],
    ],
    toast: {
      en: "You died! In 10 seconds you regrow and fight on at Beetle Nest.",
      fr: "Vous êtes mort ! Dans 10 secondes vous repoussez et reprenez le combat : Nid de scarabées.",
    },
  },
  {
    name: "idle-craft",
    kind: "craft",
    text: {
      en: "A Smithing slot is idle: craft Dirt Brick",
      fr: "Un poste de Forge est inoccupé : fabriquez Brique de terre",
    },
    patch(player) {
      player.inventory[0] = { id: DIRT, stack: 10 };
    },
    calls: [buy("south:mining:unlock"), buy("south:smithing:unlock")],
  },
  {
    name: "better-place",
    kind: "place",
    text: { en: "A better place is open: Pond", fr: "Un meilleur lieu est ouvert : Mare" },
    patch(player) {
      player.skills.mining = { level: 5, xp: xpForLevel(5) };
    },
    calls: [buy("south:mining:unlock"), ["/api/user/update-action", { skill: "mining", location: "garden" }]],
  },
];

/** Home's goal and the guide's, read at one instant. */
function goals(page: Page): Promise<{ kind: string | null; home: string; guide: string }> {
  return page.evaluate(() => {
    const home = document.querySelector("[data-testid=next-goal-text]");
    return {
      kind: home?.getAttribute("data-goal") ?? null,
      home: home?.textContent ?? "",
      guide: document.querySelector("[data-testid=tutorial-next-goal]")?.textContent ?? "",
    };
  });
}

for (const run of RUNS) {
  for (const c of CASES) {
    test(`Home and the guide agree on the next goal: ${c.name} (${run.name})`, async ({ browser }) => {
      test.setTimeout(120_000);
      const context = await browser.newContext({ viewport: run.viewport, reducedMotion: "reduce" });
      await context.addInitScript((l) => window.localStorage.setItem("pg.language", l), run.lang);
      const page = await context.newPage();
      await page.addLocatorHandler(page.getByTestId("offline-modal"), async () => {
        await page.getByTestId("offline-continue").click();
      });
      const server = await patchedGuest(page, (player) => {
        player.lab.rp = 5000;
        // the guide at its last card, open: it shows the next goal
        player.tutorial = {
          currentStep: "done",
          done: [...TUTORIAL_STEPS],
          chosenPath: "mining",
          ui: { isOpen: true },
        };
        c.patch(player);
      });
      try {
        expect(await postAll(page, c.calls)).toEqual(c.calls.map(() => 200));
        await page.goto(server.url);
        await expect(page.getByTestId("home-page")).toBeVisible({ timeout: 30_000 });
        await expect(page.getByTestId("tutorial-next-goal")).toBeVisible();
        // a fight's health moves: both read the same instant, until the goal is the situation's
        await expect.poll(() => goals(page), { timeout: 30_000 }).toMatchObject({ kind: c.kind });
        const now = await goals(page);
        expect(now.home).toBe(c.text[run.lang]);
        expect(now.guide).toContain(now.home);
        if (c.toast)
          await expect(page.getByTestId("toasts")).toContainText(c.toast[run.lang], { timeout: 30_000 });
        await page.screenshot({ path: test.info().outputPath(`${run.name}-${c.name}-home.png`) });
      } finally {
        await context.close();
        await server.stop();
        removeDataDir(server.dataDir);
      }
    });
  }
}
