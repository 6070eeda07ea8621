import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** The shared project alone, for Stryker (stryker.config.mjs): its tests are the ones that reach the rules. */
export default defineConfig({
  test: {
    name: "shared",
    root: fileURLToPath(new URL(".", import.meta.url)),
    environment: "node",
    // instrumented code runs slower, and this machine is shared
    testTimeout: 120_000,
  },
});
