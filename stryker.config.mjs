// @ts-check
/**
 * Mutation testing of the rules (`npm run mutate`; docs/testing.md). Not part of `npm test`: a whole run
 * takes tens of minutes on this machine.
 * @type {import("@stryker-mutator/api/core").PartialStrykerOptions}
 */
const config = {
  testRunner: "vitest-warm",
  plugins: ["@stryker-mutator/vitest-runner", "./scripts/mutate/warmVitestRunner.mjs"],
  // shared's tests only: related to the mutated file, each mutant run against the tests that reach it
  vitest: { configFile: "shared/vitest.mutate.config.ts", related: true },
  coverageAnalysis: "perTest",
  // the first run of the whole suite, instrumented, takes minutes on a loaded machine
  dryRunTimeoutMinutes: 30,
  // the rules' code; their test support lives in shared/testing
  mutate: ["shared/src/rules/**/*.ts", "!shared/src/rules/**/*.test.ts"],
  // the sandbox needs shared/ only (node_modules is linked, not copied)
  ignorePatterns: [
    "/web",
    "/server",
    "/bot",
    "/activity",
    "/tests",
    "/docs",
    "/scripts",
    "/data",
    "/.stryker-tmp*",
  ],
  // the sandbox holds the whole tree, so no tsconfig needs its paths rewritten; and TypeScript 7 has no JS API
  // for Stryker's rewriter to call: point it at a file that does not exist
  tsconfigFile: "no-tsconfig-to-rewrite.json",
  incremental: true,
  incrementalFile: "reports/mutation/stryker-incremental.json",
  reporters: ["clear-text", "progress", "html"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  clearTextReporter: { allowEmojis: false, logTests: false, reportScoreTable: true },
  // the machine is shared: raise it with --concurrency N on your own
  concurrency: 1,
  thresholds: { high: 85, low: 70, break: null },
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
};

export default config;
