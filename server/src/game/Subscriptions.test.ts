import {
  advance,
  buyLabNode,
  newPlayer,
  type Player,
  type PlayerView,
  type SubscriptionWindow,
  setAction,
} from "@pickle-garden/shared";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type DiscordStub,
  type StubEntitlement,
  startDiscordStub,
  stubEntitlement,
} from "../../testing/discordStub.ts";
import { bearerApi, startTestServer, type TestServer } from "../../testing/testServer.ts";
import { TestClock } from "../clock.ts";
import { REFRESH_MIN_MS } from "./Subscriptions.ts";

/**
 * The subscription through the real server and a stub of Discord's entitlements endpoint: each kind of
 * entitlement's effect on subscription_active and on xp, Discord failing, and clients claiming the flag.
 */

const APP = "client-1";
const SKU = "1180000000000000001";
const OTHER_SKU = "1180000000000000002";
const BOT_API_TOKEN = "bot-api-token-0123456789abcdef";
const T0 = Date.UTC(2026, 5, 1);
const H = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

let stub: DiscordStub;
let t: TestServer;
let clock: TestClock;
let nextId = 1;

beforeAll(async () => {
  stub = await startDiscordStub(APP, "secret-1");
  clock = new TestClock(() => T0);
  t = await startTestServer(
    {
      DISCORD_CLIENT_ID: APP,
      DISCORD_CLIENT_SECRET: "secret-1",
      DISCORD_API_BASE: stub.base,
      DISCORD_BOT_TOKEN: stub.botToken,
      DISCORD_SUBSCRIPTION_SKU_ID: SKU,
      BOT_API_TOKEN,
      RATE_LIMIT_WRITES: "0",
    },
    { clock },
  );
});
afterAll(async () => {
  await t.close();
  await stub.close();
});
beforeEach(() => {
  stub.entitlements.length = 0;
  stub.calls.length = 0;
  stub.rateLimit(0);
  stub.outage(false);
});

/** A Discord player signed in through the activity's token exchange (which asks Discord). */
async function signIn(): Promise<{ id: string; token: string }> {
  const id = String(90_000_000_000_000_000n + BigInt(nextId++));
  stub.codes.set(`code-${id}`, { id, username: `p${id}`, global_name: null, avatar: null });
  const res = await fetch(`${t.url}/api/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ code: `code-${id}` }),
  });
  expect(res.status).toBe(200);
  return { id, token: ((await res.json()) as { sessionToken: string }).sessionToken };
}

const api = (token: string, method: string, path: string, body?: unknown) =>
  bearerApi(t.url, token, method, path, body);

const user = async (token: string) => (await api(token, "GET", "/user/get-user")).body.user as PlayerView;
const entitle = (userId: string, fields: Partial<StubEntitlement>) =>
  stub.entitlements.push(stubEntitlement({ application_id: APP, sku_id: SKU, user_id: userId, ...fields }));

describe("the entitlement kinds at sign-in", () => {
  it("asks Discord's entitlements endpoint for the player and the SKU, with the bot's token", async () => {
    const { id } = await signIn();
    const asked = stub.calls.find((c) => c.path.includes("/entitlements"));
    expect(asked?.authorization).toBe(`Bot ${stub.botToken}`);
    const url = new URL(asked!.path, "http://stub");
    expect(url.pathname).toBe(`/api/applications/${APP}/entitlements`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      user_id: id,
      sku_ids: SKU,
      exclude_deleted: "true",
    });
  });

  const cases: [string, (id: string) => void, boolean][] = [
    [
      "an active subscription",
      (id) => entitle(id, { starts_at: iso(T0 - H), ends_at: iso(T0 + 30 * 24 * H) }),
      true,
    ],
    ["a test entitlement (no start, no end)", (id) => entitle(id, { type: 4 }), true],
    [
      "an ended subscription",
      (id) => entitle(id, { starts_at: iso(T0 - 40 * 24 * H), ends_at: iso(T0 - H) }),
      false,
    ],
    ["a deleted entitlement", (id) => entitle(id, { type: 4, deleted: true }), false],
    ["another SKU's entitlement", (id) => entitle(id, { type: 4, sku_id: OTHER_SKU }), false],
    ["another user's entitlement", () => entitle("1", { type: 4 }), false],
    ["no entitlement", () => {}, false],
  ];
  for (const [name, arrange, active] of cases) {
    it(`${name}: subscription_active ${active}`, async () => {
      const id = String(90_000_000_000_000_000n + BigInt(nextId));
      arrange(id);
      const { token } = await signIn();
      expect((await user(token)).subscription_active).toBe(active);
    });
  }

  it("a guest is never asked about, and never a subscriber", async () => {
    const token = t.server.signer.sessionToken("guest-abc", clock.now());
    await t.server.accounts.ensurePlayer({ discordId: "guest-abc", username: "Guest Sprout" });
    expect(await api(token, "POST", "/user/subscription")).toEqual({
      status: 200,
      body: { enabled: true, active: false },
    });
    expect(stub.calls.some((c) => c.path.includes("/entitlements"))).toBe(false);
  });
});

describe("when Discord cannot answer", () => {
  for (const [name, fail] of [
    ["429", () => stub.rateLimit(5, 0.05, `/api/applications/${APP}/entitlements`)],
    ["5xx", () => stub.outage(true)],
  ] as const) {
    it(`${name}: the last known state stays, and the next check catches up`, async () => {
      const { id, token } = await signIn();
      entitle(id, { type: 4 });
      fail();
      clock.advance(REFRESH_MIN_MS);
      expect((await api(token, "POST", "/user/subscription")).body).toEqual({ enabled: true, active: false });
      stub.rateLimit(0);
      stub.outage(false);
      clock.advance(REFRESH_MIN_MS);
      expect((await api(token, "POST", "/user/subscription")).body).toEqual({ enabled: true, active: true });
      // and once a subscriber, a failing Discord does not end it
      stub.entitlements.length = 0;
      fail();
      clock.advance(REFRESH_MIN_MS);
      expect((await api(token, "POST", "/user/subscription")).body).toEqual({ enabled: true, active: true });
    });
  }

  it("a purchase's refresh asks Discord at once after sign-in, then at most every REFRESH_MIN_MS", async () => {
    const { token } = await signIn();
    stub.calls.length = 0;
    await api(token, "POST", "/user/subscription");
    await api(token, "POST", "/user/subscription");
    expect(stub.calls.filter((c) => c.path.includes("/entitlements"))).toHaveLength(1);
    clock.advance(REFRESH_MIN_MS);
    await api(token, "POST", "/user/subscription");
    expect(stub.calls.filter((c) => c.path.includes("/entitlements"))).toHaveLength(2);
  });
});

describe("the bot's entitlement events", () => {
  it("make the server ask Discord again at once", async () => {
    const { id, token } = await signIn();
    entitle(id, { type: 4 });
    const res = await fetch(`${t.url}/api/bot/players/${id}/subscription`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${BOT_API_TOKEN}` },
      body: "{}",
    });
    expect(await res.json()).toEqual({ enabled: true, active: true });
    expect((await user(token)).subscription_active).toBe(true);
  });
});

describe("xp", () => {
  let s0 = T0;
  /** A twin that started mining at s0. */
  function startOf(id: string): Player {
    const unlocked = buyLabNode(
      newPlayer({ discordId: id, username: `p${id}`, now: s0, seed: 77 }),
      "south:mining:unlock",
      s0,
    );
    if (!unlocked.ok) throw new Error(unlocked.message);
    const mining = setAction(unlocked.state, { skill: "mining", location: "garden" }, s0);
    if (!mining.ok) throw new Error(mining.message);
    return mining.state;
  }

  /** What the rules give that twin away until `until` with `windows`. */
  const expected = (id: string, windows: SubscriptionWindow[], until: number): Player =>
    advance({ ...startOf(id), subscriptionWindows: windows }, until).player;

  async function twinMiner(): Promise<{ id: string; token: string }> {
    const id = String(90_000_000_000_000_000n + BigInt(nextId++));
    await t.server.store.createPlayer({
      player: newPlayer({ discordId: id, username: `p${id}`, now: clock.now(), seed: 77 }),
      meta: { awaySince: null, pendingOffline: null, lastDelivered: null, archived: false },
    });
    const token = t.server.signer.sessionToken(id, clock.now());
    expect((await api(token, "POST", "/lab/buy", { nodeId: "south:mining:unlock" })).status).toBe(200);
    expect(
      (await api(token, "POST", "/user/update-action", { skill: "mining", location: "garden" })).status,
    ).toBe(200);
    return { id, token };
  }

  it("an absence across a subscription earns 1.5x on exactly the covered part", async () => {
    s0 = clock.now();
    const subscriber = await twinMiner();
    const plain = await twinMiner();
    const window = { startsAt: s0 + H, endsAt: s0 + 3 * H };
    entitle(subscriber.id, { starts_at: iso(window.startsAt), ends_at: iso(window.endsAt) });
    clock.advance(4 * H);
    // the server learns of the subscription after it ended: the absence still gets its covered part
    await api(subscriber.token, "POST", "/user/subscription");
    const [paid, free] = [await user(subscriber.token), await user(plain.token)];
    expect(paid.subscription_active).toBe(false);
    expect(paid.skills.mining).toEqual(expected(subscriber.id, [window], s0 + 4 * H).skills.mining);
    expect(free.skills.mining).toEqual(expected(plain.id, [], s0 + 4 * H).skills.mining);
    expect(paid.skills.mining!.xp).toBeGreaterThan(free.skills.mining!.xp);
    // the offline summary (and the welcome-back DM made from it) carries the bonus part
    const bonus = async (token: string) => (await api(token, "GET", "/user/sync-offline")).body.bonusXp;
    expect(await bonus(subscriber.token)).toBe(
      advance({ ...startOf(subscriber.id), subscriptionWindows: [window] }, s0 + 4 * H).summary.bonusXp,
    );
    expect(await bonus(plain.token)).toBe(0);
  });

  it("a client claiming the flag changes nothing", async () => {
    const liar = await twinMiner();
    const honest = await twinMiner();
    const claim = { subscription_active: true, subscriptionWindows: [{ startsAt: null, endsAt: null }] };
    for (let step = 0; step < 3; step++) {
      clock.advance(10 * 60_000);
      await user(honest.token);
      const answers = await Promise.all([
        api(liar.token, "POST", "/user/update-xp", { skill: "mining", gainedXp: 10, ...claim }),
        api(liar.token, "POST", "/user/update-health", { health: 10, maxHealth: 10, ...claim }),
        api(liar.token, "POST", "/user/update-mana", { mana: 1, maxMana: 1, ...claim }),
        api(liar.token, "POST", "/user/update-monsters", { monsters: [], ...claim }),
        api(liar.token, "POST", "/user/send-item", { skill: "mining", nodeId: 6, ...claim }),
        api(liar.token, "POST", "/user/update-action", { skill: "mining", location: "garden", ...claim }),
        api(liar.token, "PATCH", "/user/tutorial", { action: "skip", ...claim }),
        api(liar.token, "POST", "/user/subscription", claim),
      ]);
      for (const a of answers) expect(JSON.stringify(a.body)).not.toMatch(/"subscription_active":true/);
    }
    const [lied, told] = [await user(liar.token), await user(honest.token)];
    expect(lied.subscription_active).toBe(false);
    expect(lied.subscriptionWindows).toEqual([]);
    expect(lied.skills.mining).toEqual(told.skills.mining);
  });
});
