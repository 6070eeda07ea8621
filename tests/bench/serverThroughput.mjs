// `npm run bench` (after vitest bench): authenticated GET /api/user/get-user on the real server, with its
// production middleware (security headers, the write rate limit, same-origin checks, body parsing, the
// session check), against an Express hello-world, same machine, same run. Goal: with the website's
// session cookie, at least 0.8 × hello-world's req/s. Figures measured so far: docs/benchmarks.md.
// BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 50) tune it; BENCH_CPU_PROF=<dir> writes a
// CPU profile of the game server there (open it in Chrome DevTools or speedscope).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import serverNodeFlags from "../../server/nodeFlags.json" with { type: "json" };
import { signIn } from "./signIn.mjs";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const GOAL = 0.8;

function start(args, env = {}) {
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const url = new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[\w.:[\]]+)/.exec(output);
      if (match) resolve(match[1].replace("localhost", "127.0.0.1"));
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
  return { url, stop };
}

function cannon(url, headers, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections, duration, pipelining: 1 }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

const dataDir = mkdtempSync(join(tmpdir(), "pg-bench-"));
const profileArgs = process.env.BENCH_CPU_PROF
  ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
  : [];
const game = start([...serverNodeFlags, ...profileArgs, "--import", "tsx", "server/src/main.ts"], {
  PORT: "0",
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
  NODE_ENV: "production",
  AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0000",
});
const hello = start(["tests/bench/helloWorld.mjs"]);
try {
  const [gameUrl, helloUrl] = await Promise.all([game.url, hello.url]);
  const { bearer, cookie } = await signIn(gameUrl);
  const probe = await fetch(`${gameUrl}/api/user/get-user`, {
    headers: { authorization: `Bearer ${bearer}` },
  });
  if (probe.status !== 200)
    throw new Error(`GET /api/user/get-user answered ${probe.status}: ${await probe.text()}`);

  const warm = Math.max(1, Math.round(seconds / 5));
  await cannon(`${helloUrl}/`, {}, warm);
  await cannon(`${gameUrl}/api/user/get-user`, { authorization: `Bearer ${bearer}` }, warm);

  // Interleaved rounds: other work on the machine hits both sides alike.
  const rounds = Math.max(1, Math.round(seconds / 2.5));
  const slice = seconds / rounds;
  const runs = { hello: [], bearer: [], cookie: [], time: [] };
  for (let i = 0; i < rounds; i++) {
    runs.hello.push(await cannon(`${helloUrl}/`, {}, slice));
    runs.bearer.push(
      await cannon(`${gameUrl}/api/user/get-user`, { authorization: `Bearer ${bearer}` }, slice),
    );
    runs.cookie.push(await cannon(`${gameUrl}/api/user/get-user`, { cookie }, slice));
    runs.time.push(await cannon(`${gameUrl}/api/server-time`, {}, slice));
  }
  const merge = (list) => ({
    requests: { average: list.reduce((sum, r) => sum + r.requests.total, 0) / (slice * list.length) },
    latency: { p99: Math.max(...list.map((r) => r.latency.p99)) },
    non2xx: list.reduce((sum, r) => sum + r.non2xx, 0),
    errors: list.reduce((sum, r) => sum + r.errors, 0),
    timeouts: list.reduce((sum, r) => sum + r.timeouts, 0),
  });
  const helloResult = merge(runs.hello);
  const bearerResult = merge(runs.bearer);
  const cookieResult = merge(runs.cookie);
  const timeResult = merge(runs.time);

  const row = (name, r) => {
    const bad = r.non2xx + r.errors + r.timeouts;
    return `${name.padEnd(44)} ${String(Math.round(r.requests.average)).padStart(8)} req/s   p99 ${String(r.latency.p99).padStart(4)} ms${bad ? `   (${bad} failed)` : ""}`;
  };
  const ratio = bearerResult.requests.average / helloResult.requests.average;
  const cookieRatio = cookieResult.requests.average / helloResult.requests.average;
  console.log(
    `\nServer throughput (${connections} connections, ${seconds} s each in ${rounds} interleaved rounds, same machine, same run)`,
  );
  console.log(row("Express hello-world  GET /", helloResult));
  console.log(row("Pickle Garden  GET /api/user/get-user (bearer)", bearerResult));
  console.log(row("Pickle Garden  GET /api/user/get-user (cookie)", cookieResult));
  console.log(row("Pickle Garden  GET /api/server-time (no session)", timeResult));
  console.log(`ratio bearer/hello-world: ${ratio.toFixed(2)}`);
  console.log(
    `ratio cookie/hello-world: ${cookieRatio.toFixed(2)} (goal >= ${GOAL}) ${cookieRatio >= GOAL ? "OK" : "BELOW GOAL"}`,
  );
  console.log(
    `ratio server-time/hello-world: ${(timeResult.requests.average / helloResult.requests.average).toFixed(2)} (the stack alone: middleware, routing, headers)`,
  );
  if (bearerResult.non2xx + cookieResult.non2xx + timeResult.non2xx > 0) process.exitCode = 1;
} finally {
  await Promise.all([game.stop(), hello.stop()]);
  rmSync(dataDir, { recursive: true, force: true });
}
