import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./testing/testServer.ts";

/** With REDIS_URL, an event emitted on one node reaches sockets on another (DESIGN §8). */

const redisBinary = ["/usr/bin/redis-server", "/usr/local/bin/redis-server"].find((p) => existsSync(p));
if (!redisBinary)
  console.log("Redis adapter test skipped: no redis-server on this machine (apt-get install redis-server)");

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe.skipIf(!redisBinary)("Socket.IO across two nodes through Redis", () => {
  const dir = mkdtempSync(join(tmpdir(), "pg-redis-"));
  const pidFile = join(dir, "redis.pid");
  let nodes: TestServer[] = [];

  beforeAll(async () => {
    const port = await freePort();
    execFileSync(redisBinary!, [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
      "--daemonize",
      "yes",
      "--pidfile",
      pidFile,
      "--dir",
      dir,
    ]);
    for (let i = 0; i < 50 && !existsSync(pidFile); i++) await new Promise((r) => setTimeout(r, 50));
    const env = { REDIS_URL: `redis://127.0.0.1:${port}` };
    nodes = [await startTestServer(env), await startTestServer(env)];
  });

  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.close()));
    if (existsSync(pidFile)) process.kill(Number(readFileSync(pidFile, "utf8").trim()), "SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  });

  it("delivers a broadcast from node A to a player connected to node B", async () => {
    const [a, b] = nodes as [TestServer, TestServer];
    await b.server.accounts.ensurePlayer({ discordId: "80351110224678912", username: "Nelly" });
    const token = b.server.signer.sessionToken("80351110224678912", Date.now());
    const socket: Socket = connect(b.url, {
      path: "/api/socket",
      transports: ["websocket"],
      auth: { token },
    });
    await new Promise<void>((resolve, reject) => {
      socket.on("connect", resolve);
      socket.on("connect_error", reject);
    });
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
