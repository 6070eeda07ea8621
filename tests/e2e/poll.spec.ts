import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, type Page, test } from "@playwright/test";
import { serverPerFile } from "./serverPerFile.ts";

/**
 * An operator publishes a poll with the admin CLI; a player votes on it, it closes, and it shows again when
 * the operator edits it (a new version). A screenshot per step.
 */

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const server = serverPerFile();

function panelsCli(...args: string[]): string {
  return execFileSync(process.execPath, ["--import", "tsx", "server/src/cli/panels.ts", ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
}

async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

test("a player votes on a poll, which comes back when its version changes", async ({ page }) => {
  test.setTimeout(120_000);
  expect(
    panelsCli(
      "create",
      "--type",
      "poll",
      "--id",
      "next-seed",
      "--title",
      "Which seed next?",
      "--body",
      "Vote for the next garden plant.",
      "--option",
      "tomato=Tomato",
      "--option",
      "basil=Basil",
    ),
  ).toContain("created next-seed v1");

  await page.goto(server.url);
  const panel = page.getByTestId("panel-overlay");
  await expect(panel).toBeVisible({ timeout: 30_000 });
  await expect(panel).toContainText("Which seed next?");
  await expect(panel.getByTestId("panel-dismiss")).toBeVisible();
  await snap(page, "01-poll");

  await panel.getByRole("button", { name: "Vote for Basil" }).click();
  await expect(panel).toBeHidden();
  expect(panelsCli("list")).toMatch(/next-seed v1 poll .*"basil":1/);
  await snap(page, "02-voted");

  // a reload does not bring it back: this version was voted on
  await page.reload();
  await expect(page.getByRole("heading", { name: "Your garden" })).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(1500);
  await expect(panel).toBeHidden();

  // the operator edits it: version 2 shows again (polled when the tab becomes visible)
  expect(panelsCli("update", "next-seed", "--title", "Which seed next? (second round)")).toContain("v2");
  await page.evaluate("document.dispatchEvent(new Event('visibilitychange'))");
  await expect(panel).toBeVisible({ timeout: 10_000 });
  await expect(panel).toContainText("second round");
  await snap(page, "03-new-version");
});
