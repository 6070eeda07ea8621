import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GameClient, gameSocket, handshake } from "../../server/testing/gameSocket.ts";
import { redisBinary } from "../../server/testing/redisServer.ts";
import { CookieJar, guestSignIn } from "../../server/testing/testServer.ts";
import { startTwoNodes, type TwoNodes } from "../support/twoNodes.ts";
import { waitFor } from "./support.ts";

/**
 * A player's sessions and sockets across two nodes on one redis-server (issue 30, holes 3 and 7): signing
 * out on one node closes the player's sockets on the other and revokes its tokens there at once, and the
 * cap on sockets counts both nodes.
 */

const CAP = 4;
let t: TwoNodes;
const sockets: GameClient[] = [];

beforeAll(async () => {
  if (!redisBinary) return;
  t = await startTwoNodes({ SOCKET_CONNECTIONS_PER_PLAYER: String(CAP) });
}, 120_000);
afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.stop();
});

async function guestOn(url: string): Promise<{ jar: CookieJar; token: string }> {
  const jar = new CookieJar();
  await guestSignIn(url, jar);
  const res = await jar.fetch(`${url}/api/account/session-token`, { method: "POST" });
  return { jar, token: ((await res.json()) as { sessionToken: string }).sessionToken };
}

async function signOut(url: string, jar: CookieJar): Promise<void> {
  const { csrfToken } = (await (await jar.fetch(`${url}/api/auth/csrf`)).json()) as { csrfToken: string };
  const res = await jar.fetch(`${url}/api/auth/signout`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, callbackUrl: url }),
  });
  expect(res.status).toBe(302);
}

function socketOn(url: string, token: string): GameClient {
  const socket = gameSocket(url, { auth: { token } });
  sockets.push(socket);
  return socket;
}

describe.skipIf(!redisBinary)("a player's sockets on two nodes", () => {
  it("signing out on node A closes the player's socket on node B", async () => {
    const [a, b] = t.nodes.map((n) => n.url) as [string, string];
    const { jar, token } = await guestOn(a);
    const onB = socketOn(b, token);
    expect(await handshake(onB)).toBeNull();
    let closedBy: string | null = null;
    onB.on("disconnect", (reason) => {
      closedBy = reason;
    });
    await signOut(a, jar);
    await waitFor(() => closedBy !== null);
    expect(closedBy).toBe("io server disconnect");
  });

  it("right after a sign-out on node A, a copy of the token opens nothing on node B (which knew it valid)", async () => {
    const [a, b] = t.nodes.map((n) => n.url) as [string, string];
    const { jar, token } = await guestOn(a);
    // node B verifies the token once, and would remember its generation for 30 s
    expect(await handshake(socketOn(b, token))).toBeNull();
    const getUser = () => fetch(`${b}/api/user/get-user`, { headers: { authorization: `Bearer ${token}` } });
    expect((await getUser()).status).toBe(200);
    await signOut(a, jar);
    await waitFor(async () => (await getUser()).status === 401, 3_000);
    const again = await handshake(socketOn(b, token));
    expect(again?.message).toBe("SessionRequired");
  });

  it("the cap counts the player's sockets on both nodes", async () => {
    const [a, b] = t.nodes.map((n) => n.url) as [string, string];
    const { token } = await guestOn(a);
    for (let i = 0; i < CAP - 1; i++) expect(await handshake(socketOn(a, token))).toBeNull();
    expect(await handshake(socketOn(b, token))).toBeNull();
    const over = await handshake(socketOn(b, token));
    expect(over?.message).toBe("TooManyConnections");
    expect((over as Error & { data?: unknown }).data).toEqual({ error: "TooManyConnections", limit: CAP });
  });
});
