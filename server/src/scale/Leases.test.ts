import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RedisServer, redisBinary, startRedis } from "../testing/redisServer.ts";
import { type LeaseKind, Leases } from "./Leases.ts";
import { type RedisClient, redisClient } from "./redisClient.ts";

/** Leases against a real redis-server: one owner at a time, tokens only grow, lost leases are reported. */

if (!redisBinary)
  console.log("Leases test skipped: no redis-server on this machine (apt-get install redis-server)");

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!redisBinary)("Leases", () => {
  let redis: RedisServer;
  const clients: RedisClient[] = [];
  const lost: string[] = [];

  async function node(nodeId: string, ttlMs = 600): Promise<Leases> {
    const client = redisClient(redis.url);
    client.on("error", () => undefined);
    await client.connect();
    clients.push(client);
    return new Leases({
      redis: client,
      nodeId,
      ttlMs,
      onLost: (kind: LeaseKind, id: string) => lost.push(`${nodeId} ${kind}:${id}`),
    });
  }

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.allSettled(clients.map((c) => c.quit()));
    await redis.stop();
  });

  it("gives a free lease to one node, names the owner to the other, and hands it over on release", async () => {
    const [a, b] = [await node("a"), await node("b")];
    const first = await a.take("player", "p1", 0);
    expect(first).toEqual({ token: 1 });
    expect(await b.take("player", "p1", 0)).toEqual({ owner: "a" });
    expect(a.tokenOf("player", "p1")).toBe(1);
    expect(b.tokenOf("player", "p1")).toBeNull();
    expect(await b.ownerOf("player", "p1")).toBe("a");
    await a.release("player", "p1");
    expect(a.tokenOf("player", "p1")).toBeNull();
    expect(await b.take("player", "p1", 0)).toEqual({ token: 2 });
    // a release by a node that no longer holds it leaves the new owner's lease alone
    await a.release("player", "p1");
    expect(await a.ownerOf("player", "p1")).toBe("b");
  });

  it("never answers a token at or below the one already saved in the document (Redis restarted empty)", async () => {
    const a = await node("a");
    expect(await a.take("room", "r1", 41)).toEqual({ token: 42 });
  });

  it("keeps a renewed lease past its time to live; an unrenewed one expires and is taken over", async () => {
    const [a, b] = [await node("a", 400), await node("b", 400)];
    await a.take("player", "p2", 0);
    a.start();
    await pause(700);
    expect(await b.take("player", "p2", 0)).toEqual({ owner: "a" });
    expect(a.tokenOf("player", "p2")).toBe(1);
    a.stop();
    await pause(500);
    expect(a.tokenOf("player", "p2")).toBeNull();
    expect(await b.take("player", "p2", 0)).toEqual({ token: 2 });
    // a's late renewal finds b's lease and reports its own as lost
    await a.renewAll();
    expect(lost).toContain("a player:p2");
    expect(await b.ownerOf("player", "p2")).toBe("b");
  });
});
