import { defineConfig } from "@playwright/test";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium";

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  timeout: 120_000,
  workers: 1,
  // one retry on CI only, so a flake is reported as "flaky" in the output instead of hiding a real failure
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  globalSetup: "./e2e/globalSetup.ts",
  use: {
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
      ],
    },
    screenshot: "only-on-failure",
  },
});
