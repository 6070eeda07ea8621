import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gameSocket, handshake } from "../../server/src/testing/gameSocket.ts";
import { CookieJar, miningGuest, type SecurityServer, sameOriginJson, startServer } from "./support.ts";

/**
 * Sessions that really end: signing out and linking end every session that existed before them, the
 * 30-day Auth.js cookie as well as the bearer tokens. An attacker keeps a copy of the victim's cookie.
 */

let t: SecurityServer;

beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => {
  await t.close();
});

/** A copy of the jar's cookies, as an attacker who read them once would keep. */
function stolenCopy(jar: CookieJar): CookieJar {
  const copy = new CookieJar();
  for (const [name, value] of jar.cookies) copy.cookies.set(name, value);
  return copy;
}

async function signOut(jar: CookieJar): Promise<void> {
  const { csrfToken } = (await (await jar.fetch(`${t.url}/api/auth/csrf`)).json()) as { csrfToken: string };
  const res = await jar.fetch(`${t.url}/api/auth/signout`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, callbackUrl: t.url }),
  });
  expect(res.status).toBe(302);
}

/** Every way a cookie session is read: get-user, a fresh bearer token, Auth.js's session, the socket. */
async function cookieSessionWorks(jar: CookieJar): Promise<Record<string, boolean>> {
  const getUser = await sameOriginJson(t, jar, "GET", "/api/user/get-user");
  const token = await sameOriginJson(t, jar, "POST", "/api/account/session-token");
  const session = await (await jar.fetch(`${t.url}/api/auth/session`)).json();
  const socket = gameSocket(t.url, { extraHeaders: { cookie: jar.header(), origin: t.url } });
  const socketOk = (await handshake(socket)) === null;
  socket.close();
  return {
    getUser: getUser.status === 200,
    sessionToken: token.status === 200,
    authSession: session !== null,
    socket: socketOk,
  };
}

const ALL_ON = { getUser: true, sessionToken: true, authSession: true, socket: true };
const ALL_OFF = { getUser: false, sessionToken: false, authSession: false, socket: false };

describe("the session cookie", () => {
  it("a copy of the cookie taken before sign-out reads nothing after it (get-user, session token, socket)", async () => {
    const { jar } = await miningGuest(t);
    const copy = stolenCopy(jar);
    expect(await cookieSessionWorks(copy)).toEqual(ALL_ON);
    await signOut(jar);
    expect(await cookieSessionWorks(copy)).toEqual(ALL_OFF);
    const refused = await sameOriginJson(t, copy, "POST", "/api/account/session-token");
    expect(refused).toMatchObject({ status: 401, body: { error: "SessionRequired" } });
  });

  it("linking ends the guest's cookie sessions; the new Discord session works", async () => {
    const { jar, discordId } = await miningGuest(t);
    const copy = stolenCopy(jar);
    expect((await sameOriginJson(t, copy, "GET", "/api/user/get-user")).status).toBe(200);
    await t.server.accounts.linkGuest(discordId, {
      discordId: "300000000000000003",
      username: "linked",
      avatar: null,
    });
    expect(await cookieSessionWorks(copy)).toEqual(ALL_OFF);
  });

  it("signing in again after a sign-out gives a session that works", async () => {
    const { jar } = await miningGuest(t);
    const guest = jar.cookies.get("pg_guest") ?? "";
    await signOut(jar);
    const back = new CookieJar();
    back.cookies.set("pg_guest", guest);
    const { csrfToken } = (await (await back.fetch(`${t.url}/api/auth/csrf`)).json()) as {
      csrfToken: string;
    };
    await back.fetch(`${t.url}/api/auth/callback/guest`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, callbackUrl: t.url }),
    });
    expect(await cookieSessionWorks(back)).toEqual(ALL_ON);
  });
});
