import type { Server as SocketServer } from "socket.io";
import type { Logger } from "../log.ts";

/** The Socket.IO Redis adapter (REDIS_URL), so rooms and broadcasts span every node. */
export async function attachRedis(
  io: SocketServer,
  url: string,
  log: Logger,
): Promise<{ close(): Promise<void> }> {
  const [{ createAdapter }, { redisClient }] = await Promise.all([
    import("@socket.io/redis-adapter"),
    import("../scale/redisClient.ts"),
  ]);
  const pub = redisClient(url);
  const sub = pub.duplicate();
  for (const client of [pub, sub]) client.on("error", (err: Error) => log.error({ err }, "redis error"));
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      Promise.all([pub.connect(), sub.connect()]),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`Redis at REDIS_URL did not answer within 10 s`)), 10_000);
      }),
    ]);
  } catch (error) {
    await Promise.allSettled([pub.destroy(), sub.destroy()]);
    throw error;
  } finally {
    clearTimeout(timer);
  }
  // chosen: a cross-node count (fetchSockets) answers within a second or is given up, never holding a queue for 5 s
  io.adapter(createAdapter(pub, sub, { requestsTimeout: 1000 }));
  log.info("socket.io: Redis adapter on (REDIS_URL)");
  return {
    async close() {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
