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
  await expect(page.getByRole("heading", { name: "Pickle Garden" })).toBeVisible();
});
