import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connected, gameSocket } from "../testing/gameSocket.ts";
import { CookieJar, guestSignIn, startTestServer, type TestServer } from "../testing/testServer.ts";
import { TestClock } from "./clock.ts";
import { connectedPlayers } from "./metrics.ts";

const webDist = mkdtempSync(join(tmpdir(), "pg-web-"));
mkdirSync(join(webDist, "assets"));
writeFileSync(join(webDist, "index.html"), "<!doctype html><title>Pickle Garden</title>");
writeFileSync(join(webDist, "activity.html"), "<!doctype html><title>Pickle Garden in Discord</title>");
writeFileSync(join(webDist, "assets", "app-B6zqXE1c.js"), "console.log('hi')");
writeFileSync(join(webDist, "robots.txt"), "User-agent: *");

let t: TestServer;
let bearer: string;
beforeAll(async () => {
  t = await startTestServer({ CORS_ORIGINS: "https://activity.example.com" }, { webDist });
  const jar = new CookieJar();
  await guestSignIn(t.url, jar);
  bearer = (
    (await (await jar.fetch(`${t.url}/api/account/session-token`, { method: "POST" })).json()) as {
      sessionToken: string;
    }
  ).sessionToken;
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${t.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${bearer}`, ...headers },
    body,
  });

describe("operations", () => {
  it("GET /healthz", async () => {
    const res = await fetch(`${t.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true });
  });

  it("GET /metrics exposes the game's metrics in Prometheus format", async () => {
    const res = await fetch(`${t.url}/metrics`);
    expect(res.headers.get("content-type")).toMatch(/text\/plain/);
    const text = await res.text();
    for (const name of [
      "pickle_garden_connected_players",
      "pickle_garden_live_sessions",
      "pickle_garden_game_events_total",
      "pickle_garden_store_write_seconds_bucket",
      "pickle_garden_offline_syncs_total",
      "pickle_garden_process_cpu_seconds_total",
    ]) {
      expect(text).toContain(name);
    }
    // store writes are timed (a guest was created in beforeAll)
    expect(text).toMatch(/pickle_garden_store_write_seconds_count\{op="createPlayer"\} [1-9]/);
  });

  it("sets security headers (helmet): the website framed by itself only, the Activity by any Discord frame", async () => {
    const website = await fetch(`${t.url}/`);
    expect(await website.text()).toContain("<title>Pickle Garden</title>");
    expect(website.headers.get("x-content-type-options")).toBe("nosniff");
    expect(website.headers.get("content-security-policy")).toMatch(/frame-ancestors 'self'(;|$)/);
    expect(website.headers.get("x-frame-options")).toBeNull();
    expect(website.headers.get("x-powered-by")).toBeNull();
    // as Discord launches it, from discord.com, discordapp.com, ptb, canary or a phone's frame
    for (const path of ["/?frame_id=f1&instance_id=i-1&platform=mobile", "/activity"]) {
      const activity = await fetch(`${t.url}${path}`);
      expect(await activity.text()).toContain("in Discord");
      const csp = activity.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain("frame-ancestors");
    }
  });

  it("caches the build's hashed files for good, and revalidates files of fixed names", async () => {
    const hashed = await fetch(`${t.url}/assets/app-B6zqXE1c.js`);
    expect(hashed.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const fixed = await fetch(`${t.url}/robots.txt`);
    expect(fixed.headers.get("cache-control")).toBe("no-cache");
    expect(fixed.headers.get("etag")).toBeTruthy();
    expect((await fetch(`${t.url}/`)).headers.get("cache-control")).toBe("no-cache");
  });
});

describe("bad input", () => {
  it("answers 400 Malformed JSON", async () => {
    const res = await post("/api/user/username", "{not json");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "Malformed JSON" });
  });

  it("answers 413 to a body over 16 kB", async () => {
    const res = await post("/api/user/username", JSON.stringify({ username: "x".repeat(20_000) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: "PayloadTooLarge" });
  });

  it("answers JSON 404 for an unknown API route, and 401 before that without a session", async () => {
    expect(
      (await fetch(`${t.url}/api/nope`, { headers: { authorization: `Bearer ${bearer}` } })).status,
    ).toBe(404);
    const anonymous = await fetch(`${t.url}/api/nope`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: "SessionRequired" });
  });
});

describe("CORS", () => {
  it("allows only the configured origins, with credentials", async () => {
    const allowed = await fetch(`${t.url}/api/auth/csrf`, {
      headers: { origin: "https://activity.example.com" },
    });
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://activity.example.com");
    expect(allowed.headers.get("access-control-allow-credentials")).toBe("true");
    const other = await fetch(`${t.url}/api/auth/csrf`, { headers: { origin: "https://evil.example.com" } });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    const preflight = await fetch(`${t.url}/api/user/username`, {
      method: "OPTIONS",
      headers: {
        origin: "https://activity.example.com",
        "access-control-request-method": "PATCH",
        "access-control-request-headers": "authorization,content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-headers")).toMatch(/authorization/);
  });
});

describe("the test clock", () => {
  it("POST /api/test/clock moves the server's time forward and answers { now }", async () => {
    const before = t.server.clock.now();
    const res = await post("/api/test/clock", JSON.stringify({ advanceMs: 3_600_000 }));
    const { now } = (await res.json()) as { now: number };
    expect(now - before).toBeGreaterThanOrEqual(3_600_000);
    expect(now - before).toBeLessThan(3_600_000 + 5_000);
    expect(t.server.clock).toBeInstanceOf(TestClock);
    for (const body of [{ advanceMs: -1 }, { advanceMs: "1" }, {}, { advanceMs: 1.5 }]) {
      expect((await post("/api/test/clock", JSON.stringify(body))).status).toBe(400);
    }
  });

  it("does not exist without TEST_CLOCK=1", async () => {
    const plain = await startTestServer({ TEST_CLOCK: "0" });
    try {
      const res = await fetch(`${plain.url}/api/test/clock`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ advanceMs: 1000 }),
      });
      expect(res.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe("the web app", () => {
  it("serves files and falls back to index.html for client routes, never for /api", async () => {
    expect(await (await fetch(`${t.url}/assets/app-B6zqXE1c.js`)).text()).toContain("hi");
    for (const route of ["/", "/settings", "/skills/mining/garden"]) {
      const res = await fetch(`${t.url}${route}`, { headers: { accept: "text/html" } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("<title>Pickle Garden</title>");
    }
    const api = await fetch(`${t.url}/api/definitely-not-a-page`, {
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(api.headers.get("content-type")).toMatch(/json/);
  });
});

describe("sockets", () => {
  it("accept the website's session cookie on /api/socket and count connected players", async () => {
    const jar = new CookieJar();
    const { discordId } = await guestSignIn(t.url, jar);
    const socket = await connected(gameSocket(t.url, { extraHeaders: { cookie: jar.header() } }));
    const sockets = await t.server.io.fetchSockets();
    expect(sockets.map((s) => s.data.discordId)).toContain(discordId);
    expect((await connectedPlayers.get()).values[0]?.value).toBeGreaterThanOrEqual(1);
    socket.close();
  });
});

describe("rate limits", () => {
  it("limit writes under /api per client, not reads", async () => {
    const limited = await startTestServer({ RATE_LIMIT_WRITES: "3", RATE_LIMIT_WINDOW_MS: "60000" });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await fetch(`${limited.url}/api/token`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{}",
        });
        statuses.push(res.status);
        if (res.status === 429) expect(await res.json()).toMatchObject({ error: "TooManyRequests" });
      }
      expect(statuses).toEqual([400, 400, 400, 429, 429]);
      expect((await fetch(`${limited.url}/api/auth/csrf`)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe("shutdown", () => {
  it("close() stops accepting, flushes the game, closes the store; twice is fine", async () => {
    const s = await startTestServer();
    const jar = new CookieJar();
    const { discordId } = await guestSignIn(s.url, jar);
    await s.server.close();
    await s.server.close();
    expect(s.server.httpServer.listening).toBe(false);
    await expect(fetch(`${s.url}/healthz`)).rejects.toThrow();
    await expect(s.server.store.loadPlayer(discordId!)).rejects.toThrow(); // closed
    await s.close();
  });
});
