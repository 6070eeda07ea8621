import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import serverNodeFlags from "../../server/nodeFlags.json" with { type: "json" };

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** what the server has written so far (stdout and stderr): a failing test's evidence */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts the real server as a child process on port 0 with a fresh data folder and the test clock.
 * `script`: another server that prints the same "listening on <url>" line (the load test's bare one);
 * `nodeArgs`: flags for its Node (the load test's `--profile` passes `--cpu-prof`), after the game
 * server's own (server/nodeFlags.json, as `npm start` runs it).
 */
export async function startServer(
  env: Record<string, string> = {},
  dataDir = mkdtempSync(join(tmpdir(), "pickle-")),
  script = "server/src/main.ts",
  nodeArgs: readonly string[] = [],
): Promise<RunningServer> {
  const flags = script === "server/src/main.ts" ? serverNodeFlags : [];
  const child = spawn(process.execPath, [...flags, ...nodeArgs, "--import", "tsx", script], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: "0",
      DATA_DIR: dataDir,
      TEST_CLOCK: "1",
      LOG_LEVEL: "warn",
      GUEST_SIGNINS_PER_HOUR: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[\w.:[\]]+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
    setTimeout(() => reject(new Error(`server did not start in 60 s:\n${output}`)), 60_000).unref();
  });
  return {
    url,
    dataDir,
    process: child,
    output: () => output,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill(signal);
        await exited;
      }
    },
  };
}

export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
