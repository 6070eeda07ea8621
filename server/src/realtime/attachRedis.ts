import type { Server as SocketServer } from "socket.io";
import type { Logger } from "../log.ts";
import type { RedisClient } from "../scale/redisClient.ts";

/** The Socket.IO Redis adapter (REDIS_URL), so rooms and broadcasts span every node. */
export async function attachRedis(
  io: SocketServer,
  url: string,
  log: Logger,
): Promise<{ close(): Promise<void> }> {
  const [{ createAdapter }, { connectPair, reportAway }] = await Promise.all([
    import("@socket.io/redis-adapter"),
    import("../scale/redisClient.ts"),
  ]);
  const [pub, sub] = await connectPair(url);
  reportAway([pub, sub], (err) =>
    log.error({ err }, "redis error: broadcasts to the other nodes wait until it answers"),
  );
  // chosen: a cross-node count (fetchSockets) answers within a second or is given up, never holding a queue for 5 s
  io.adapter(createAdapter(failuresLogged(pub, log), failuresLogged(sub, log), { requestsTimeout: 1000 }));
  log.info("socket.io: Redis adapter on (REDIS_URL)");
  return {
    async close() {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}

/** The commands the adapter sends without waiting for their answer. */
const UNAWAITED = new Set<PropertyKey>(["publish", "subscribe", "pSubscribe", "unsubscribe", "pUnsubscribe"]);

/**
 * The client as the adapter sees it: a command it does not wait for that fails (in flight when Redis goes
 * away, the socket closed under it) is logged, where it would otherwise be an unhandled rejection that ends
 * the process. The client reconnects and subscribes again by itself; a broadcast lost meanwhile is lost.
 */
function failuresLogged(client: RedisClient, log: Logger): RedisClient {
  return new Proxy(client, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== "function") return value;
      if (!UNAWAITED.has(key)) return value.bind(target);
      return (...args: unknown[]) => {
        const sent = (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        sent.catch((err: unknown) => log.warn({ err, command: key }, "redis: a broadcast's command failed"));
        return sent;
      };
    },
  });
}
