import { TUTORIAL_STEPS } from "@pickle-garden/shared";
import { expect, type Page, test } from "@playwright/test";
import { serverPerFile } from "./serverPerFile.ts";

/**
 * The whole tutorial, played by clicking only the element the guide marks with
 * data-guide-target="active" (and typing a name into it at the last step), on a desktop and on a 390 px
 * phone; the test clock lets gathering, crafting and the fight happen. Every step must point at exactly one
 * element, in view, never under the guide's card, whose buttons no toast covers. A screenshot per step.
 */

interface Run {
  name: string;
  lang: "en" | "fr";
  viewport: { width: number; height: number };
}
const RUNS: Run[] = [
  { name: "desktop-en", lang: "en", viewport: { width: 1280, height: 800 } },
  { name: "phone-fr", lang: "fr", viewport: { width: 390, height: 844 } },
];

/** Where "Show me" must take the player at a step's first sight (the page of its own target). */
const SHOW_ME: Record<string, RegExp> = {
  "lab-buy-gather": /\/lab$/,
  "craft-three": /\/lab$/,
  "combat-style": /\/lab$/,
  equip: /\/inventory$/,
  "combat-aphid": /\/skills\/combat\/aphid_nest$/,
  "choose-username": /\/settings$/,
};

/** Targets that are watched, not clicked: time passes on the test clock until the step moves on. */
const WATCHED = /^(gather-node|craft-running-.*|monsters|activity-card)$/;

test.use({ actionTimeout: 15_000 });
const server = serverPerFile();

async function passTime(page: Page, totalMs: number, stepMs = 3000): Promise<void> {
  for (let t = 0; t < totalMs; t += stepMs) {
    const res = await page.request.post(`${server.url}/api/test/clock`, {
      data: { advanceMs: Math.min(stepMs, totalMs - t) },
    });
    expect(res.ok()).toBe(true);
    await page.waitForTimeout(60);
  }
}

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}
const overlap = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The card (when shown), the active target, the card's buttons and the toasts, as boxes on screen. */
async function layout(page: Page) {
  return page.evaluate(() => {
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    };
    const card = document.querySelector('[data-testid="tutorial"]');
    const shown = card && getComputedStyle(card).display !== "none" ? card : null;
    const target = document.querySelector('[data-guide-target="active"]');
    return {
      card: shown ? box(shown) : null,
      target: target ? box(target) : null,
      targetInCard: !!(target && shown?.contains(target)),
      buttons: shown ? [...shown.querySelectorAll("button")].map(box) : [],
      toasts: [...document.querySelectorAll(".pg-toast")].map(box),
    };
  });
}

for (const run of RUNS) {
  test(`the whole tutorial by its marked targets only (${run.name})`, async ({ browser }) => {
    test.setTimeout(420_000);
    const context = await browser.newContext({ viewport: run.viewport });
    await context.addInitScript({ content: `localStorage.setItem("pg.language", "${run.lang}");` });
    const page = await context.newPage();
    const tour = page.getByTestId("tutorial");
    const active = page.locator('[data-guide-target="active"]');
    await page.goto(server.url);
    await expect(tour).toBeVisible({ timeout: 30_000 });

    const seen: string[] = [];
    const shots = new Set<string>();
    // the step on the card and the marked targets, read at one instant
    const read = () =>
      page.evaluate(() => {
        const marked = [...document.querySelectorAll('[data-guide-target="active"]')];
        const step = document.querySelector('[data-testid="tutorial"]')?.getAttribute("data-step") ?? "";
        return `${step}|${marked.map((el) => el.getAttribute("data-tour")).join(",")}`;
      });
    for (let move = 0; move < 120; move++) {
      // wait for the guide to settle (a step that completes on arrival may show for an instant)
      let last = "";
      await expect
        .poll(
          async () => {
            const now = await read();
            const same = now === last;
            last = now;
            return same;
          },
          { intervals: [700], timeout: 20_000 },
        )
        .toBe(true);
      const [step = "", anchor = ""] = last.split("|");
      if (step === "done") break;
      // one target, and only one, for every step
      expect(anchor, `step ${step} points at one target`).toMatch(/^[^,]+$/);
      await expect(active).toBeInViewport({ timeout: 10_000 });
      const view = await layout(page);
      if (view.card && view.target && !view.targetInCard)
        expect(overlap(view.card, view.target), `the card covers ${anchor} at ${step}`).toBe(false);
      for (const toast of view.toasts)
        for (const b of view.buttons)
          expect(overlap(toast, b), `a toast covers the card at ${step}`).toBe(false);
      if (!shots.has(`${step}-${anchor}`)) {
        shots.add(`${step}-${anchor}`);
        await page.screenshot({
          path: test.info().outputPath(`${String(shots.size).padStart(2, "0")}-${step}-${anchor}.png`),
        });
      }
      if (!seen.includes(step)) {
        seen.push(step);
        const route = SHOW_ME[step];
        if (route) {
          // "Show me" goes to the target's page and brings the target into view
          await page.getByTestId("tutorial-show").click();
          await expect(page).toHaveURL(route);
          await expect(active).toHaveCount(1, { timeout: 10_000 });
          await expect(active).toBeInViewport({ timeout: 10_000 });
          continue;
        }
      }

      if (WATCHED.test(anchor)) {
        await passTime(page, 6000);
      } else if (anchor === "username-input") {
        await active.fill("Tester");
        await active.press("Enter");
      } else {
        await active.click();
      }
      // the guide moves on: another step, another target, or (watched) time passed
      await expect
        .poll(
          async () =>
            `${await tour.getAttribute("data-step")}|${await active
              .getAttribute("data-tour", { timeout: 1000 })
              .catch(() => "")}`,
          { timeout: 15_000 },
        )
        .not.toBe(WATCHED.test(anchor) ? "" : `${step}|${anchor}`);
    }

    // the end: congratulations and a next goal, still pointing at one thing; Finish closes the guide
    await expect(tour).toHaveAttribute("data-step", "done", { timeout: 20_000 });
    // every step was shown but "inventory", done on arrival: the warrior is chosen on that page just before
    expect(seen).toEqual(TUTORIAL_STEPS.filter((step) => step !== "inventory"));
    // its next goal is Home's (one ranking in shared): the guide and Home never contradict each other
    const prefix = run.lang === "fr" ? "Prochain objectif : " : "Next goal: ";
    const guideGoal = ((await page.getByTestId("tutorial-next-goal").textContent()) ?? "").replace(
      prefix,
      "",
    );
    await expect(active).toHaveCount(1);
    await page.screenshot({ path: test.info().outputPath("99-finale.png") });
    await page.goto(`${server.url}/`);
    await expect(page.getByTestId("next-goal-text")).toHaveText(guideGoal);
    await page.getByTestId("tutorial-finish").click();
    await expect(tour).toHaveCount(0);
    await expect(active).toHaveCount(0);
    await context.close();
  });
}
