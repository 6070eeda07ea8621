import { ERROR_CODES } from "@pickle-garden/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClock } from "../../server/src/clock.ts";
import { connected, type GameClient, gameSocket } from "../../server/testing/gameSocket.ts";
import {
  type CookieJar,
  emit,
  miningGuest,
  type SecurityServer,
  sameOriginJson,
  startServer,
  waitFor,
} from "./support.ts";

/**
 * A socket is a session too: signing out ends the sockets opened with the old credentials (cookie and
 * bearer alike), and a socket whose token has expired is not served any more.
 */

let t: SecurityServer;
const opened: GameClient[] = [];

beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => {
  for (const socket of opened) socket.close();
  await t.close();
});

async function signOut(jar: CookieJar): Promise<void> {
  const { csrfToken } = (await (await jar.fetch(`${t.url}/api/auth/csrf`)).json()) as { csrfToken: string };
  const res = await jar.fetch(`${t.url}/api/auth/signout`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, callbackUrl: t.url }),
  });
  expect(res.status).toBe(302);
}

async function signBackIn(jar: CookieJar): Promise<void> {
  const { csrfToken } = (await (await jar.fetch(`${t.url}/api/auth/csrf`)).json()) as { csrfToken: string };
  await jar.fetch(`${t.url}/api/auth/callback/guest`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, callbackUrl: t.url }),
  });
}

/** A socket that records what it hears and whether the server closed it. */
async function listening(socket: GameClient) {
  opened.push(socket);
  const heard: string[] = [];
  let closedBy: string | null = null;
  socket.onAny((event: string) => heard.push(event));
  socket.on("disconnect", (reason) => {
    closedBy = reason;
  });
  await connected(socket);
  return { socket, heard, closedBy: () => closedBy };
}

const cookieSocket = (jar: CookieJar) =>
  listening(gameSocket(t.url, { extraHeaders: { cookie: jar.header(), origin: t.url } }));
const bearerSocket = (token: string) => listening(gameSocket(t.url, { auth: { token } }));

describe("sockets end with the session", () => {
  it("signing out disconnects the cookie and the bearer sockets; after signing back in they hear nothing", async () => {
    const { jar } = await miningGuest(t);
    const token = (await sameOriginJson(t, jar, "POST", "/api/account/session-token")).body
      .sessionToken as string;
    const byCookie = await cookieSocket(jar);
    const byBearer = await bearerSocket(token);
    for (const s of [byCookie, byBearer])
      expect(await emit(s.socket, "chatMessage", { text: "before" })).toMatchObject({ ok: true });

    await signOut(jar);
    await waitFor(() => byCookie.closedBy() !== null && byBearer.closedBy() !== null);
    expect([byCookie.closedBy(), byBearer.closedBy()]).toEqual([
      "io server disconnect",
      "io server disconnect",
    ]);
    // a script that reconnects the very socket object gets nowhere either
    for (const s of [byCookie, byBearer]) {
      s.socket.connect();
      await new Promise((r) => setTimeout(r, 200));
      expect(s.socket.connected).toBe(false);
    }

    await signBackIn(jar);
    const heardBefore = [byCookie.heard.length, byBearer.heard.length];
    const fresh = await cookieSocket(jar);
    const patched = new Promise((resolve) => fresh.socket.once("playerPatch", resolve));
    expect(
      await sameOriginJson(t, jar, "POST", "/api/user/update-action", {
        skill: "mining",
        location: "garden",
      }),
    ).toMatchObject({ status: 200 });
    await patched;
    await new Promise((r) => setTimeout(r, 100));
    expect([byCookie.heard.length, byBearer.heard.length]).toEqual(heardBefore);
  });

  it("a bearer socket whose token expired is closed and cannot come back to chat", async () => {
    const { discordId } = await miningGuest(t);
    const s = await bearerSocket(t.server.signer.sessionToken(discordId, t.server.clock.now()));
    expect(await emit(s.socket, "chatMessage", { text: "fresh" })).toMatchObject({ ok: true });
    (t.server.clock as TestClock).advance(8 * 24 * 3600_000);
    await waitFor(() => s.closedBy() !== null);
    expect(s.closedBy()).toBe("io server disconnect");
    s.socket.connect();
    await new Promise((r) => setTimeout(r, 200));
    expect(s.socket.connected).toBe(false);
  });

  it("a quiet socket is closed when its token expires, with no event and no clock jump", async () => {
    const { discordId } = await miningGuest(t);
    const now = t.server.clock.now();
    const token = t.server.signer.sign("session", { sub: discordId, iat: now, exp: now + 1_000 });
    const s = await bearerSocket(token);
    await waitFor(() => s.closedBy() !== null, 5_000);
    expect(s.closedBy()).toBe("io server disconnect");
  });

  it("an event on a socket whose session is over is refused, answered auth/required, and the socket closed", async () => {
    const { discordId } = await miningGuest(t);
    const s = await bearerSocket(t.server.signer.sessionToken(discordId, t.server.clock.now()));
    // the generation moves on without the sign-out's broadcast: the event itself is checked
    await t.server.accounts.tokens.bump(discordId);
    expect(await emit(s.socket, "chatMessage", { text: "stale" })).toEqual({
      ok: false,
      code: ERROR_CODES.unauthenticated,
    });
    await waitFor(() => s.closedBy() !== null);
  });
});
