import { execFileSync } from "node:child_process";
import { connect } from "node:net";
import { addItems, type OfflineSummary, type PlayerView, sellValue } from "@pickle-garden/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RedisClient, redisClient } from "../../server/src/scale/redisClient.ts";
import { redisBinary } from "../../server/testing/redisServer.ts";
import { Browser } from "../integration/httpClient.ts";
import { startServer } from "../support/startServer.ts";
import { patchStoredPlayer } from "../support/storedPlayer.ts";
import { startTwoNodes, type TwoNodes } from "../support/twoNodes.ts";

/**
 * Two server processes on one redis-server (issue 30, holes 1, 5, 9 and 10): an intent that reaches the
 * node that does not own its player is checked there like any request, then forwarded to the owner as a
 * signed intent (never a cookie or a request), applied once, and answered from the entry node with the
 * headers its route sets.
 */

if (!redisBinary) console.log("Forwarding suite skipped: no redis-server on this machine");

const EVIL = "https://evil.example";
const DIRT = 10001;
let t: TwoNodes;
let redis: RedisClient;
let nodeIds: string[];
const url = (i: number) => t.nodes[i]!.url;

/** A guest signed in on node 0 holding 700 Dirt and the RP for the gold pouch, owned by node 0; a browser on each node. */
async function ownedByNode0(): Promise<{ id: string; http: Browser[] }> {
  const first = new Browser(url(0));
  const id = await first.signInAsGuest();
  // before any node loads it
  patchStoredPlayer(t.dataDir, id, (p) => {
    Object.assign(p, addItems({ ...p, lab: { ...p.lab, rp: 10_000 } }, [{ id: DIRT, quantity: 700 }]).player);
  });
  const second = new Browser(url(1));
  for (const [k, v] of first.cookies) second.cookies.set(k, v);
  const bought = await first.json("POST", "/api/lab/buy", { nodeId: "south:mining:unlock" });
  expect(bought.status).toBe(200);
  expect(await redis.get(`pg:lease:player:${id}`)).toBe(nodeIds[0]);
  return { id, http: [first, second] };
}

const view = async (b: Browser) =>
  (await b.json<{ user: PlayerView }>("GET", "/api/user/get-user")).body.user;

describe.skipIf(!redisBinary)("an intent through the node that does not own its player", () => {
  beforeAll(async () => {
    t = await startTwoNodes({
      LEASE_TTL_MS: "3000",
      // link/start sets a cookie only with Discord sign-in configured (nothing calls Discord here)
      DISCORD_CLIENT_ID: "100000000000000001",
      DISCORD_CLIENT_SECRET: "forwarding-test-discord-secret",
    });
    redis = redisClient(t.redis.url);
    await redis.connect();
    nodeIds = await Promise.all(
      t.nodes.map(
        async (n) =>
          ((await (await fetch(`${n.url}/healthz`)).json()) as { scaleOut: { node: string } }).scaleOut.node,
      ),
    );
  });
  afterAll(async () => {
    await redis?.quit();
    await t?.stop();
  });

  it("a cross-site sync-offline through the non-owner is refused (403) and delivers nothing", async () => {
    const { http } = await ownedByNode0();
    expect(
      (await http[0]!.json("POST", "/api/user/update-action", { skill: "mining", location: "garden" }))
        .status,
    ).toBe(200);
    // an hour away (no socket: the player is away since its load), on both nodes' test clocks
    for (const i of [0, 1])
      await fetch(`${url(i)}/api/test/clock`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ advanceMs: 3_600_000 }),
      });
    for (const [path, headers] of [
      ["/api/user/sync-offline", { "sec-fetch-site": "cross-site" }],
      ["/api/user/sync-offline", { origin: EVIL }],
      ["/api/user/Sync-Offline", { origin: EVIL }],
    ] as const) {
      const cross = await http[1]!.fetch(path, { headers });
      expect(cross.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
      expect(await cross.json()).toMatchObject({ error: "CrossSiteRequest" });
    }
    // the victim's own load gets the summary, delivered for the first time
    const own = await http[0]!.json<OfflineSummary>("GET", "/api/user/sync-offline");
    expect(own.status).toBe(200);
    expect(own.body.repeated).toBe(false);
    expect(own.body.gainedXp.mining).toBeGreaterThan(0);
  });

  it("Redis carries no cookie, and a forwarded intent published again (or altered) applies nothing", async () => {
    const { id, http } = await ownedByNode0();
    expect((await http[0]!.json("POST", "/api/lab/buy", { nodeId: "east:utility:gold-pouch" })).status).toBe(
      200,
    );
    const dirtAt = (await view(http[0]!)).inventory.findIndex((e) => e.id === DIRT);
    const spy = redis.duplicate();
    await spy.connect();
    const heard: { channel: string; text: string }[] = [];
    await spy.pSubscribe("pg:node:*", (text, channel) => heard.push({ channel, text }));

    const sold = await http[1]!.json("POST", "/api/intents/sellItem", {
      inventoryIndex: dirtAt,
      quantity: 1,
    });
    expect(sold).toMatchObject({ status: 200, body: { ok: true } });
    const soldView = await view(http[1]!);
    expect(soldView.gold).toBe(sellValue(DIRT));
    const request = heard.find(
      (m) => m.channel === `pg:node:${nodeIds[0]}` && /sellItem|sell-item/.test(m.text),
    );
    expect(request).toBeDefined();
    const cookies = [...http[1]!.cookies.values()];
    expect(cookies.length).toBeGreaterThan(0);
    for (const { text } of heard) {
      expect(text).not.toMatch(/cookie|authjs|authorization/i);
      for (const value of cookies) expect(text).not.toContain(value);
    }
    // the resolved player, the intent and its parsed input
    expect(request!.text).toContain(`"discordId":"${id}"`);
    expect(request!.text).toContain(`"quantity":1`);

    // captured and published three more times: refused as replays
    for (let i = 0; i < 3; i++) await redis.publish(request!.channel, request!.text);
    // altered (more units, a fresh id) under the old signature: refused
    const altered = request!.text
      .replace(`"quantity":1`, `"quantity":50`)
      .replace(/"id":"[^"]+"/, `"id":"x"`);
    await redis.publish(request!.channel, altered);
    await new Promise((r) => setTimeout(r, 1_000));
    await spy.quit();
    const after = await view(http[0]!);
    expect(after.gold).toBe(sellValue(DIRT));
    expect(after.inventory[dirtAt]).toMatchObject({
      id: DIRT,
      stack: soldView.inventory[dirtAt]!.stack,
    });
  });

  it("answers through the non-owner keep their headers: get-user's no-store, link/start's cookie", async () => {
    const { http } = await ownedByNode0();
    const res = await http[1]!.fetch("/api/user/get-user");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    await res.body?.cancel();

    const link = await http[1]!.fetch("/api/account/link/start", {
      method: "POST",
      headers: { origin: url(1) },
    });
    expect(link.status).toBe(200);
    expect(link.headers.getSetCookie().some((c) => c.startsWith("pg_link="))).toBe(true);
  });

  it("a full URL in the request line to the non-owner gets the normal answer, never a 500", async () => {
    const { id, http } = await ownedByNode0();
    const { host, hostname, port } = new URL(url(1));
    const cookie = [...http[1]!.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname.replace(/^\[|\]$/g, ""));
      let text = "";
      socket.on("data", (chunk) => {
        text += chunk.toString();
      });
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
      socket.write(
        `GET http://evil.example/api/user/get-user HTTP/1.1\r\nHost: ${host}\r\nCookie: ${cookie}\r\nConnection: close\r\n\r\n`,
      );
    });
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
    expect(status).toBeGreaterThanOrEqual(200);
    expect(status).toBeLessThan(500);
    if (status === 200) expect(answer).toContain(`"discordId":"${id}"`);
  });
});

describe.skipIf(!redisBinary)("nodes on a private Redis (a password, TLS only)", () => {
  let p: TwoNodes;
  const PASSWORD = "forwarding test password";
  beforeAll(async () => {
    p = await startTwoNodes({ LEASE_TTL_MS: "3000" }, { private: { password: PASSWORD } });
  });
  afterAll(async () => {
    await p?.stop();
  });

  it("the nodes forward through it; without its password, or without TLS, nobody gets in", async () => {
    const first = new Browser(p.nodes[0]!.url);
    const id = await first.signInAsGuest();
    expect((await first.json("GET", "/api/user/get-user")).status).toBe(200);
    const second = new Browser(p.nodes[1]!.url);
    for (const [k, v] of first.cookies) second.cookies.set(k, v);
    const res = await second.fetch("/api/user/get-user");
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: PlayerView }).user.discordId).toBe(id);
    const metrics = await (await fetch(`${p.nodes[1]!.url}/metrics`)).text();
    expect(metrics).toMatch(/pickle_garden_forwarded_intents_total\{transport="http"\} [1-9]/);

    const cli = (...args: string[]) => {
      try {
        return execFileSync("redis-cli", ["-h", "127.0.0.1", "-p", String(p.redis.port), ...args], {
          stdio: ["ignore", "pipe", "pipe"],
        }).toString();
      } catch (error) {
        return String((error as { stderr?: Buffer }).stderr ?? error);
      }
    };
    expect(cli("--tls", "--cacert", p.redis.ca!, "GET", `pg:lease:player:${id}`)).toMatch(/NOAUTH/);
    expect(cli("GET", `pg:lease:player:${id}`)).not.toMatch(/^"?[\w-]+"?\s*$/);
    await expect(
      startServer(
        { ...p.env, REDIS_URL: p.redis.url.replace(encodeURIComponent(PASSWORD), "wrong") },
        p.dataDir,
      ),
    ).rejects.toThrow(/did not let this node in within 10 s \(WRONGPASS/);
  });
});
