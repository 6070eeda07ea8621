import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gameSocket, handshake } from "../../server/testing/gameSocket.ts";
import { guestSignIn } from "../../server/testing/testServer.ts";
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

  it("signing in again on this browser after a sign-out comes back as the same guest, with a session that works", async () => {
    const { jar, discordId } = await miningGuest(t);
    await signOut(jar);
    const back = new CookieJar();
    back.cookies.set("pg_guest", jar.cookies.get("pg_guest") ?? "");
    expect(await guestSignIn(t.url, back)).toMatchObject({ discordId });
    expect(await cookieSessionWorks(back)).toEqual(ALL_ON);
  });
});

describe("the guest cookie", () => {
  it("a copy of pg_guest taken before sign-out cannot sign back in as the guest; the copy is cleared", async () => {
    const { jar, discordId } = await miningGuest(t);
    const copy = new CookieJar();
    copy.cookies.set("pg_guest", jar.cookies.get("pg_guest") ?? "");
    await signOut(jar);
    // the signing-out browser holds a new guest cookie; the copy's is revoked
    expect(jar.cookies.get("pg_guest")).not.toBe(copy.cookies.get("pg_guest"));
    expect(await guestSignIn(t.url, copy)).toEqual({ status: 302, discordId: undefined });
    expect(copy.cookies.has("pg_guest")).toBe(false);
    // with the revoked cookie gone, the copy's next try is an ordinary new guest
    const next = await guestSignIn(t.url, copy);
    expect(next.discordId).toMatch(/^guest-/);
    expect(next.discordId).not.toBe(discordId);
  });

  it("a revoked guest token sent in the sign-in form is refused too", async () => {
    const { jar, discordId } = await miningGuest(t);
    const old = jar.cookies.get("pg_guest") ?? "";
    await signOut(jar);
    const signed = await guestSignIn(t.url, new CookieJar(), { guestToken: old });
    expect(signed.discordId).not.toBe(discordId);
  });
});
