import { expect, test } from "@playwright/test";
import { type RunningServer, removeDataDir, startServer } from "../support/startServer.ts";

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server.stop();
  removeDataDir(server.dataDir);
});

test("the game's page loads", async ({ page }) => {
  await page.goto(server.url);
  // a visitor is signed in as a guest and lands in the shell, whose brand links home
  await expect(page.getByRole("link", { name: "Pickle Garden" })).toBeVisible({ timeout: 20_000 });
});
