import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type DiscordStub, startDiscordStub } from "../testing/discordStub.ts";
import { startTestServer, type TestServer } from "../testing/testServer.ts";

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
beforeEach(() => {
  stub.calls.length = 0;
  stub.rateLimit(0);
});

const exchange = (code: unknown) =>
  fetch(`${t.url}/api/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ code }),
  });

describe("POST /api/token", () => {
  it("exchanges the code, reads the user, creates the player, and answers both tokens", async () => {
    const res = await exchange("good-code");
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      access_token: string;
      sessionToken: string;
      user: Record<string, unknown>;
    };
    expect(body.access_token).toBe("access-good-code");
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
    expect(stub.calls).toHaveLength(0);
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
    const open = (auth: Record<string, unknown>) =>
      new Promise<{ socket: Socket; error?: Error }>((resolve) => {
        const socket = connect(t.url, {
          path: "/api/socket",
          transports: ["websocket"],
          auth,
          reconnection: false,
        });
        socket.on("connect", () => resolve({ socket }));
        socket.on("connect_error", (error) => resolve({ socket, error }));
      });
    const good = await open({ token: sessionToken });
    expect(good.error).toBeUndefined();
    const [serverSocket] = await t.server.io.fetchSockets();
    expect(serverSocket?.data.discordId).toBe("80351110224678912");
    good.socket.close();
    for (const auth of [{}, { token: "nope" }, { token: `${sessionToken}x` }]) {
      const bad = await open(auth);
      expect(bad.error?.message).toBe("SessionRequired");
      bad.socket.close();
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
    } finally {
      await off.close();
      await mock.close();
    }
  });
});
