import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Stryker stops a mutant's run at its first failing test: the file that failed last (it killed the previous
 * mutant, likely a neighbour) goes first, then the quickest ones, where vitest would start with the slowest.
 */
class QuickFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const last = this.ctx.cache.getFileTestResults(
        `${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`,
      );
      return last ? (last.failed ? -1 : last.duration) : 0;
    };
    return [...files].sort((a, b) => rank(a) - rank(b));
  }
}

/**
 * The shared project alone, for Stryker (stryker.config.mjs): its tests are the ones that reach the rules.
 * Stryker starts a new vitest worker for each mutant, so the files of one run may share it (`isolate: false`):
 * the rules and their tables are imported once a mutant instead of once a test file (the shared tests mock
 * nothing and keep no state between files).
 */
export default defineConfig({
  test: {
    name: "shared",
    root: fileURLToPath(new URL(".", import.meta.url)),
    environment: "node",
    isolate: false,
    // Cross-checks that settle hundreds of simulated days two ways (blocks against node by node, one span
    // against many): instrumented, they took 95 s of the suite's 214 s, and every surviving mutant of the
    // state and simulation code reran them whole. npm test keeps them.
    exclude: [
      ...configDefaults.exclude,
      "src/rules/simulation/advanceDistribution.test.ts",
      "src/rules/simulation/splitSpan.test.ts",
    ],
    sequence: { sequencer: QuickFirst },
    setupFiles: ["./vitest.mutate.setup.ts"],
    // instrumented code runs slower, and this machine is shared
    testTimeout: 120_000,
  },
});
