import type { Server as SocketServer } from "socket.io";
import type { Logger } from "../log.ts";

/** The Socket.IO Redis adapter (REDIS_URL), so rooms and broadcasts span every node. */
export async function attachRedis(
  io: SocketServer,
  url: string,
  log: Logger,
): Promise<{ close(): Promise<void> }> {
  const [{ createAdapter }, { connectPair }] = await Promise.all([
    import("@socket.io/redis-adapter"),
    import("../scale/redisClient.ts"),
  ]);
  const [pub, sub] = await connectPair(url, (err) => log.error({ err }, "redis error"));
  // chosen: a cross-node count (fetchSockets) answers within a second or is given up, never holding a queue for 5 s
  io.adapter(createAdapter(pub, sub, { requestsTimeout: 1000 }));
  log.info("socket.io: Redis adapter on (REDIS_URL)");
  return {
    async close() {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
