// Profiles the game server under authenticated GET /api/user/get-user alone:
// `node tests/bench/profileGetUser.mjs [dir]` writes a .cpuprofile of the server to dir (default ./profiles).
// BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 50) tune it; BENCH_AUTH=cookie signs in with the
// website's session cookie instead of the activity's bearer token.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { signIn } from "./signIn.mjs";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const profileDir = resolve(process.argv[2] ?? "profiles");
const path = process.env.BENCH_PATH ?? "/api/user/get-user";

const dataDir = mkdtempSync(join(tmpdir(), "pg-prof-"));
const child = spawn(
  process.execPath,
  ["--cpu-prof", `--cpu-prof-dir=${profileDir}`, "--import", "tsx", "server/src/main.ts"],
  {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: "0",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0000",
    },
    stdio: ["ignore", "pipe", "inherit"],
  },
);
const url = await new Promise((resolveUrl) => {
  let out = "";
  child.stdout.on("data", (c) => {
    out += c;
    const m = /listening on (http:\/\/[\w.:[\]]+)/.exec(out);
    if (m) resolveUrl(m[1].replace("localhost", "127.0.0.1"));
  });
});
try {
  const { bearer, cookie } = await signIn(url);
  const result = await autocannon({
    url: `${url}${path}`,
    headers: process.env.BENCH_AUTH === "cookie" ? { cookie } : { authorization: `Bearer ${bearer}` },
    connections,
    duration: seconds,
  });
  console.log(`${path}: ${Math.round(result.requests.average)} req/s, non2xx ${result.non2xx}`);
} finally {
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}
