import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

/** The real entry point as a process: the listening line, a clean SIGTERM, and a refused start. */

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "pg-main-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
    cwd: repoRoot,
    env: { ...process.env, PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c: Buffer) => {
    stdout += c.toString();
  });
  child.stderr.on("data", (c: Buffer) => {
    stderr += c.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

describe("main.ts", () => {
  it("prints the listening line even at LOG_LEVEL=warn, serves, and exits 0 on SIGTERM", async () => {
    const p = run({ NODE_ENV: "development" });
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        const match = /Pickle Garden listening on (http:\/\/[\w.:[\]]+)/.exec(p.out());
        if (match?.[1]) {
          clearInterval(timer);
          resolve(match[1]);
        }
      }, 50);
      void p.exited.then((code) => {
        clearInterval(timer);
        reject(new Error(`exited ${code}: ${p.err()}`));
      });
    });
    expect(url).toMatch(/^http:\/\/localhost:\d+$/);
    expect(await (await fetch(`${url}/healthz`)).json()).toMatchObject({ ok: true });
    p.child.kill("SIGTERM");
    expect(await p.exited).toBe(0);
  });

  it("refuses to start in production without AUTH_SECRET, saying why", async () => {
    const p = run({ NODE_ENV: "production", AUTH_SECRET: "" });
    expect(await p.exited).toBe(1);
    expect(p.err()).toMatch(/AUTH_SECRET is required when NODE_ENV=production/);
    expect(p.out()).not.toMatch(/listening/);
  });
});
