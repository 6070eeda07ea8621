import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handshake as ended, gameSocket } from "../../server/testing/gameSocket.ts";
import {
  declaredRoutes,
  miningGuest,
  pathSpellings,
  type SecurityServer,
  sameOriginJson,
  startServer,
} from "./support.ts";

/** Cross-site requests: the session cookie is honoured for state changes only from our own origin. */

const EVIL = "http://evil.example";
const ALLOWED = "https://garden.example";
let t: SecurityServer;

beforeAll(async () => {
  t = await startServer({ CORS_ORIGINS: ALLOWED });
});
afterAll(async () => {
  await t.close();
});

const actionOf = (discordId: string) =>
  t.server.service.read(discordId, (p) => `${p.currentAction.skill}@${p.currentAction.location}`);

/** A guest who mined, left, and was away an hour: an offline summary waits for it. */
async function minedOfflineForAnHour() {
  const { jar, discordId } = await miningGuest(t);
  await sameOriginJson(t, jar, "POST", "/api/user/update-action", { skill: "mining", location: "garden" });
  await t.server.service.signOut(discordId);
  await fetch(`${t.url}/api/test/clock`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ advanceMs: 3_600_000 }),
  });
  return jar;
}

describe("cookie-authenticated writes from another site", () => {
  it("a form-encoded update-action from another origin is refused and changes nothing", async () => {
    const { jar, discordId } = await miningGuest(t);
    const res = await jar.fetch(`${t.url}/api/user/update-action`, {
      method: "POST",
      headers: { origin: EVIL, "content-type": "application/x-www-form-urlencoded" },
      body: "skill=mining&location=garden",
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: "CrossSiteRequest" });
    expect(await actionOf(discordId)).toBe("none@home");
  });

  it("a JSON update-action from another origin, or a cross-site fetch without Origin, is refused", async () => {
    const { jar, discordId } = await miningGuest(t);
    const attempts: Record<string, string>[] = [
      { origin: EVIL },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { origin: "null" },
    ];
    for (const headers of attempts) {
      const res = await jar.fetch(`${t.url}/api/user/update-action`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ skill: "mining", location: "garden" }),
      });
      expect(res.status, JSON.stringify(headers)).toBe(403);
    }
    expect(await actionOf(discordId)).toBe("none@home");
  });

  it("our own origin, a CORS_ORIGINS one, Sec-Fetch-Site same-origin and a script without either pass", async () => {
    const { jar, discordId } = await miningGuest(t);
    const locations = ["garden", "garden", "garden", "garden"];
    const cases: Record<string, string>[] = [
      { origin: t.url },
      { origin: ALLOWED },
      { "sec-fetch-site": "same-origin" },
      {},
    ];
    for (const [i, headers] of cases.entries()) {
      const skill = i % 2 === 0 ? "mining" : "none";
      const res = await jar.fetch(`${t.url}/api/user/update-action`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ skill, location: locations[i] }),
      });
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(await actionOf(discordId)).toBe(skill === "mining" ? "mining@garden" : "none@home");
    }
  });

  it("POST /api/account/session-token hands no bearer token to another site", async () => {
    const { jar } = await miningGuest(t);
    const res = await jar.fetch(`${t.url}/api/account/session-token`, {
      method: "POST",
      headers: { origin: EVIL },
    });
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain("sessionToken");
    const own = await sameOriginJson(t, jar, "POST", "/api/account/session-token");
    expect(own.body.sessionToken).toEqual(expect.any(String));
  });

  it("GET /api/user/sync-offline keeps its GET but is refused cross-site; the summary stays undelivered", async () => {
    const jar = await minedOfflineForAnHour();
    const cross = await jar.fetch(`${t.url}/api/user/sync-offline`, {
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(cross.status).toBe(403);
    const own = await jar.fetch(`${t.url}/api/user/sync-offline`, {
      headers: { "sec-fetch-site": "same-origin" },
    });
    expect(own.status).toBe(200);
    expect((await own.json()) as { repeated: boolean }).toMatchObject({ repeated: false });
  });

  it("every state-changing route refuses another site however its path is spelled (case, trailing slash)", async () => {
    const { jar, discordId } = await miningGuest(t);
    const guarded = declaredRoutes(t.server.app).filter(
      (r) =>
        r.path.startsWith("/api/") &&
        !r.path.startsWith("/api/auth/") && // Auth.js: its CSRF token
        (r.method !== "GET" || r.path === "/api/user/sync-offline"),
    );
    // the router was read (a broken walk would guard nothing and pass)
    expect(guarded.length).toBeGreaterThanOrEqual(25);
    expect(guarded).toContainEqual({ method: "POST", path: "/api/panels/:id/vote" });
    const refused: string[] = [];
    for (const { method, path } of guarded) {
      for (const spelling of pathSpellings(path.replaceAll(/:\w+/g, "x"))) {
        const res = await jar.fetch(`${t.url}${spelling}`, {
          method,
          headers: { origin: EVIL, "content-type": "application/json" },
          body: method === "GET" ? undefined : "{}",
        });
        await res.body?.cancel();
        if (res.status !== 403) refused.push(`${method} ${spelling}: ${res.status}`);
      }
    }
    expect(refused).toEqual([]);
    expect(await actionOf(discordId)).toBe("none@home");
  });

  it("GET sync-offline spelled otherwise (Sync-Offline, a trailing slash, /API) is refused cross-site and delivers nothing", async () => {
    const jar = await minedOfflineForAnHour();
    for (const spelling of ["/api/user/Sync-Offline", "/api/user/sync-offline/", "/API/user/sync-offline"]) {
      const cross = await jar.fetch(`${t.url}${spelling}`, { headers: { origin: EVIL } });
      expect(cross.status, spelling).toBe(403);
      expect(await cross.json()).toMatchObject({ error: "CrossSiteRequest" });
    }
    const own = await jar.fetch(`${t.url}/api/user/sync-offline`, { headers: { origin: t.url } });
    expect((await own.json()) as { repeated: boolean }).toMatchObject({ repeated: false });
  });

  it("bearer-token requests are not subject to the origin check", async () => {
    const { discordId } = await miningGuest(t);
    const token = t.server.signer.sessionToken(discordId, t.server.clock.now());
    const res = await fetch(`${t.url}/api/user/update-action`, {
      method: "POST",
      headers: { origin: EVIL, authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ skill: "mining", location: "garden" }),
    });
    expect(res.status).toBe(200);
  });
});

describe("JSON-only bodies outside /api/auth", () => {
  it("a form or text body from our own origin is 415 and changes nothing", async () => {
    const { jar, discordId } = await miningGuest(t);
    for (const [type, body, path] of [
      ["application/x-www-form-urlencoded", "skill=mining&location=garden", "/api/user/update-action"],
      ["text/plain", JSON.stringify({ skill: "mining", location: "garden" }), "/api/user/update-action"],
      ["multipart/form-data; boundary=x", "--x\r\n\r\n--x--", "/api/user/update-action"],
      ["application/x-www-form-urlencoded", "skill=mining&location=garden", "/API/user/update-action"],
      ["application/x-www-form-urlencoded", "skill=mining&location=garden", "/Api/User/Update-Action/"],
    ]) {
      const res = await jar.fetch(`${t.url}${path}`, {
        method: "POST",
        headers: { origin: t.url, "content-type": type as string },
        body,
      });
      expect(res.status, type).toBe(415);
      expect(await res.json()).toMatchObject({ error: "UnsupportedMediaType" });
    }
    expect(await actionOf(discordId)).toBe("none@home");
  });
});

describe("the socket handshake with the session cookie", () => {
  const handshake = async (
    cookie: string,
    origin: string,
    headers: Record<string, string> = {},
    url = t.url,
  ) => {
    const socket = gameSocket(url, { extraHeaders: { cookie, origin, ...headers } });
    try {
      return (await ended(socket))?.message ?? "connected";
    } finally {
      socket.close();
    }
  };

  it("refuses another origin and accepts ours", async () => {
    const { jar } = await miningGuest(t);
    expect(await handshake(jar.header(), EVIL)).toBe("CrossSiteRequest");
    expect(await handshake(jar.header(), t.url)).toBe("connected");
  });

  it("reads x-forwarded-proto only with TRUST_PROXY: without it a forged https origin is another site", async () => {
    const { jar } = await miningGuest(t);
    const httpsSelf = t.url.replace("http:", "https:");
    const forged = { "x-forwarded-proto": "https" };
    expect(await handshake(jar.header(), httpsSelf, forged)).toBe("CrossSiteRequest");
    const proxied = await startServer({ TRUST_PROXY: "1" });
    try {
      const guest = await miningGuest(proxied);
      // behind a trusted proxy the https origin is ours; the session is then read as https's (its
      // __Secure- cookie, which this plain-http sign-in never set)
      const answer = await handshake(
        guest.jar.header(),
        proxied.url.replace("http:", "https:"),
        forged,
        proxied.url,
      );
      expect(answer).toBe("SessionRequired");
    } finally {
      await proxied.close();
    }
  });
});
