import { expect, test } from "@playwright/test";
import { serverPerFile } from "./serverPerFile.ts";

const server = serverPerFile();

test("the game's page loads", async ({ page }) => {
  await page.goto(server.url);
  // a visitor is signed in as a guest and lands in the shell, whose brand links home
  await expect(page.getByRole("link", { name: "Pickle Garden" })).toBeVisible({ timeout: 20_000 });
});
