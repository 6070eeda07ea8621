import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guestSignIn } from "../../server/testing/testServer.ts";
import { CookieJar, miningGuest, type SecurityServer, sameOriginJson, startServer } from "./support.ts";

/** Identity: guests are minted with a limit, votes are told apart, bearer tokens expire and are revoked. */

const ADMIN = "100000000000000001";
const DAY = 24 * 3600_000;
let t: SecurityServer;

beforeAll(async () => {
  t = await startServer({ ADMIN_DISCORD_IDS: ADMIN });
  await t.server.accounts.ensurePlayer({ discordId: ADMIN, username: "admin" });
});
afterAll(async () => {
  await t.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}`, "content-type": "application/json" });
const getUser = (token: string) => fetch(`${t.url}/api/user/get-user`, { headers: bearer(token) });
const advance = async (advanceMs: number) => {
  const res = await fetch(`${t.url}/api/test/clock`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ advanceMs }),
  });
  expect(res.status).toBe(200);
};
async function sessionToken(jar: CookieJar): Promise<string> {
  const { body } = await sameOriginJson(t, jar, "POST", "/api/account/session-token");
  return body.sessionToken as string;
}

describe("guest minting", () => {
  it("limits new guests per client address (the 21st in the hour: 429, no session); a returning guest passes", async () => {
    const limited = await startServer({ GUEST_SIGNINS_PER_HOUR: "20" });
    try {
      const jars: CookieJar[] = [];
      for (let i = 0; i < 20; i++) {
        const jar = new CookieJar();
        expect((await guestSignIn(limited.url, jar)).discordId).toMatch(/^guest-/);
        jars.push(jar);
      }
      const jar = new CookieJar();
      const { csrfToken } = (await (await jar.fetch(`${limited.url}/api/auth/csrf`)).json()) as {
        csrfToken: string;
      };
      const refused = await jar.fetch(`${limited.url}/api/auth/callback/guest`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrfToken, callbackUrl: limited.url }),
      });
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({
        error: "TooManyGuests",
        message: expect.stringMatching(/20 an hour/),
      });
      expect(await (await jar.fetch(`${limited.url}/api/auth/session`)).json()).toBeNull();
      // the first guest comes back with its cookie
      const back = new CookieJar();
      back.cookies.set("pg_guest", jars[0]?.cookies.get("pg_guest") ?? "");
      expect((await guestSignIn(limited.url, back)).discordId).toMatch(/^guest-/);
    } finally {
      await limited.close();
    }
  });
});

/** A POST sent with its path exactly as written (fetch would resolve `.` and `..` before sending). */
function rawPost(url: string, path: string, jar: CookieJar, form: Record<string, string>) {
  const { hostname, port } = new URL(url);
  const body = new URLSearchParams(form).toString();
  return new Promise<{ status: number; setCookie: string[] }>((resolve, reject) => {
    const req = request(
      {
        hostname,
        port,
        path,
        method: "POST",
        headers: {
          cookie: jar.header(),
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, setCookie: res.headers["set-cookie"] ?? [] }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("guest minting by path spelling", () => {
  const spellings = [
    "/api/auth//callback/guest",
    "/api/auth/callback//guest",
    "/api/auth/./callback/guest",
    "/api/auth/x/../callback/guest",
    "/api/auth/%2e/callback/guest",
    "/api/auth/callback\\guest",
  ];
  let limited: SecurityServer;
  beforeAll(async () => {
    limited = await startServer({ GUEST_SIGNINS_PER_HOUR: "2" });
    for (let i = 0; i < 2; i++)
      expect((await guestSignIn(limited.url, new CookieJar())).discordId).toMatch(/^guest-/);
  });
  afterAll(() => limited.close());

  for (const path of spellings) {
    it(`${path}: past the limit, no new guest (the limit counts what Auth.js reads)`, async () => {
      const jar = new CookieJar();
      const { csrfToken } = (await (await jar.fetch(`${limited.url}/api/auth/csrf`)).json()) as {
        csrfToken: string;
      };
      const answer = await rawPost(limited.url, path, jar, { csrfToken, callbackUrl: limited.url });
      expect([400, 429]).toContain(answer.status);
      expect(answer.setCookie.filter((c) => c.startsWith("authjs.session-token"))).toEqual([]);
      expect(answer.setCookie.filter((c) => c.startsWith("pg_guest"))).toEqual([]);
    });
  }
});

describe("polls", () => {
  it("one vote per player; the admin list shows linked and guest votes apart", async () => {
    const adminToken = t.server.signer.sessionToken(ADMIN, t.server.clock.now());
    const created = await fetch(`${t.url}/api/admin/panels`, {
      method: "POST",
      headers: bearer(adminToken),
      body: JSON.stringify({
        type: "poll",
        title: "Next boss?",
        options: [
          { id: "a", label: "A" },
          { id: "b", label: "B" },
        ],
      }),
    });
    const { panel } = (await created.json()) as { panel: { _id: string } };
    const vote = (headers: Record<string, string>, optionId: string) =>
      fetch(`${t.url}/api/panels/${panel._id}/vote`, {
        method: "POST",
        headers,
        body: JSON.stringify({ optionId }),
      });
    expect((await vote(bearer(adminToken), "a")).status).toBe(200);
    expect((await vote(bearer(adminToken), "b")).status).toBe(409);
    for (const optionId of ["a", "b", "b"]) {
      const { jar } = await miningGuest(t);
      expect((await vote({ ...bearer(await sessionToken(jar)) }, optionId)).status).toBe(200);
    }
    const list = (await (
      await fetch(`${t.url}/api/admin/panels`, { headers: bearer(adminToken) })
    ).json()) as {
      panels: { _id: string; votes: unknown }[];
    };
    expect(list.panels.find((p) => p._id === panel._id)?.votes).toEqual({
      linked: { a: 1 },
      guests: { a: 1, b: 2 },
    });
  });
});

describe("bearer tokens", () => {
  it("signing out revokes the bearer tokens handed to that session (401 after)", async () => {
    const { jar } = await miningGuest(t);
    const token = await sessionToken(jar);
    expect((await getUser(token)).status).toBe(200);
    const { csrfToken } = (await (await jar.fetch(`${t.url}/api/auth/csrf`)).json()) as { csrfToken: string };
    await jar.fetch(`${t.url}/api/auth/signout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, callbackUrl: t.url }),
    });
    expect((await getUser(token)).status).toBe(401);
  });

  it("linking revokes the guest's bearer tokens; a new token works", async () => {
    const { jar, discordId } = await miningGuest(t);
    const token = await sessionToken(jar);
    expect((await getUser(token)).status).toBe(200);
    await t.server.accounts.linkGuest(discordId, {
      discordId: "200000000000000002",
      username: "linked",
      avatar: null,
    });
    expect((await getUser(token)).status).toBe(401);
    const fresh = t.server.signer.sessionToken(
      "200000000000000002",
      t.server.clock.now(),
      [],
      await t.server.accounts.tokens.current("200000000000000002"),
    );
    expect((await getUser(fresh)).status).toBe(200);
  });

  it("last 7 days; renewing with a valid one answers a fresh token", async () => {
    const { jar } = await miningGuest(t);
    const token = await sessionToken(jar);
    await advance(7 * DAY - 60_000);
    const renewed = await fetch(`${t.url}/api/account/session-token`, {
      method: "POST",
      headers: bearer(token),
    });
    const body = (await renewed.json()) as { sessionToken: string; expiresAt: number };
    expect(Math.abs(body.expiresAt - (t.server.clock.now() + 7 * DAY))).toBeLessThan(10_000);
    await advance(60_000);
    expect((await getUser(token)).status).toBe(401);
    expect((await getUser(body.sessionToken)).status).toBe(200);
  });
});
