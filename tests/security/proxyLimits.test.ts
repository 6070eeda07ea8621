import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DiscordStub, startDiscordStub } from "../../server/testing/discordStub.ts";
import { type SecurityServer, startServer } from "./support.ts";

/**
 * Behind Discord's proxy every Activity player's request comes from Discord's addresses: here every
 * request comes from 127.0.0.1, as the proxy's would. The write limit (the production default, 600 a
 * minute) counts each signed-in player apart, and the token exchange counts a player once signed in, so
 * 200 players launching and playing together never meet a 429, while one player's flood still does.
 */

const PLAYERS = 200;
const INSTANCE = "i-1286767470823571487-gc-1234567890-2345678901";
const idOf = (i: number) => String(700_000_000_000_000_000n + BigInt(i));
let stub: DiscordStub;
let t: SecurityServer;

beforeAll(async () => {
  stub = await startDiscordStub("client-1", "secret-1");
  for (let i = 0; i < PLAYERS; i++)
    stub.codes.set(`code-${i}`, { id: idOf(i), username: `p${i}`, global_name: null, avatar: null });
  stub.instances.set(
    INSTANCE,
    Array.from({ length: PLAYERS }, (_, i) => idOf(i)),
  );
  t = await startServer({
    RATE_LIMIT_WRITES: "600",
    RATE_LIMIT_WINDOW_MS: "60000",
    DISCORD_CLIENT_ID: "client-1",
    DISCORD_CLIENT_SECRET: "secret-1",
    DISCORD_API_BASE: stub.base,
    DISCORD_BOT_TOKEN: stub.botToken,
  });
});
afterAll(async () => {
  await t?.close();
  await stub?.close();
});

const post = (path: string, body: unknown, token?: string) =>
  fetch(`${t.url}/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
const renew = (token: string) => post("/account/session-token", {}, token);

/** Runs `task` for 0..n-1, `width` at a time; answers the statuses in order. */
async function inWaves(n: number, width: number, task: (i: number) => Promise<number>): Promise<number[]> {
  const out: number[] = [];
  for (let from = 0; from < n; from += width) {
    const wave = Array.from({ length: Math.min(width, n - from) }, (_, k) => task(from + k));
    out.push(...(await Promise.all(wave)));
  }
  return out;
}

describe("Activity players behind one address (Discord's proxy)", () => {
  const tokens: string[] = [];

  it("200 players exchange their codes and write 3 times each (800 writes from one address): no 429", async () => {
    const exchanges = await inWaves(PLAYERS, 20, async (i) => {
      const res = await post("/token", { code: `code-${i}`, instanceId: INSTANCE });
      const body = (await res.json()) as { sessionToken?: string };
      if (body.sessionToken) tokens[i] = body.sessionToken;
      return res.status;
    });
    expect(exchanges.filter((s) => s !== 200)).toEqual([]);
    const writes = await inWaves(PLAYERS * 3, 30, async (k) => {
      const res = await renew(tokens[k % PLAYERS]!);
      await res.body?.cancel();
      return res.status;
    });
    expect(writes.filter((s) => s !== 200)).toEqual([]);
  });

  it("one player's flood is limited; the others behind the same address still write", async () => {
    const flood = await inWaves(600, 30, async () => {
      const res = await renew(tokens[0]!);
      await res.body?.cancel();
      return res.status;
    });
    // the exchange and 3 writes before: the 597th of the flood is the player's 601st write in the window
    expect(flood.slice(0, 596).every((s) => s === 200)).toBe(true);
    expect(flood.slice(596)).toEqual([429, 429, 429, 429]);
    const refused = await renew(tokens[0]!);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ error: "TooManyRequests" });
    expect((await renew(tokens[1]!)).status).toBe(200);
  });

  it("a player's own stream of code exchanges counts against that player", async () => {
    // player 0 is over its allowance: a fresh, valid code of its own is refused, another player's is not
    stub.codes.set("again-0", { id: idOf(0), username: "p0", global_name: null, avatar: null });
    expect((await post("/token", { code: "again-0", instanceId: INSTANCE })).status).toBe(429);
    stub.codes.set("again-1", { id: idOf(1), username: "p1", global_name: null, avatar: null });
    expect((await post("/token", { code: "again-1", instanceId: INSTANCE })).status).toBe(200);
  });

  it("anonymous calls still count per address: bad codes from one address are refused past the limit", async () => {
    const statuses = await inWaves(601, 30, async (i) => {
      const res = await post("/token", { code: `bad-${i}`, instanceId: INSTANCE });
      await res.body?.cancel();
      return res.status;
    });
    expect(statuses.filter((s) => s === 401)).toHaveLength(600);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
  });
});
