import type { EventEmitter } from "node:events";
import {
  ClientClosedError,
  ClientOfflineError,
  ConnectionTimeoutError,
  createClient,
  SocketClosedUnexpectedlyError,
} from "redis";

/**
 * The one way this server makes a Redis client (the adapter's, the leases', the forwarder's). No
 * per-command timeout: a late reply is still a reply, and the leases keep their own validity (a command
 * the Socket.IO adapter does not wait for is logged when it fails: realtime/attachRedis.ts). The URL carries
 * the password (`redis://:password@host:6379`) and TLS (`rediss://`, checked against the system's
 * certificates and NODE_EXTRA_CA_CERTS): Redis must be private (docs/scale-out.md).
 */
export const redisClient = (url: string, options: ClientOptions = {}) =>
  createClient({ url, commandOptions: { timeout: 0 }, disableOfflineQueue: options.failWhileAway ?? false });
export type RedisClient = ReturnType<typeof redisClient>;

export interface ClientOptions {
  /**
   * a command sent while the connection is down fails at once (`isRedisAway`) instead of waiting for
   * Redis to come back: for the leases and forwarding, whose callers answer 503 rather than hang
   */
  failWhileAway?: boolean;
}

/** Whether a command was refused before it was sent (`failWhileAway` and Redis away): trying it again is safe. */
export function isRedisOffline(error: unknown): boolean {
  return error instanceof ClientOfflineError;
}

/** Whether a command failed because Redis could not be reached (down, or the connection closed under it). */
export function isRedisAway(error: unknown): boolean {
  return (
    error instanceof ClientOfflineError ||
    error instanceof ClientClosedError ||
    error instanceof SocketClosedUnexpectedlyError ||
    error instanceof ConnectionTimeoutError
  );
}

/**
 * Reports Redis going away once per outage (a client emits an error at each failed reconnect) and answers
 * whether it is up: not from an error until one of the clients is ready again.
 */
export function reportAway(
  clients: readonly Pick<EventEmitter, "on">[],
  away: (err: Error) => void,
): () => boolean {
  let up = true;
  for (const client of clients) {
    client.on("error", (err: Error) => {
      if (up) away(err);
      up = false;
    });
    client.on("ready", () => {
      up = true;
    });
  }
  return () => up;
}

/** chosen: a Redis that does not let a node in (down, a wrong password, TLS or not) stops its start rather than retrying forever */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * A connected client and its duplicate (for subscribing), or an error that says what to check. Once
 * connected they reconnect by themselves; the caller reports their going away (`reportAway`).
 */
export async function connectPair(
  url: string,
  options: ClientOptions = {},
): Promise<[RedisClient, RedisClient]> {
  const pub = redisClient(url, options);
  const sub = pub.duplicate();
  let last: Error | undefined;
  for (const client of [pub, sub])
    client.on("error", (err: Error) => {
      last = err;
    });
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      Promise.all([pub.connect(), sub.connect()]),
      new Promise((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new Error(
                `Redis at REDIS_URL did not let this node in within ${CONNECT_TIMEOUT_MS / 1000} s (${last?.message ?? "no answer"}): check its host and port, the password in the URL, and rediss:// when it speaks TLS`,
              ),
            ),
          CONNECT_TIMEOUT_MS,
        );
      }),
    ]);
  } catch (error) {
    await Promise.allSettled([pub.destroy(), sub.destroy()]);
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return [pub, sub];
}
