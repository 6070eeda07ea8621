import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connected, gameSocket } from "../testing/gameSocket.ts";
import { type RedisServer, redisBinary, startRedis } from "../testing/redisServer.ts";
import { startTestServer, type TestServer } from "../testing/testServer.ts";

/** With REDIS_URL, an event emitted on one node reaches sockets on another (DESIGN §8). */

if (!redisBinary)
  console.log("Redis adapter test skipped: no redis-server on this machine (apt-get install redis-server)");

describe.skipIf(!redisBinary)("Socket.IO across two nodes through Redis", () => {
  let redis: RedisServer;
  let nodes: TestServer[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    const env = { REDIS_URL: redis.url };
    nodes = [await startTestServer(env), await startTestServer(env)];
  });

  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.close()));
    await redis.stop();
  });

  it("delivers a broadcast from node A to a player connected to node B", async () => {
    const [a, b] = nodes as [TestServer, TestServer];
    await b.server.accounts.ensurePlayer({ discordId: "80351110224678912", username: "Nelly" });
    const token = b.server.signer.sessionToken("80351110224678912", Date.now());
    const socket = await connected(gameSocket(b.url, { auth: { token } }));
    const received = new Promise<unknown>((resolve) => socket.on("chatMessage", resolve));
    const message = { username: "A", text: "hello from node A", type: "global", timestamp: 1 };
    // the adapter needs a moment to subscribe; emit until B's client hears it
    const timer = setInterval(() => a.server.io.emit("chatMessage", message), 50);
    try {
      expect(await received).toEqual(message);
    } finally {
      clearInterval(timer);
      socket.close();
    }
  });
});
