import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { startRedis } from "../../server/testing/redisServer.ts";
import { type RunningServer, startServer } from "../support/startServer.ts";
import type { WorkerInput, WorkerResult } from "./clientWorker.ts";
import { seedPlayers } from "./seedPlayers.ts";

/**
 * `npm run load -- --players N --seconds S` (issue 10 §6; not part of npm test). N guests in rooms of
 * five, every room gathering at the garden or fighting aphids together, a party chat line every 30 s
 * each. Measures the delay from a server event (its simulation time, sent as `at`) or a chat line (its
 * timestamp) to the client receiving it, the server's CPU and RSS, and errors; then a bare Socket.IO
 * server sends the same number and size of events to as many clients, as the yardstick. The last line:
 * LOAD players=N p50=…ms p99=…ms bare_p99=…ms ratio=… rss=…MB kb_per_player_s=… errors=…
 * (kb_per_player_s: KB on the wire received per connected player per second, every frame counted)
 * Every client talks from 127.0.0.1, as Discord's proxy sends every Activity player from its own
 * addresses, with the production write limit on (counted per player): a 429 is an error like any other.
 * `--nodes K`: K game server nodes share one SQLite file and a redis-server of the run's own
 * (docs/scale-out.md); player i talks to node i mod K, so rooms span nodes; CPU and RSS are their sums.
 */

/** Worker threads do not inherit tsx's loader here: each registers it, then loads its TypeScript. */
const WORKER_BOOT = `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(
  new URL("./clientWorker.ts", import.meta.url).href,
)}); });`;
const SECRET = "load-test-secret-load-test-secret-0123456789";
const WARMUP_MS = 5_000;

const { values } = parseArgs({
  options: {
    players: { type: "string", default: "100" },
    seconds: { type: "string", default: "30" },
    /** server nodes sharing the game through a Redis of the run's own (docs/scale-out.md) */
    nodes: { type: "string", default: "1" },
    /** a folder for the game server's CPU profile (open it in Chrome's DevTools), the bare one's in its `bare` */
    profile: { type: "string" },
    /** with --nodes 2 or more: the run's Redis is restarted (empty) this many seconds into the measure */
    "restart-redis-after": { type: "string" },
  },
});
const players = Number(values.players);
const seconds = Number(values.seconds);
const nodeCount = Number(values.nodes);
const restartRedisAfter =
  values["restart-redis-after"] === undefined ? null : Number(values["restart-redis-after"]);
if (
  !(players > 0) ||
  !(seconds > 0) ||
  !(nodeCount >= 1) ||
  (restartRedisAfter !== null && !(nodeCount >= 2 && restartRedisAfter >= 0 && restartRedisAfter < seconds))
)
  throw new Error(
    "usage: npm run load -- --players N --seconds S [--nodes K [--restart-redis-after T, T < S]]",
  );

const log = (text: string) => console.log(`[load] ${text}`);
const errorKinds = new Map<string, number>();

/** Latencies in ms from every client thread. */
class Samples {
  private parts: Float64Array[] = [];
  add(part: Float64Array): void {
    this.parts.push(part);
  }
  get length(): number {
    return this.parts.reduce((n, part) => n + part.length, 0);
  }
  pct(p: number): number {
    const sorted = new Float64Array(this.length);
    let offset = 0;
    for (const part of this.parts) {
      sorted.set(part, offset);
      offset += part.length;
    }
    if (sorted.length === 0) return Number.NaN;
    sorted.sort();
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  }
}

/** A process's CPU seconds (user + system) and resident memory, from /proc. */
function procStats(pid: number): { cpu: number; rssMb: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return { cpu: ticks / 100, rssMb: rss / 1024 };
  } catch {
    // a process that ended: its CPU cannot be read, and it holds no memory (the peak so far stands)
    return { cpu: Number.NaN, rssMb: 0 };
  }
}

interface Run {
  latency: Samples;
  byEvent: Map<string, Samples>;
  received: Map<string, { count: number; bytes: number }>;
  errors: number;
  events: number;
  bytes: number;
  rssMb: number;
  cpuSeconds: number;
  /** the load generator's own CPU seconds (all its threads), beside the server on the same cores */
  generatorCpuSeconds: number;
  seconds: number;
}

/**
 * Spreads the N clients over one thread per core (tests/load/clientWorker.ts); once all are connected
 * (and, for the game, in their rooms), warms up, measures for S seconds on the server `pid`, and
 * gathers every thread's samples.
 */
/** A run's server CPU (and per event received, in µs) and RSS, and the generator's CPU beside it. */
const resources = (r: Run) =>
  `server CPU ${((r.cpuSeconds / r.seconds) * 100).toFixed(1)} % (${cpuPerEvent(r).toFixed(1)} µs an event), ` +
  `RSS ${r.rssMb.toFixed(0)} MB, generator CPU ${((r.generatorCpuSeconds / r.seconds) * 100).toFixed(0)} %`;

/** The server's CPU per event its clients received, in µs (the game's against the bare server's: docs/load.md). */
const cpuPerEvent = (r: Run) => (r.events > 0 ? (r.cpuSeconds * 1e6) / r.events : Number.NaN);

async function drive(
  urls: string[],
  kind: WorkerInput["kind"],
  pids: number[],
  measuring: () => void = () => undefined,
): Promise<Run> {
  const threads = Math.max(1, Math.min(availableParallelism(), Math.ceil(players / 500)));
  const workers = Array.from({ length: threads }, (_, t) => {
    const input: WorkerInput = {
      urls,
      kind,
      from: Math.floor((t * players) / threads),
      to: Math.floor(((t + 1) * players) / threads),
      secret: SECRET,
    };
    return new Worker(WORKER_BOOT, { eval: true, workerData: input });
  });
  type Message = { type: string; errors?: number; connected?: number; result?: WorkerResult };
  const next = (worker: Worker, type: string) =>
    new Promise<Message>((resolve, reject) => {
      const onMessage = (message: Message) => {
        if (message.type !== type) return;
        worker.off("message", onMessage);
        resolve(message);
      };
      worker.on("message", onMessage);
      worker.once("error", reject);
    });
  // connecting thousands takes minutes on a busy machine: say how far it got every 10 s
  const connected = workers.map(() => ({ clients: 0, errors: 0 }));
  workers.forEach((w, t) => {
    w.on("message", (m: Message) => {
      if (m.type === "progress") connected[t] = { clients: m.connected ?? 0, errors: m.errors ?? 0 };
    });
  });
  const sum = (key: "clients" | "errors") => connected.reduce((n, c) => n + c[key], 0);
  const progress = setInterval(
    () =>
      log(`${kind}: ${sum("clients")} of ${players} clients connected and joined (${sum("errors")} errors)`),
    10_000,
  );
  const joined = await Promise.all(workers.map((w) => next(w, "joined")));
  clearInterval(progress);
  log(
    `${kind}: ${players} clients connected${kind === "game" ? ", in their rooms, resting" : ""} (${joined.reduce((n, r) => n + (r.errors ?? 0), 0)} errors); starting`,
  );
  for (const w of workers) w.postMessage("start");
  const ready = await Promise.all(workers.map((w) => next(w, "ready")));
  log(
    `${kind}: ${players} clients connected over ${threads} threads (${ready.reduce((n, r) => n + (r.errors ?? 0), 0)} errors)`,
  );
  await new Promise((r) => setTimeout(r, WARMUP_MS));
  const before = serverStats(pids);
  const generatorBefore = procStats(process.pid);
  let rssMb = before.rssMb;
  const sampler = setInterval(() => {
    rssMb = Math.max(rssMb, serverStats(pids).rssMb);
  }, 1000);
  for (const w of workers) w.postMessage("measure");
  measuring();
  const started = Date.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const results = Promise.all(workers.map((w) => next(w, "result")));
  for (const w of workers) w.postMessage("stop");
  const elapsed = (Date.now() - started) / 1000;
  const after = serverStats(pids);
  const generatorAfter = procStats(process.pid);
  clearInterval(sampler);
  const run: Run = {
    latency: new Samples(),
    byEvent: new Map(),
    received: new Map(),
    errors: 0,
    events: 0,
    bytes: 0,
    rssMb: Math.max(rssMb, after.rssMb),
    cpuSeconds: after.cpu - before.cpu,
    generatorCpuSeconds: generatorAfter.cpu - generatorBefore.cpu,
    seconds: elapsed,
  };
  for (const { result } of await results) {
    if (!result) continue;
    for (const [event, values] of result.latencies) {
      run.latency.add(values);
      const own = run.byEvent.get(event) ?? new Samples();
      own.add(values);
      run.byEvent.set(event, own);
    }
    run.errors += result.errors;
    run.events += result.events;
    run.bytes += result.bytes;
    for (const [event, r] of result.received) {
      const seen = run.received.get(event) ?? { count: 0, bytes: 0 };
      run.received.set(event, { count: seen.count + r.count, bytes: seen.bytes + r.bytes });
    }
    for (const [text, n] of result.errorKinds) errorKinds.set(text, (errorKinds.get(text) ?? 0) + n);
  }
  await Promise.all(workers.map((w) => w.terminate()));
  return run;
}

/** The server processes' CPU seconds and resident memory, added up. */
function serverStats(pids: readonly number[]): { cpu: number; rssMb: number } {
  return pids
    .map(procStats)
    .reduce((sum, s) => ({ cpu: sum.cpu + s.cpu, rssMb: sum.rssMb + s.rssMb }), { cpu: 0, rssMb: 0 });
}

async function gameRun(): Promise<Run> {
  const dataDir = mkdtempSync(join(tmpdir(), "pickle-load-"));
  await seedPlayers(dataDir, players, Date.now());
  log(`${players} players seeded`);
  const redis = nodeCount > 1 ? await startRedis() : null;
  const servers: RunningServer[] = [];
  // one after the other: the first creates the tables
  for (let n = 0; n < nodeCount; n++) {
    servers.push(
      await startServer(
        {
          AUTH_SECRET: SECRET,
          NODE_ENV: "test",
          LOG_LEVEL: "warn",
          TEST_CLOCK: "0",
          ROOM_CREATES_PER_HOUR: "10000",
          ...(redis ? { REDIS_URL: redis.url } : {}),
        },
        dataDir,
        undefined,
        [
          ...(values.profile ? ["--cpu-prof", `--cpu-prof-dir=${values.profile}`] : []),
          ...(process.env.LOAD_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
        ],
      ),
    );
  }
  const restartRedis = () => {
    if (!redis || restartRedisAfter === null) return;
    setTimeout(() => {
      log(`restarting Redis ${restartRedisAfter} s into the measure`);
      void redis.restart().then(() => log("Redis is back (empty)"));
    }, restartRedisAfter * 1000);
  };
  const run = await drive(
    servers.map((s) => s.url),
    "game",
    servers.map((s) => s.process.pid!),
    restartRedis,
  );
  // a node that died during the measure (its clients' disconnections are counted too)
  for (const [n, server] of servers.entries()) {
    const ended = server.process.exitCode ?? server.process.signalCode;
    if (ended === null) continue;
    log(`node ${n} ended during the run (${ended}); its output's end:\n${server.output().slice(-1_500)}`);
    const kind = `node ended: ${ended}`;
    errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
    run.errors += 1;
  }
  for (const server of servers) await server.stop();
  await redis?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  return run;
}

/** The yardstick: a bare Socket.IO server sending as many events of the same size to as many clients. */
async function bareRun(eventsPerSecond: number, payloadBytes: number): Promise<Run> {
  const dataDir = mkdtempSync(join(tmpdir(), "pickle-bare-"));
  const server = await startServer(
    { BARE_RATE: String(eventsPerSecond), BARE_BYTES: String(payloadBytes) },
    dataDir,
    "tests/load/bareServer.ts",
    values.profile ? ["--cpu-prof", `--cpu-prof-dir=${join(values.profile, "bare")}`] : [],
  );
  const run = await drive([server.url], "bare", [server.process.pid!]);
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  return run;
}

const game = await gameRun();
const rate = game.events / game.seconds;
const size = game.events > 0 ? Math.round(game.bytes / game.events) : 100;
log(
  `game: ${game.events} events in ${game.seconds.toFixed(1)} s (${rate.toFixed(0)}/s, ${size} B each), ` +
    `${game.latency.length} timed, ${resources(game)}`,
);
for (const [event, r] of [...game.received].sort((a, b) => b[1].bytes - a[1].bytes)) {
  const s = game.byEvent.get(event);
  const timed = s ? `, p50 ${s.pct(50).toFixed(1)} ms, p99 ${s.pct(99).toFixed(1)} ms` : "";
  log(
    `  ${event}: ${(r.count / game.seconds).toFixed(0)}/s, ${Math.round(r.bytes / r.count)} B each${timed}`,
  );
}
const bare = await bareRun(rate, size);
log(`bare: ${bare.events} events in ${bare.seconds.toFixed(1)} s, ${resources(bare)}`);
log(`CPU per event, game / bare: ${(cpuPerEvent(game) / cpuPerEvent(bare)).toFixed(2)}`);
for (const [text, n] of errorKinds) log(`error ×${n}: ${text}`);
const p50 = game.latency.pct(50);
const p99 = game.latency.pct(99);
const bareP99 = bare.latency.pct(99);
console.log(
  `LOAD players=${players} p50=${p50.toFixed(1)}ms p99=${p99.toFixed(1)}ms bare_p99=${bareP99.toFixed(1)}ms ` +
    `ratio=${(p99 / bareP99).toFixed(2)} rss=${game.rssMb.toFixed(0)}MB ` +
    `kb_per_player_s=${(game.bytes / 1024 / players / game.seconds).toFixed(2)} errors=${game.errors + bare.errors}`,
);
process.exit(0);
