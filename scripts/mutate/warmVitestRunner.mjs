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
 * A mutant that runs too long (an endless loop) is stopped here, before Stryker's own timeout, and as soon as
 * the thread has been silent far longer than its slowest test takes (see mutantRun).
 *
 * It leans on vitest 4.1's pool (a worker thread answers "run" messages until told to stop) and on the
 * stock runner's fields (`ctx`): both pinned in package.json; check it again when upgrading either.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { commonTokens, declareFactoryPlugin, PluginKind, tokens } from "@stryker-mutator/api/plugin";
import { DryRunStatus, MutantRunStatus } from "@stryker-mutator/api/test-runner";
import { strykerPlugins as vitestPlugins } from "@stryker-mutator/vitest-runner";
import { ThreadsPoolWorker } from "vitest/node";

const POOL = "stryker-warm-threads";
const WARM_SETUP = fileURLToPath(new URL("./warmSetup.mjs", import.meta.url));
/** Where the dry run leaves its start-up overhead and each test's time for every worker process, in the sandbox. */
const DRY_RUN_FILE = "stryker-warm-dry-run.json";
// chosen: a new thread in a warm process boots, loads vitest and zod and evaluates the rules again (about
// 2.5 s measured at load 5)
const NEW_THREAD_MARGIN_MS = 5_000;
// chosen: ahead of Stryker's timer by more than a message between the processes takes
const STRYKER_FIRST_MS = 1_000;
// chosen: a terminated thread's run settles in milliseconds; past this the process is left to Stryker's timeout
const SETTLE_MS = 10_000;
// chosen: a warm run takes 0.12 to 0.15 times its tests' time in the dry run (instrumented, coverage counted;
// measured on a whole run's survivors), so a thread silent for half its slowest covering test's dry-run time
// plus this margin (more than a new thread takes to boot before it asks for its first module) is stuck in
// one test, even on a machine three times as loaded
const SILENCE_FACTOR = 0.5;
const SILENCE_MARGIN_MS = 5_000;
const SILENCE_POLL_MS = 250;

/** The promise's outcome, or `late` when it takes longer than `ms`. */
async function within(promise, ms, late) {
  let timer;
  const expiry = new Promise((resolve) => {
    timer = setTimeout(resolve, ms, late);
  });
  try {
    return await Promise.race([promise, expiry]);
  } finally {
    clearTimeout(timer);
  }
}

/** The thread's outcome once nothing has been heard from it for `ms`. */
function silentFor(ms, late) {
  let poll;
  const silent = new Promise((resolve) => {
    poll = setInterval(() => {
      if (kept && performance.now() - kept.heardAt > ms) resolve(late);
    }, SILENCE_POLL_MS);
  });
  return { silent, stop: () => clearInterval(poll) };
}

/**
 * The one vitest worker thread of this Stryker worker process, kept between mutants, and when it last sent
 * a message: it sends one as each test starts and ends (task updates, at most 100 ms apart) and for each module
 * it loads, so a thread long silent is stuck in one test.
 */
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
      kept = { thread, started: false, heardAt: performance.now() };
      await thread.start();
      thread.on("message", () => {
        if (kept?.thread === thread) kept.heardAt = performance.now();
      });
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
    kept?.thread.off(event, callback);
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
    // (the sandbox is the working directory once the plugin is constructed, not yet when it is imported)
    this.localSetupFile = path.resolve(`./stryker-warm-setup-${process.env.STRYKER_MUTATOR_WORKER ?? 0}.mjs`);
    this.dryRunFile = path.resolve(DRY_RUN_FILE);
    /** DRY_RUN_FILE's figures, read at the first mutant; null when unknown. */
    this.dryRunFigures = undefined;
    this.traceFile = process.env.STRYKER_WARM_TRACE;
    this.mutantRuns = 0;
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
  async dryRun(options) {
    const start = performance.now();
    const result = await this.inner.dryRun(options);
    if (result.status === DryRunStatus.Complete) {
      // what Stryker adds to every mutant's timeout (gross minus net, core's dry-run executor): the start-up
      // of this first run, which a warm run never pays again
      const net = result.tests.reduce((sum, test) => sum + test.timeSpentMs, 0);
      const overheadMs = Math.max(0, performance.now() - start - net);
      const testMs = Object.fromEntries(result.tests.map((test) => [test.id, test.timeSpentMs]));
      await fs.promises.writeFile(this.dryRunFile, JSON.stringify({ overheadMs, testMs }));
    }
    return result;
  }
  /**
   * Stryker's timeout (core's mutant-test-planner) is `timeoutFactor × net + timeoutMS + overhead`, and when
   * it fires, Stryker's process kills this one and starts a new one, cold. So a run is stopped here first, its
   * thread terminated (this works on a busy loop) and reported as a timeout; the next run starts a new thread
   * in this process:
   * - once the thread has been silent for SILENCE_FACTOR times its slowest covering test's dry-run time plus
   *   a margin: it is stuck in one test;
   * - at `timeout - overhead` (plus a margin when the thread is new), as a warm run never pays the overhead;
   *   a process's first run, cold (its modules are transformed again), just before Stryker's limit.
   */
  async mutantRun(options) {
    const started = performance.now();
    const { result, ...limits } = await this.runWarm(options);
    if (this.traceFile) this.trace(options, result, limits, performance.now() - started);
    return result;
  }
  async runWarm(options) {
    const figures = this.readDryRunFigures();
    if (figures === null) return { result: await this.inner.mutantRun(options) };
    // A process's first run is cold (it transforms every module again) and pays the overhead; a warm one
    // never does. Either is stopped before Stryker's own limit (its timer started first, in Stryker's
    // process): past it, Stryker restarts this process.
    const newThread = kept?.started ? 0 : NEW_THREAD_MARGIN_MS;
    const cold = this.mutantRuns++ === 0;
    const budget = Math.min(
      options.timeout - (cold ? 0 : figures.overheadMs - newThread),
      options.timeout - STRYKER_FIRST_MS,
    );
    // a test stuck in a loop stops the thread's messages long before the whole run's budget is spent
    const tests = options.testFilter ?? Object.keys(figures.testMs);
    const slowest = Math.max(0, ...tests.map((id) => figures.testMs[id] ?? 0));
    const silenceMs = SILENCE_FACTOR * slowest + SILENCE_MARGIN_MS;
    const watch = silentFor(silenceMs, "silence");
    if (kept) kept.heardAt = performance.now();
    const run = this.inner.mutantRun(options);
    const outcome = await Promise.race([within(run, budget, "budget"), watch.silent]).finally(watch.stop);
    if (outcome !== "budget" && outcome !== "silence") return { result: outcome, silenceMs };
    const thread = kept?.thread;
    kept = undefined;
    await thread?.stop().catch(() => {});
    // the run fails with "Worker exited unexpectedly"; should vitest stay busy, Stryker's timeout restarts
    // the process
    const settled = await within(
      run.then(
        () => true,
        () => true,
      ),
      SETTLE_MS,
      false,
    );
    if (!settled) await new Promise(() => {});
    return { result: { status: MutantRunStatus.Timeout }, stoppedBy: outcome, silenceMs };
  }
  /** The dry run's start-up overhead and each test's time (ms), or null when unknown. */
  readDryRunFigures() {
    if (this.dryRunFigures === undefined) {
      try {
        this.dryRunFigures = JSON.parse(fs.readFileSync(this.dryRunFile, "utf8"));
      } catch {
        this.dryRunFigures = null;
      }
    }
    return this.dryRunFigures;
  }
  /** One line a mutant (STRYKER_WARM_TRACE): where the whole run's time goes. */
  trace(options, result, { stoppedBy, silenceMs }, ms) {
    const mutant = options.activeMutant;
    const line = {
      file: path.relative(process.cwd(), mutant.fileName),
      line: mutant.location.start.line + 1,
      mutator: mutant.mutatorName,
      status: result.status,
      tests: options.testFilter?.length ?? "all",
      ms: Math.round(ms),
      timeoutMs: options.timeout,
      silenceMs,
      ...(stoppedBy && { stoppedBy }),
    };
    fs.appendFileSync(this.traceFile, `${JSON.stringify(line)}\n`);
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
