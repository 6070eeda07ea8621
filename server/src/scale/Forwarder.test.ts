import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RedisServer, redisBinary, startRedis } from "../../testing/redisServer.ts";
import { Forwarder, type Refusal } from "./Forwarder.ts";
import { type RedisClient, redisClient } from "./redisClient.ts";

/** Messages between nodes over a real Redis: signed, for one node, until their expiry, each request served once. */

if (!redisBinary) console.log("Forwarder test skipped: no redis-server on this machine");

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const KEY = Buffer.from("forwarder-test-key");

describe.skipIf(!redisBinary)("Forwarder", () => {
  let redis: RedisServer;
  const clients: RedisClient[] = [];
  const forwarders: Forwarder[] = [];
  const served: string[] = [];
  const refused: string[] = [];

  async function client(): Promise<RedisClient> {
    const c = redisClient(redis.url);
    await c.connect();
    clients.push(c);
    return c;
  }

  async function node(nodeId: string, key = KEY): Promise<Forwarder> {
    const serve = async (body: unknown) => {
      served.push(`${nodeId} ${JSON.stringify(body)}`);
      return { echo: body };
    };
    const onRefused = (reason: Refusal) => refused.push(`${nodeId} ${reason}`);
    const f = new Forwarder(await client(), await client(), nodeId, key, serve, onRefused);
    await f.start();
    forwarders.push(f);
    return f;
  }

  /** Every message published on `pg:node:<nodeId>` from now on, as sent. */
  async function capture(nodeId: string): Promise<string[]> {
    const texts: string[] = [];
    await (await client()).subscribe(`pg:node:${nodeId}`, (text) => texts.push(text));
    return texts;
  }

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const f of forwarders) f.stop();
    await Promise.allSettled(clients.map((c) => c.quit()));
    await redis.stop();
  });

  it("answers a request once; the same message published again, altered, or for another node is refused", async () => {
    const a = await node("a");
    await node("b");
    await node("c");
    const sent = await capture("b");
    expect(await a.request("b", { n: 1 }, 5_000)).toEqual({ echo: { n: 1 } });
    const [request] = sent;
    expect(request).toBeDefined();
    const publisher = await client();
    await publisher.publish("pg:node:b", request!);
    await publisher.publish("pg:node:b", request!.replace('"n":1', '"n":2'));
    await publisher.publish("pg:node:c", request!);
    await pause(200);
    expect(served.filter((s) => s.startsWith("b "))).toEqual(['b {"n":1}']);
    expect(served.some((s) => s.startsWith("c "))).toBe(false);
    // two subscribers' connections: their order is Redis's, not the test's
    expect(refused.toSorted()).toEqual(["b replayed", "b signature", "c other node"]);
  });

  it("a reply sent while the asking node's subscription is being made again reaches it once it is back", async () => {
    // the asker's own listening connection, killed by Redis while the request is served (as when Redis restarts)
    const listening = redisClient(redis.url);
    listening.on("error", () => undefined);
    await listening.connect();
    clients.push(listening);
    const listeningId = String(await listening.sendCommand(["CLIENT", "ID"]));
    const asker = new Forwarder(await client(), listening, "e", KEY, async () => null);
    await asker.start();
    forwarders.push(asker);
    const killer = await client();
    const owner = new Forwarder(await client(), await client(), "f", KEY, async (body) => {
      await killer.sendCommand(["CLIENT", "KILL", "ID", listeningId]);
      return { echo: body };
    });
    await owner.start();
    forwarders.push(owner);
    expect(await asker.request("f", { n: 3 }, 5_000)).toEqual({ echo: { n: 3 } });
  });

  it("refuses a request past its expiry and one signed with another key", async () => {
    refused.length = 0;
    const a = await node("a2");
    const stranger = await node("x", Buffer.from("another key"));
    await node("d");
    const sent = await capture("d");
    // the answer comes within its 300 ms; published again after them, the request has expired
    await a.request("d", { late: true }, 300);
    await pause(400);
    await (await client()).publish("pg:node:d", sent[0]!);
    await expect(stranger.request("d", { forged: true }, 300)).rejects.toThrow(/did not answer/);
    expect(refused).toEqual(["d expired", "d signature"]);
    expect(served.some((s) => s.includes("forged"))).toBe(false);
  });
});
