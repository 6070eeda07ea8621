import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisBinary } from "../../server/testing/redisServer.ts";
import { CookieJar, guestSignIn } from "../../server/testing/testServer.ts";
import { startTwoNodes, type TwoNodes } from "../support/twoNodes.ts";

/**
 * Limits that hold across nodes (issue 30, hole 8): two server processes on one redis-server count the
 * guest sign-ins, the writes and the wrong bot tokens of one address or player once, whichever node each
 * request reaches (a load balancer spreading them).
 */

const GUESTS = 4;
const WRITES = 8;
const BOT_API_TOKEN = "limits-bot-token-0123456789abcdef";
let t: TwoNodes;
const url = (i: number) => t.nodes[i % 2]!.url;

beforeAll(async () => {
  if (!redisBinary) return;
  t = await startTwoNodes({
    GUEST_SIGNINS_PER_HOUR: String(GUESTS),
    RATE_LIMIT_WRITES: String(WRITES),
    BOT_API_TOKEN,
  });
}, 120_000);
afterAll(async () => {
  await t?.stop();
});

describe.skipIf(!redisBinary)("limits counted in Redis, across two nodes", () => {
  const jars: CookieJar[] = [];

  it("one address creating guests on both nodes in turn is refused at the configured count", async () => {
    const minted: (string | undefined)[] = [];
    for (let i = 0; i < GUESTS + 2; i++) {
      jars.push(new CookieJar());
      minted.push((await guestSignIn(url(i), jars[i]!)).discordId);
    }
    expect(minted.slice(0, GUESTS).every((id) => id?.startsWith("guest-"))).toBe(true);
    expect(minted.slice(GUESTS)).toEqual([undefined, undefined]);
  });

  it("one player's writes on both nodes share one allowance", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < WRITES + 2; i++) {
      const res = await jars[0]!.fetch(`${url(i)}/api/account/session-token`, {
        method: "POST",
        headers: { origin: url(i), "content-type": "application/json" },
        body: "{}",
      });
      await res.body?.cancel();
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(WRITES).fill(200), 429, 429]);
  });

  it("wrong bot tokens on both nodes share one allowance (20 in 10 minutes)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await fetch(`${url(i)}/api/bot/outbox/claim`, {
        method: "POST",
        headers: { authorization: `Bearer guess-${i}`, "content-type": "application/json" },
        body: JSON.stringify({ owner: "x" }),
      });
      await res.body?.cancel();
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(20).fill(401), 429, 429]);
  });
});
