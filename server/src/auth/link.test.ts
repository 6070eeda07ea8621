import { LinkAnswerSchema } from "@pickle-garden/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DiscordStub, startDiscordStub } from "../../testing/discordStub.ts";
import { CookieJar, guestSignIn, startTestServer, type TestServer } from "../../testing/testServer.ts";
import { GUEST_COOKIE, LINK_COOKIE } from "./authConfig.ts";

/**
 * Linking a guest to Discord over HTTP, the way the website does it: POST /api/account/link/start,
 * then Auth.js's Discord sign-in (against the local Discord stub), then, on conflict, the choice.
 */

let stub: DiscordStub;
let t: TestServer;
beforeAll(async () => {
  stub = await startDiscordStub("client-1", "secret-1");
  t = await startTestServer({
    DISCORD_CLIENT_ID: "client-1",
    DISCORD_CLIENT_SECRET: "secret-1",
    DISCORD_API_BASE: stub.base,
  });
});
afterAll(async () => {
  await t.close();
  await stub.close();
});

async function guestWithGold(jar: CookieJar, gold: number): Promise<string> {
  const discordId = (await guestSignIn(t.url, jar)).discordId!;
  const stored = (await t.server.store.loadPlayer(discordId))!;
  await t.server.service.evict(discordId);
  await t.server.store.savePlayer(
    { ...stored.doc, player: { ...stored.doc.player, gold } },
    stored.version,
    0,
  );
  return discordId;
}

/** Auth.js's OAuth round trip, with the stub standing in for Discord's consent page. */
async function discordSignIn(jar: CookieJar, code: string): Promise<Response> {
  const { csrfToken } = (await (await jar.fetch(`${t.url}/api/auth/csrf`)).json()) as { csrfToken: string };
  const start = await jar.fetch(`${t.url}/api/auth/signin/discord`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, callbackUrl: `${t.url}/settings` }),
  });
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get("location")!);
  expect(`${authorize.origin}${authorize.pathname}`).toBe(`${stub.base}/oauth2/authorize`);
  const callback = new URL(authorize.searchParams.get("redirect_uri")!);
  callback.searchParams.set("code", code);
  callback.searchParams.set("state", authorize.searchParams.get("state") ?? "");
  return jar.fetch(callback.toString());
}

const session = async (jar: CookieJar) =>
  (
    (await (await jar.fetch(`${t.url}/api/auth/session`)).json()) as {
      user: { discordId: string; isGuest: boolean };
    }
  ).user;

describe("linking a guest to Discord", () => {
  it("lists Discord among the providers when configured", async () => {
    const providers = (await (await fetch(`${t.url}/api/auth/providers`)).json()) as Record<string, unknown>;
    expect(Object.keys(providers).sort()).toEqual(["discord", "guest"]);
  });

  it("a plain Discord sign-in creates the player and answers user.discordId", async () => {
    stub.codes.set("plain", { id: "111111111111111111", username: "plain", global_name: null, avatar: null });
    const jar = new CookieJar();
    const res = await discordSignIn(jar, "plain");
    expect(res.status).toBe(302);
    expect(await session(jar)).toMatchObject({ discordId: "111111111111111111", isGuest: false });
    expect((await t.server.store.loadPlayer("111111111111111111"))?.doc.player.username).toBe("plain");
  });

  it("moves the guest's progress when the Discord id has no player", async () => {
    stub.codes.set("fresh", {
      id: "222222222222222222",
      username: "fresh",
      global_name: "Fresh",
      avatar: null,
    });
    const jar = new CookieJar();
    const guestId = await guestWithGold(jar, 123);
    const start = await jar.fetch(`${t.url}/api/account/link/start`, { method: "POST" });
    expect(start.status).toBe(200);
    expect(jar.cookies.has(LINK_COOKIE)).toBe(true);

    const res = await discordSignIn(jar, "fresh");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${t.url}/settings`);
    expect(await session(jar)).toMatchObject({ discordId: "222222222222222222", isGuest: false });
    const linked = await t.server.store.loadPlayer("222222222222222222");
    expect(linked?.doc.player.gold).toBe(123);
    expect(linked?.doc.player.username).toBe("Fresh");
    expect(await t.server.store.loadPlayer(guestId)).toBeNull();
    expect(jar.cookies.has(LINK_COOKIE)).toBe(false);
    expect(jar.cookies.has(GUEST_COOKIE)).toBe(false);
    expect(await (await jar.fetch(`${t.url}/api/account/link`)).json()).toEqual({ pending: false });
  });

  it("on conflict, lets the player choose; the other progress is archived", async () => {
    stub.codes.set("taken", { id: "333333333333333333", username: "taken", global_name: null, avatar: null });
    // the Discord account already plays (from the activity)
    await fetch(`${t.url}/api/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ code: "taken" }),
    });
    const jar = new CookieJar();
    const guestId = await guestWithGold(jar, 999);
    await jar.fetch(`${t.url}/api/account/link/start`, { method: "POST" });
    await discordSignIn(jar, "taken");
    expect((await session(jar)).discordId).toBe("333333333333333333");

    const pending = LinkAnswerSchema.parse(await (await jar.fetch(`${t.url}/api/account/link`)).json());
    if (!("conflict" in pending)) throw new Error("a conflict was expected");
    expect(pending.options.map((o) => [o.keep, o.discordId, o.gold])).toEqual([
      ["guest", guestId, 999],
      ["discord", "333333333333333333", 0],
    ]);

    const bad = await jar.fetch(`${t.url}/api/account/link`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ keep: "both" }),
    });
    expect(bad.status).toBe(400);

    const choose = await jar.fetch(`${t.url}/api/account/link`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ keep: "guest" }),
    });
    expect(await choose.json()).toEqual({ linked: true, discordId: "333333333333333333", moved: true });
    expect((await t.server.store.loadPlayer("333333333333333333"))?.doc.player.gold).toBe(999);
    expect(await t.server.store.loadPlayer(guestId)).toBeNull();
    // the link ended every earlier session of both ids; the one that chose goes on
    expect((await session(jar)).discordId).toBe("333333333333333333");
    // nothing is waiting any more, and a replay changes nothing
    const replay = await jar.fetch(`${t.url}/api/account/link`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ keep: "discord" }),
    });
    expect(replay.status).toBe(409);
  });

  it("only a guest can start a link", async () => {
    const { sessionToken } = (await (
      await fetch(`${t.url}/api/token`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ code: "plain" }),
      })
    ).json()) as { sessionToken: string };
    const res = await fetch(`${t.url}/api/account/link/start`, {
      method: "POST",
      headers: { authorization: `Bearer ${sessionToken}` },
    });
    expect(res.status).toBe(409);
  });
});
