import { ERROR_CODES, mockAuthCode } from "@pickle-garden/shared";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type DiscordStub, startDiscordStub } from "../../testing/discordStub.ts";
import { connected, type GameClient, gameSocket, handshake } from "../../testing/gameSocket.ts";
import { startTestServer, type TestServer } from "../../testing/testServer.ts";
import type { TestClock } from "../clock.ts";

/**
 * POST /api/token against a local stub of Discord's API (DISCORD_API_BASE points at it), then the
 * session token as a bearer on HTTP and in the socket handshake.
 */

let stub: DiscordStub;
let t: TestServer;

beforeAll(async () => {
  stub = await startDiscordStub("client-1", "secret-1");
  stub.codes.set("good-code", {
    id: "80351110224678912",
    username: "nelly",
    global_name: "Nelly",
    avatar: "8342729096ea3675442027381ff50dfe",
  });
  stub.codes.set("bob-code", { id: "80351110224678913", username: "bob", global_name: null, avatar: null });
  stub.instances.set(INSTANCE, ["80351110224678912", "90000000000000001"]);
  t = await startTestServer({
    DISCORD_CLIENT_ID: "client-1",
    DISCORD_CLIENT_SECRET: "secret-1",
    DISCORD_API_BASE: stub.base,
    DISCORD_BOT_TOKEN: stub.botToken,
    INSTANCE_RECHECK_MS: "30",
  });
});
afterAll(async () => {
  await t.close();
  await stub.close();
});
beforeEach(() => {
  stub.calls.length = 0;
  stub.rateLimit(0);
  stub.outage(false);
});

const INSTANCE = "i-1286767470823571487-gc-1234567890-2345678901";

const exchange = (code: unknown, instanceId?: unknown, url = t.url) =>
  fetch(`${url}/api/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ code, instanceId }),
  });

describe("POST /api/token", () => {
  it("exchanges the code, reads the user, creates the player, and answers both tokens", async () => {
    const res = await exchange("good-code");
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      access_token: string;
      sessionToken: string;
      roomId: string | null;
      user: Record<string, unknown>;
    };
    expect(body.access_token).toBe("access-good-code");
    expect(body.roomId).toBeNull();
    expect(body.user).toEqual({
      discordId: "80351110224678912",
      username: "Nelly",
      avatar: "https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png",
      isGuest: false,
    });
    expect(typeof body.sessionToken).toBe("string");
    // the exchange is the documented one: form-encoded, then /users/@me with the access token
    expect(stub.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      "POST /api/oauth2/token",
      "GET /api/users/@me",
    ]);
    const form = new URLSearchParams(stub.calls[0]!.body);
    expect(Object.fromEntries(form)).toEqual({
      client_id: "client-1",
      client_secret: "secret-1",
      grant_type: "authorization_code",
      code: "good-code",
    });
    expect(stub.calls[1]!.authorization).toBe("Bearer access-good-code");
    const stored = await t.server.store.loadPlayer("80351110224678912");
    expect(stored?.doc.player.featureFlags.isGuest).toBe(false);
    expect(stored?.doc.player.username).toBe("Nelly");

    // a second sign-in loads the same player, it does not create another
    const again = (await (await exchange("good-code")).json()) as { user: { discordId: string } };
    expect(again.user.discordId).toBe("80351110224678912");
    expect((await t.server.store.loadPlayer("80351110224678912"))?.version).toBe(stored?.version);
  });

  it("answers 401 with a clear error for a bad code", async () => {
    const res = await exchange("stale-code");
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: "InvalidCode",
      message: "Discord rejected the authorization code (invalid_grant)",
    });
  });

  it("waits out a 429 retry_after and tries again", async () => {
    stub.rateLimit(2);
    const started = Date.now();
    const res = await exchange("good-code");
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    expect(stub.calls.filter((c) => c.path === "/api/oauth2/token")).toHaveLength(3);
  });

  it("gives up after a bounded number of 429s", async () => {
    stub.rateLimit(10);
    const res = await exchange("good-code");
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: string }).error).toBe("DiscordUnavailable");
    expect(stub.calls.filter((c) => c.path === "/api/oauth2/token")).toHaveLength(4);
  });

  it("refuses a malformed body", async () => {
    for (const code of [undefined, "", 42, "x".repeat(600)]) {
      expect((await exchange(code)).status).toBe(400);
    }
    for (const instanceId of [42, "", "a b", "x".repeat(101), "../../users/@me"]) {
      expect((await exchange("good-code", instanceId)).status).toBe(400);
    }
    expect(stub.calls).toHaveLength(0);
  });

  it("answers 503 DiscordUnavailable when Discord is down, and creates nobody", async () => {
    stub.outage(true);
    const res = await exchange("bob-code", INSTANCE);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: string }).error).toBe("DiscordUnavailable");
    expect(await t.server.store.loadPlayer("80351110224678913")).toBeNull();
  });
});

describe("POST /api/token with an activity instance", () => {
  it("checks with the bot's token that the user is in the instance, then grants its room", async () => {
    const res = await exchange("good-code", INSTANCE);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { roomId: string; sessionToken: string; expiresAt: number };
    expect(body.roomId).toBe(`discord:${INSTANCE}`);
    expect(body.expiresAt).toBeGreaterThan(t.server.clock.now());
    expect(stub.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      "POST /api/oauth2/token",
      "GET /api/users/@me",
      `GET /api/applications/client-1/activity-instances/${INSTANCE}`,
    ]);
    expect(stub.calls[2]!.authorization).toBe(`Bot ${stub.botToken}`);
    expect(await t.server.sessions.fromAuthorization(`Bearer ${body.sessionToken}`)).toMatchObject({
      discordId: "80351110224678912",
      instances: [`discord:${INSTANCE}`],
    });
  });

  it("refuses a user who is not in the instance, or an instance Discord does not know, with 403", async () => {
    for (const instanceId of [INSTANCE, "i-gone"]) {
      const res = await exchange("bob-code", instanceId);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: string }).error).toBe("NotInInstance");
    }
    expect(await t.server.store.loadPlayer("80351110224678913")).toBeNull();
  });

  it("reads the instance once more when Discord does not list a player who has just launched", async () => {
    const launching = "i-1286767470823571487-gc-1234567890-2345678902";
    stub.instances.set(launching, ["90000000000000001"]);
    stub.joinLate(launching, "80351110224678913");
    const res = await exchange("bob-code", launching);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { roomId: string }).roomId).toBe(`discord:${launching}`);
    const path = `/api/applications/client-1/activity-instances/${launching}`;
    expect(stub.calls.filter((c) => c.path === path)).toHaveLength(2);
  });

  it("waits out a 429 (retry_after) on the instance check too", async () => {
    const path = `/api/applications/client-1/activity-instances/${INSTANCE}`;
    stub.rateLimit(1, 0.05, path);
    const res = await exchange("good-code", INSTANCE);
    expect(res.status).toBe(200);
    expect(stub.calls.filter((c) => c.path === path)).toHaveLength(2);
  });
});

describe("the session token", () => {
  let sessionToken: string;
  beforeAll(async () => {
    sessionToken = ((await (await exchange("good-code")).json()) as { sessionToken: string }).sessionToken;
  });

  it("is a bearer on HTTP routes; a missing or tampered one gets 401 SessionRequired", async () => {
    const ok = await fetch(`${t.url}/api/account/link`, {
      headers: { authorization: `Bearer ${sessionToken}` },
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ pending: false });
    const at = sessionToken.length - 10; // inside the signature
    const tampered = `${sessionToken.slice(0, at)}${sessionToken[at] === "A" ? "B" : "A"}${sessionToken.slice(at + 1)}`;
    for (const headers of [
      {},
      { authorization: `Bearer ${tampered}` },
      { authorization: "Bearer" },
      { authorization: "Basic abc" },
    ]) {
      const res = await fetch(`${t.url}/api/account/link`, { headers: headers as Record<string, string> });
      expect([headers, res.status]).toEqual([headers, 401]);
      expect(((await res.json()) as { error: string }).error).toBe("SessionRequired");
    }
  });

  it("is never taken from the URL", async () => {
    const res = await fetch(`${t.url}/api/account/link?token=${sessionToken}&sessionToken=${sessionToken}`);
    expect(res.status).toBe(401);
  });

  it("authenticates the socket handshake; no or a bad token is refused", async () => {
    const good = gameSocket(t.url, { auth: { token: sessionToken } });
    expect(await handshake(good)).toBeNull();
    const [serverSocket] = await t.server.io.fetchSockets();
    expect(serverSocket?.data.discordId).toBe("80351110224678912");
    good.close();
    for (const auth of [{}, { token: "nope" }, { token: `${sessionToken}x` }]) {
      const bad = gameSocket(t.url, { auth });
      expect((await handshake(bad))?.message).toBe("SessionRequired");
      bad.close();
    }
  });
});

describe("an instance grant and joinGroup", () => {
  const join = (socket: GameClient, roomId: string) =>
    socket.emitWithAck("joinGroup", { roomId }) as Promise<{
      ok: boolean;
      code?: string;
      players?: unknown[];
    }>;
  const open = (token: string) => connected(gameSocket(t.url, { auth: { token } }));

  it("lets in only the sessions granted that instance; the room is never listed", async () => {
    const granted = ((await (await exchange("good-code", INSTANCE)).json()) as { sessionToken: string })
      .sessionToken;
    const plain = ((await (await exchange("good-code")).json()) as { sessionToken: string }).sessionToken;
    const other = t.server.signer.sessionToken("80351110224678912", t.server.clock.now(), ["discord:other"]);
    const sockets = await Promise.all([open(granted), open(plain), open(other)]);
    try {
      const [a, b, c] = sockets as [GameClient, GameClient, GameClient];
      const ok = await join(a, `discord:${INSTANCE}`);
      expect(ok.ok).toBe(true);
      expect(ok.players).toHaveLength(1);
      for (const s of [b, c]) {
        const refused = await join(s, `discord:${INSTANCE}`);
        expect(refused).toEqual({ ok: false, code: ERROR_CODES.forbidden });
      }
      expect((await join(c, "discord:other")).ok).toBe(true);
      expect(await a.emitWithAck("getRooms")).toEqual([]);
    } finally {
      for (const s of sockets) s.close();
    }
  });

  it("survives renewal: the fresh session token keeps the grant", async () => {
    const granted = ((await (await exchange("good-code", INSTANCE)).json()) as { sessionToken: string })
      .sessionToken;
    const res = await fetch(`${t.url}/api/account/session-token`, {
      method: "POST",
      headers: { authorization: `Bearer ${granted}` },
    });
    expect(res.status).toBe(200);
    const renewed = (await res.json()) as { sessionToken: string; expiresAt: number };
    expect(renewed.expiresAt).toBeGreaterThan(t.server.clock.now());
    expect((await t.server.sessions.fromAuthorization(`Bearer ${renewed.sessionToken}`))?.instances).toEqual([
      `discord:${INSTANCE}`,
    ]);
  });
});

describe("a participant leaving the activity", () => {
  it("leaves the room once Discord no longer lists them; a client's word alone moves nobody", async () => {
    const party = "i-party";
    stub.instances.set(party, ["80351110224678912", "80351110224678913"]);
    const token = async (code: string) =>
      ((await (await exchange(code, party)).json()) as { sessionToken: string }).sessionToken;
    const open = (sessionToken: string) => connected(gameSocket(t.url, { auth: { token: sessionToken } }));
    const [nelly, bob] = await Promise.all([open(await token("good-code")), open(await token("bob-code"))]);
    try {
      const roomId = `discord:${party}`;
      for (const s of [nelly, bob]) expect((await s.emitWithAck("joinGroup", { roomId })).ok).toBe(true);
      const members = () => [...t.server.rooms.membersOf(roomId)].sort();
      expect(members()).toEqual(["80351110224678912", "80351110224678913"]);
      // Discord still lists both: nobody leaves
      expect(await nelly.emitWithAck("activityParticipants", { roomId })).toEqual({
        ok: true,
        verified: true,
        left: [],
      });
      // Bob closed the activity on iOS (no unload): Discord's list is the truth
      stub.instances.set(party, ["80351110224678912"]);
      // one question per room every 2 s, however many members report the same update
      expect(await nelly.emitWithAck("activityParticipants", { roomId })).toEqual({
        ok: true,
        verified: false,
      });
      (t.server.clock as TestClock).advance(2000);
      expect(await nelly.emitWithAck("activityParticipants", { roomId })).toEqual({
        ok: true,
        verified: true,
        left: ["80351110224678913"],
      });
      expect(members()).toEqual(["80351110224678912"]);
      // only a member may ask, and only about its own room
      expect(await bob.emitWithAck("activityParticipants", { roomId })).toMatchObject({ ok: false });
      expect(await nelly.emitWithAck("activityParticipants", { roomId: "web-room" })).toMatchObject({
        ok: false,
      });
    } finally {
      nelly.close();
      bob.close();
    }
  });
});

describe("without Discord credentials", () => {
  it("answers 503 DiscordNotConfigured, or signs in the SDK mock when MOCK_DISCORD_AUTH=1", async () => {
    const off = await startTestServer();
    const mock = await startTestServer({ MOCK_DISCORD_AUTH: "1" });
    try {
      const call = (url: string) =>
        fetch(`${url}/api/token`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ code: "mock_code" }),
        });
      const refused = await call(off.url);
      expect(refused.status).toBe(503);
      expect(((await refused.json()) as { error: string }).error).toBe("DiscordNotConfigured");
      const ok = (await (await call(mock.url)).json()) as {
        user: { discordId: string };
        sessionToken: string;
      };
      expect(ok.user.discordId).toBe("mock-sprout");
      const me = await fetch(`${mock.url}/api/user/get-user`, {
        headers: { authorization: `Bearer ${ok.sessionToken}` },
      });
      expect(me.status).toBe(200);
      // the activity's mock names its pretend user in the code; the instance is granted unverified
      const alice = await exchange(
        mockAuthCode({ id: "1001", username: "Alice B" }),
        "123456789012345678",
        mock.url,
      );
      expect(await alice.json()).toMatchObject({
        roomId: "discord:123456789012345678",
        user: { discordId: "1001", username: "Alice B", isGuest: false },
      });
      for (const code of ["mock:guest-1:Eve", "mock:1001", "mock:a b:Eve", "mockery"]) {
        expect([code, (await exchange(code, undefined, mock.url)).status]).toEqual([code, 503]);
      }
      expect((await exchange(mockAuthCode({ id: "1001", username: "A" }), undefined, off.url)).status).toBe(
        503,
      );
    } finally {
      await off.close();
      await mock.close();
    }
  });
});
