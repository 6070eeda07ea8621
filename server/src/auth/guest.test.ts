import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar, guestSignIn, startTestServer, type TestServer } from "../../testing/testServer.ts";
import { GUEST_COOKIE } from "./authConfig.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

describe("guest sign-in through Auth.js (/api/auth)", () => {
  it("answers csrf, providers and an empty session", async () => {
    const jar = new CookieJar();
    const csrf = (await (await jar.fetch(`${t.url}/api/auth/csrf`)).json()) as { csrfToken: string };
    expect(csrf.csrfToken).toMatch(/\w{20,}/);
    const providers = (await (await jar.fetch(`${t.url}/api/auth/providers`)).json()) as Record<
      string,
      unknown
    >;
    expect(Object.keys(providers)).toEqual(["guest"]); // Discord is off without credentials
    expect(await (await jar.fetch(`${t.url}/api/auth/session`)).json()).toBeNull();
  });

  it("mints a new unguessable guest with a one-year HttpOnly guest cookie, and creates the player", async () => {
    const jar = new CookieJar();
    const csrf = (await (await jar.fetch(`${t.url}/api/auth/csrf`)).json()) as { csrfToken: string };
    const res = await jar.fetch(`${t.url}/api/auth/callback/guest`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken: csrf.csrfToken, callbackUrl: t.url }),
    });
    expect(res.status).toBe(302);
    const guestCookie = res.headers.getSetCookie().find((c) => c.startsWith(`${GUEST_COOKIE}=`));
    expect(guestCookie).toMatch(/Max-Age=31536000/);
    expect(guestCookie).toMatch(/HttpOnly/);
    const session = (await (await jar.fetch(`${t.url}/api/auth/session`)).json()) as {
      user: { discordId: string; name: string; isGuest: boolean };
    };
    expect(session.user.discordId).toMatch(/^guest-[0-9a-f-]{36}$/);
    expect(session.user.name).toBe("Guest Sprout");
    expect(session.user.isGuest).toBe(true);
    const stored = await t.server.store.loadPlayer(session.user.discordId);
    expect(stored?.doc.player.username).toBe("Guest Sprout");
    expect(stored?.doc.player.featureFlags.isGuest).toBe(true);
  });

  it("signs the same guest in again with the signed guest token (form field or cookie)", async () => {
    const first = new CookieJar();
    const { discordId } = await guestSignIn(t.url, first);
    const token = first.cookies.get(GUEST_COOKIE)!;

    // from the form field, in a browser with no cookies at all
    const second = new CookieJar();
    expect((await guestSignIn(t.url, second, { guestToken: token })).discordId).toBe(discordId);

    // from the cookie alone (signed out, cookie kept)
    const third = new CookieJar();
    third.cookies.set(GUEST_COOKIE, token);
    expect((await guestSignIn(t.url, third)).discordId).toBe(discordId);
  });

  it("never signs anyone in from a bare or forged guest id", async () => {
    const victim = new CookieJar();
    const discordId = (await guestSignIn(t.url, victim)).discordId!;
    const token = victim.cookies.get(GUEST_COOKIE)!;
    const forged = `${Buffer.from(JSON.stringify({ sub: discordId, iat: 1 })).toString("base64url")}.${token.split(".")[1]}`;
    const attempts: Record<string, string>[] = [
      { guestToken: discordId },
      { guestToken: forged },
      { discordId, guestId: discordId, username: discordId },
    ];
    for (const attempt of attempts) {
      const jar = new CookieJar();
      jar.cookies.set(GUEST_COOKIE, discordId);
      const result = await guestSignIn(t.url, jar, attempt);
      expect(result.discordId).toMatch(/^guest-/);
      expect(result.discordId).not.toBe(discordId);
    }
  });

  it("rejects a callback without the CSRF token", async () => {
    const jar = new CookieJar();
    await jar.fetch(`${t.url}/api/auth/csrf`);
    const res = await jar.fetch(`${t.url}/api/auth/callback/guest`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ callbackUrl: t.url }),
    });
    await res.text();
    const session = await (await jar.fetch(`${t.url}/api/auth/session`)).json();
    expect(session).toBeNull();
  });

  it("turns the cookie session into a bearer session token for the same player", async () => {
    const jar = new CookieJar();
    const { discordId } = await guestSignIn(t.url, jar);
    const res = await jar.fetch(`${t.url}/api/account/session-token`, { method: "POST" });
    const { sessionToken } = (await res.json()) as { sessionToken: string };
    expect(t.server.signer.verify("session", sessionToken, Date.now())?.sub).toBe(discordId);
  });

  it("renames a guest: trimmed, and empty becomes Guest Sprout", async () => {
    const jar = new CookieJar();
    const { discordId } = await guestSignIn(t.url, jar);
    const rename = async (username: string) => {
      const res = await jar.fetch(`${t.url}/api/user/username`, {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username }),
      });
      return (await res.json()) as { username: string };
    };
    expect(await rename("  Picklebeard  ")).toEqual({ username: "Picklebeard" });
    await t.server.service.flushAll(); // the live copy is written behind
    expect((await t.server.store.loadPlayer(discordId!))?.doc.player.username).toBe("Picklebeard");
    expect(await rename("   ")).toEqual({ username: "Guest Sprout" });
  });

  it("signs out", async () => {
    const jar = new CookieJar();
    await guestSignIn(t.url, jar);
    const { csrfToken } = (await (await jar.fetch(`${t.url}/api/auth/csrf`)).json()) as { csrfToken: string };
    await jar.fetch(`${t.url}/api/auth/signout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, callbackUrl: t.url }),
    });
    expect(await (await jar.fetch(`${t.url}/api/auth/session`)).json()).toBeNull();
    expect((await jar.fetch(`${t.url}/api/account/session-token`, { method: "POST" })).status).toBe(401);
  });
});
