import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CookieJar, guestSignIn, startTestServer, type TestServer } from "../../testing/testServer.ts";

// counts the Auth.js cookie decodes our session resolver asks for
const decodes = vi.hoisted(() => ({ count: 0 }));
vi.mock("@auth/express", async (importOriginal) => {
  const real = await importOriginal<typeof import("@auth/express")>();
  return {
    ...real,
    getSession: (...args: Parameters<typeof real.getSession>) => {
      decodes.count += 1;
      return real.getSession(...args);
    },
  };
});

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

async function cookieOfNewGuest(): Promise<{ cookie: string; discordId: string }> {
  const jar = new CookieJar();
  const { discordId } = await guestSignIn(t.url, jar);
  return { cookie: jar.header(), discordId: discordId! };
}

/** a new guest's cookie session: no instances, generation 0, expiring with the 30-day cookie */
const cookieSession = { instances: [], generation: 0, expiresAt: expect.any(Number) };

describe("the session resolver's remembered sessions", () => {
  it("decodes a busy client's cookie once, however many of its requests arrive together", async () => {
    const { cookie, discordId } = await cookieOfNewGuest();
    const before = decodes.count;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.server.sessions.resolve({ cookie }, "http")),
    );
    expect(answers).toEqual(Array.from({ length: 20 }, () => ({ ...cookieSession, discordId })));
    expect(decodes.count - before).toBe(1);
    await t.server.sessions.resolve({ cookie }, "http");
    expect(decodes.count - before).toBe(1);
  });

  it("knows a verified session without looking, and refuses it at once when its generation moves on", async () => {
    const { cookie, discordId } = await cookieOfNewGuest();
    expect(t.server.sessions.known({ cookie })).toBeUndefined();
    await t.server.sessions.resolve({ cookie }, "http");
    expect(t.server.sessions.known({ cookie })).toEqual({ ...cookieSession, discordId });

    await t.server.accounts.tokens.bump(discordId); // what signing out does
    expect(t.server.sessions.known({ cookie })).toBeNull();
    expect(await t.server.sessions.resolve({ cookie }, "http")).toBeNull();
    const res = await fetch(`${t.url}/api/user/get-user`, { headers: { cookie } });
    expect(res.status).toBe(401);
  });

  it("answers a bad bearer token with no session, never with the cookie's", async () => {
    const { cookie } = await cookieOfNewGuest();
    await t.server.sessions.resolve({ cookie }, "http");
    expect(t.server.sessions.known({ cookie, authorization: "Bearer forged" })).toBeNull();
  });
});
