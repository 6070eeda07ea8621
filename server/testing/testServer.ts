import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Player } from "@pickle-garden/shared";
import { createServer, type PickleServer, type ServerDeps } from "../src/app.ts";
import { type Config, loadConfig } from "../src/config.ts";

/**
 * Test support: the real server in-process on port 0 with a fresh DATA_DIR, the test clock and a fixed
 * secret. `close()` shuts it down and removes the data folder (unless keepData).
 */
export interface TestServer {
  url: string;
  server: PickleServer;
  config: Config;
  dataDir: string;
  close(options?: { keepData?: boolean }): Promise<void>;
}

export const TEST_AUTH_SECRET = "test-secret-test-secret-test-secret-0123456789";

export async function startTestServer(
  env: Record<string, string> = {},
  deps: ServerDeps = {},
  dataDir = mkdtempSync(join(tmpdir(), "pg-test-")),
): Promise<TestServer> {
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    TEST_CLOCK: "1",
    AUTH_SECRET: TEST_AUTH_SECRET,
    PORT: "0",
    DATA_DIR: dataDir,
    GUEST_SIGNINS_PER_HOUR: "0",
    ...env,
  });
  const server = await createServer(config, deps);
  await new Promise<void>((resolve) => server.httpServer.listen(0, "127.0.0.1", resolve));
  const { port } = server.httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    config,
    dataDir,
    async close({ keepData = false } = {}) {
      await server.close();
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Stores a player the test made (never away, nothing pending) and answers a bearer session token for it. */
export async function storedPlayerToken(t: TestServer, player: Player): Promise<string> {
  await t.server.store.createPlayer({
    player,
    meta: { awaySince: null, pendingOffline: null, lastDelivered: null, archived: false },
  });
  return t.server.signer.sessionToken(player.discordId, t.server.clock.now());
}

/** A call to `${url}/api${path}` with a bearer token: its status and JSON answer. */
export async function bearerApi(
  url: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${url}/api${path}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A fetch that keeps cookies like a browser (one origin, enough for tests). */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set("cookie", this.header());
    const res = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const line of res.headers.getSetCookie()) {
      const [pair = "", ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
}

/** The website's guest sign-in: GET csrf, POST callback/guest (with optional extra form fields). */
export async function guestSignIn(
  url: string,
  jar: CookieJar,
  fields: Record<string, string> = {},
): Promise<{ status: number; discordId: string | undefined }> {
  const { csrfToken } = (await (await jar.fetch(`${url}/api/auth/csrf`)).json()) as { csrfToken: string };
  const res = await jar.fetch(`${url}/api/auth/callback/guest`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, callbackUrl: url, ...fields }),
  });
  await res.text();
  const session = (await (await jar.fetch(`${url}/api/auth/session`)).json()) as {
    user?: { discordId?: string };
  } | null;
  return { status: res.status, discordId: session?.user?.discordId };
}
