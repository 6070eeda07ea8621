import { inject } from "vitest";

// Runs in the kept vitest worker (warmVitestRunner.mjs) before each test file; it acts at a run's first file.
const state = globalThis.__vitest_worker__;
globalThis.__strykerWarmRuns ??= new WeakSet();
const seen = globalThis.__strykerWarmRuns;
if (!seen.has(state)) {
  seen.add(state);
  // as in a new worker: no mutant active while modules load (stryker-setup, next, sets a static one)
  const namespace = inject("globalNamespace");
  globalThis[namespace] ??= {};
  const ns = globalThis[namespace];
  ns.activeMutant = undefined;
  ns.hitCount = undefined;
  const graph = state.evaluatedModules;
  // (spelt in two so that this file is not taken for instrumented code)
  const marker = ["function stry", "MutAct_"].join("");
  const instrumented = [...graph.idToModuleMap.values()].filter((node) => node.meta?.code?.includes(marker));
  if (inject("mode") === "mutant") {
    // Two rewrites of the instrumented code for a mutant's run, the same result faster (an instrumented
    // test ran 5 to 10 times slower than plain): Stryker's coverage counter is no longer called (coverage is
    // only read after the dry run), and in every module but the active mutant's each switch
    // `stryMutAct_…("id")` becomes `false` (what it answers there), which the engine then compiles away.
    const active = inject("activeMutant");
    for (const node of instrumented) {
      const meta = node.meta;
      if (meta.switching === undefined) {
        meta.switching = meta.code.replace(/\bstryCov_\w+\(\s*"\d+"(?:\s*,\s*"\d+")*\s*\)/g, "void 0");
        meta.settled = meta.switching.replace(/\bstryMutAct_\w+\("\d+"\)/g, "false");
      }
      meta.code = meta.switching.includes(`("${active}")`) ? meta.switching : meta.settled;
    }
  }
  // The instrumented modules and every module importing one evaluate again (their code stays fetched):
  // module-level state (caches, tables built at load, a static mutant's constants) starts fresh each run,
  // as in a new worker. zod, the data tables and vitest stay loaded.
  const stale = new Set();
  const queue = [...instrumented];
  while (queue.length > 0) {
    const node = queue.pop();
    if (stale.has(node)) continue;
    stale.add(node);
    for (const id of node.importers) {
      const importer = graph.getModuleById(id);
      if (importer) queue.push(importer);
    }
  }
  for (const node of stale) {
    node.evaluated = false;
    node.promise = undefined;
    node.exports = undefined;
    node.imports.clear();
  }
}
