import type { PlayerView } from "@pickle-garden/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TokenSigner } from "../../server/src/auth/tokens.ts";
import { connected, gameSocket } from "../../server/testing/gameSocket.ts";
import { redisBinary } from "../../server/testing/redisServer.ts";
import { CLUSTER_SECRET, startTwoNodes, type TwoNodes } from "../support/twoNodes.ts";
import { Browser } from "./httpClient.ts";

/**
 * Two nodes while their Redis is away (docs/scale-out.md, "Limits: Redis going away"): a call that needs
 * Redis waits a short grace for it and is then refused with 503, rather than waiting for Redis to come back,
 * and once it is back both nodes serve the player again from what was saved.
 */

const LEASE_TTL_MS = 1_000;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Answer = { status: number; body: { code?: string; user?: PlayerView } };

describe.skipIf(!redisBinary)("two nodes with Redis away", () => {
  let t: TwoNodes;

  beforeAll(async () => {
    t = await startTwoNodes({ LEASE_TTL_MS: String(LEASE_TTL_MS) });
  }, 60_000);
  afterAll(() => t?.stop());

  /** A new guest's session on node 0 (which then owns it) and on node 1. */
  async function guest(): Promise<Browser[]> {
    const first = new Browser(t.nodes[0]!.url);
    await first.signInAsGuest();
    const second = new Browser(t.nodes[1]!.url);
    for (const [k, v] of first.cookies) second.cookies.set(k, v);
    return [first, second];
  }

  /** The answer, or a failure when it takes longer than `ms` (a call left waiting on Redis). */
  async function within(ms: number, call: Promise<Answer>): Promise<Answer> {
    const late = pause(ms).then(() => {
      throw new Error(`no answer within ${ms} ms`);
    });
    return Promise.race([call, late]);
  }

  const getUser = (b: Browser) => b.json("GET", "/api/user/get-user") as Promise<Answer>;

  it("a call made while Redis restarts is served once it is back, within the grace", async () => {
    const [owner, other] = (await guest()) as [Browser, Browser];
    expect((await getUser(owner)).status).toBe(200);
    await t.redis.down();
    // node 1 needs Redis to find the player's owner
    const read = getUser(other);
    await pause(300);
    await t.redis.up();
    expect(await within(3_000, read)).toMatchObject({ status: 200 });
  }, 30_000);

  it("refuses with 503 on both nodes while Redis stays away, then serves the player again once it is back", async () => {
    const browsers = await guest();
    // node 0 owns the player; node 1 forwards to it
    const before = await getUser(browsers[0]!);
    expect(before.status).toBe(200);
    expect((await getUser(browsers[1]!)).status).toBe(200);
    // its socket on node 1: node 1's takeover watch looks for its owner every period
    const token = new TokenSigner(CLUSTER_SECRET).sessionToken(before.body.user!.discordId, Date.now());
    const socket = await connected(gameSocket(t.nodes[1]!.url, { auth: { token } }));
    const logged = t.nodes[1]!.output().length;

    await t.redis.down();
    // node 1 needs Redis to find the owner; node 0's lease runs out (it cannot be renewed)
    await pause(2 * LEASE_TTL_MS);
    for (const b of browsers) {
      // the grace, then the refusal (before, the call waited for Redis to come back)
      const read = await within(4_000, getUser(b));
      expect(read).toMatchObject({ status: 503, body: { code: "server/unavailable" } });
      const intent = await within(
        4_000,
        b.json("POST", "/api/intents/updateAction", { skill: "none", location: "garden" }) as Promise<Answer>,
      );
      expect(intent).toMatchObject({ status: 503, body: { code: "server/unavailable" } });
    }
    // the outage is logged once per connection (leases, limits, broadcasts), not at every reconnect
    // attempt, and the takeover watch waits for Redis rather than failing every period
    const outage = t.nodes[1]!.output().slice(logged);
    expect(outage.match(/"msg":"redis error/g)?.length).toBeLessThanOrEqual(3);
    expect(outage).not.toContain("takeover watch failed");
    socket.close();

    await t.redis.up();
    for (const b of browsers) {
      let after: Answer | null = null;
      for (let i = 0; i < 200 && after?.status !== 200; i++) {
        after = await getUser(b);
        if (after.status !== 200) await pause(50);
      }
      expect(after?.status).toBe(200);
      expect(after?.body.user?.discordId).toBe(before.body.user?.discordId);
    }
  }, 60_000);
});
