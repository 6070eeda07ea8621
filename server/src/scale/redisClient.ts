import { createClient } from "redis";

/** The one way this server makes a Redis client (the adapter's, the leases', the forwarder's). */
export const redisClient = (url: string) => createClient({ url });
export type RedisClient = ReturnType<typeof redisClient>;
