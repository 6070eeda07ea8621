import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RedisServer, redisBinary, startRedis } from "../../testing/redisServer.ts";
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

  it("passes a lease straight to another node, which takes it with a fresh token", async () => {
    const [a, b, c] = [await node("a"), await node("b"), await node("c")];
    expect(await a.take("player", "p3", 0)).toEqual({ token: 1 });
    await a.handOver("player", "p3", "b");
    expect(a.tokenOf("player", "p3")).toBeNull();
    // never free in between: a third node (or a itself) cannot take it
    expect(await c.take("player", "p3", 0)).toEqual({ owner: "b" });
    expect(await a.take("player", "p3", 0)).toEqual({ owner: "b" });
    expect(await b.take("player", "p3", 0)).toEqual({ token: 2 });
  });

  it("takes a lapsed lease again, keeping its copy, only when no other node took it meanwhile", async () => {
    const [a, b] = [await node("a", 300), await node("b", 300)];
    await a.take("room", "r2", 0);
    await pause(400);
    // a stalled past its lease; nobody took it: a keeps serving it under the next token
    expect(a.tokenOf("room", "r2")).toBeNull();
    expect(await a.revive("room", "r2")).toBe(true);
    expect(a.tokenOf("room", "r2")).toBe(2);
    await pause(400);
    expect(await b.take("room", "r2", 0)).toEqual({ token: 3 });
    expect(await a.revive("room", "r2")).toBe(false);
    expect(lost).toContain("a room:r2");
  });

  it("lists every node's rooms while their lease lives, and not after", async () => {
    const [a, b] = [await node("a", 300), await node("b", 300)];
    await a.take("room", "listed-a", 0);
    await b.take("room", "listed-b", 0);
    await a.take("player", "not-a-room", 0);
    expect((await a.listed("room")).filter((id) => id.startsWith("listed-")).sort()).toEqual([
      "listed-a",
      "listed-b",
    ]);
    await b.release("room", "listed-b");
    expect(await a.listed("room")).toContain("listed-a");
    expect(await a.listed("room")).not.toContain("listed-b");
    await pause(400);
    expect(await b.listed("room")).not.toContain("listed-a");
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
