import { test } from "@playwright/test";
import { type RunningServer, removeDataDir, startServer } from "../support/startServer.ts";

/**
 * A fresh real server (its own temp DATA_DIR, the test clock) for the spec file that calls this: started
 * before the file's tests, stopped and its data removed after them. Read `url` and `dataDir` inside tests.
 * `env` adds to the server's environment (e.g. a shorter room grace period).
 */
export function serverPerFile(env: Record<string, string> = {}): Pick<RunningServer, "url" | "dataDir"> {
  let server: RunningServer | undefined;
  test.beforeAll(async () => {
    server = await startServer(env);
  });
  test.afterAll(async () => {
    if (!server) return;
    await server.stop();
    removeDataDir(server.dataDir);
  });
  const started = (): RunningServer => {
    if (!server) throw new Error("the server starts in beforeAll");
    return server;
  };
  return {
    get url() {
      return started().url;
    },
    get dataDir() {
      return started().dataDir;
    },
  };
}
