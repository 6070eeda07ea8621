import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      { test: { name: "shared", root: "shared", environment: "node", testTimeout: 30_000 } },
      { test: { name: "server", root: "server", environment: "node", testTimeout: 30_000 } },
      { test: { name: "bot", root: "bot", environment: "node" } },
      {
        test: {
          name: "integration",
          root: "tests",
          environment: "node",
          include: ["integration/**/*.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "security",
          root: "tests",
          environment: "node",
          include: ["security/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      "web/vitest.config.ts",
      "activity/vitest.config.ts",
    ],
    passWithNoTests: true,
  },
});
