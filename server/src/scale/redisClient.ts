import { createClient } from "redis";

/**
 * The one way this server makes a Redis client (the adapter's, the leases', the forwarder's). No
 * per-command timeout: a late reply is still a reply, the leases keep their own validity, and the
 * Socket.IO adapter leaves a timed-out publish unhandled (it would end the process).
 */
export const redisClient = (url: string) => createClient({ url, commandOptions: { timeout: 0 } });
export type RedisClient = ReturnType<typeof redisClient>;
