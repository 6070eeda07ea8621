/**
 * Stryker's vitest runner, with its mutants run warm (`npm run mutate`; docs/testing.md, "Mutation testing").
 *
 * The stock runner calls `vitest.start()` once a mutant, and vitest starts a new worker thread for each
 * start: the thread boots, loads vitest, zod, the data tables and the instrumented rules again, about half a
 * second before the first test. Stryker switches mutants at run time (`__stryker__.activeMutant`), so here
 * one worker thread is kept for the Stryker worker process's whole life: vitest's pool is given a worker
 * whose stop keeps the thread, and whose start reuses it. Before each run, warmSetup.mjs (first of the
 * setup files) makes the instrumented modules and their importers evaluate again, so that caches and
 * module-level values start fresh as in a new thread, and a static mutant is switched on before they load.
 *
 * It leans on vitest 4.1's pool (a worker thread answers "run" messages until told to stop) and on the
 * stock runner's fields (`ctx`): both pinned in package.json; check it again when upgrading either.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { commonTokens, declareFactoryPlugin, PluginKind, tokens } from "@stryker-mutator/api/plugin";
import { strykerPlugins as vitestPlugins } from "@stryker-mutator/vitest-runner";
import { ThreadsPoolWorker } from "vitest/node";

const POOL = "stryker-warm-threads";
const WARM_SETUP = fileURLToPath(new URL("./warmSetup.mjs", import.meta.url));

/** The one vitest worker thread of this Stryker worker process, kept between mutants. */
let kept;

class KeptThreadWorker {
  name = POOL;
  /** @type {Array<[string, (arg: unknown) => void]>} */
  listeners = [];
  constructor(options) {
    this.options = options;
  }
  async start() {
    if (!kept) {
      const thread = new ThreadsPoolWorker(this.options);
      kept = { thread, started: false };
      await thread.start();
      // a thread that died (out of memory) is not reused: the next run starts a new one
      thread.on("exit", () => {
        if (kept?.thread === thread) kept = undefined;
      });
    }
  }
  on(event, callback) {
    kept.thread.on(event, callback);
    this.listeners.push([event, callback]);
  }
  off(event, callback) {
    kept.thread.off(event, callback);
    this.listeners = this.listeners.filter(([e, c]) => e !== event || c !== callback);
  }
  reply(message) {
    const response = { ...message, __vitest_worker_response__: true };
    setImmediate(() => {
      for (const [event, callback] of this.listeners) if (event === "message") callback(response);
    });
  }
  send(message) {
    if (message.type === "start") {
      if (kept.started) return this.reply({ type: "started" });
      kept.started = true;
    }
    if (message.type === "stop") return this.reply({ type: "stopped" });
    if (message.type === "run" || message.type === "collect") {
      // the thread keeps the config it was started with: hand it this run's (testNamePattern)
      message = {
        ...message,
        context: { ...message.context, config: this.options.project.serializedConfig },
      };
    }
    kept.thread.send(message);
  }
  async stop() {
    for (const [event, callback] of this.listeners) kept?.thread.off(event, callback);
    this.listeners = [];
  }
  deserialize(data) {
    return data;
  }
  canReuse() {
    return true;
  }
}

export class WarmVitestRunner {
  constructor(inner) {
    this.inner = inner;
    this.localSetupFile = path.resolve(`./stryker-warm-setup-${process.env.STRYKER_MUTATOR_WORKER ?? 0}.mjs`);
  }
  capabilities() {
    return { reloadEnvironment: true };
  }
  async init() {
    await this.inner.init();
    await fs.promises.copyFile(WARM_SETUP, this.localSetupFile);
    const ctx = this.inner.ctx;
    // the stock runner names a covering test's file once per test: vitest then compares every test file
    // with each name
    const start = ctx.start.bind(ctx);
    ctx.start = (filters) => start(filters && [...new Set(filters)]);
    for (const project of ctx.projects) {
      project.config.pool = POOL;
      project.config.poolRunner = {
        name: POOL,
        createPoolWorker: (options) => new KeptThreadWorker(options),
      };
      project.config.setupFiles = [this.localSetupFile, ...project.config.setupFiles];
    }
  }
  dryRun(options) {
    return this.inner.dryRun(options);
  }
  mutantRun(options) {
    return this.inner.mutantRun(options);
  }
  async dispose() {
    if (kept) await kept.thread.stop().catch(() => {});
    kept = undefined;
    await this.inner.dispose();
    await fs.promises.rm(this.localSetupFile, { force: true });
  }
}

const vitestFactory = vitestPlugins[0].factory;
function createWarmVitestRunner(injector) {
  return new WarmVitestRunner(injector.injectFunction(vitestFactory));
}
createWarmVitestRunner.inject = tokens(commonTokens.injector);

export const strykerPlugins = [
  declareFactoryPlugin(PluginKind.TestRunner, "vitest-warm", createWarmVitestRunner),
];
