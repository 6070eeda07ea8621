import type { Server as HttpServer } from "node:http";
import { Server as SocketServer } from "socket.io";
import { type ProxyTrust, type SessionResolver, socketSession } from "../auth/requireSession.ts";
import type { TokenGenerations } from "../auth/tokenGenerations.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { fromAllowedOrigin } from "../http/sameOrigin.ts";
import type { Logger } from "../log.ts";
import { RateLimiter } from "../RateLimiter.ts";
import { attachRedis } from "./attachRedis.ts";
import { coalesceWrites } from "./coalesceWrites.ts";
import { endStaleSockets } from "./endStaleSockets.ts";
import { guardSocket, SOCKET_MAX_PAYLOAD_BYTES } from "./guardSocket.ts";
import { limitConnections } from "./limitConnections.ts";

/**
 * Socket.IO on /api/socket: a session from the cookie or bearer token on the handshake (`trustProxy`:
 * the app's TRUST_PROXY, so only a trusted proxy's x-forwarded-proto counts), served while that session
 * holds (endStaleSockets), at most SOCKET_CONNECTIONS_PER_PLAYER sockets a player (limitConnections, which
 * keeps the connected-players gauge), the per-socket guard drawing on one event allowance per player, and
 * the Redis adapter when REDIS_URL is set.
 */
export async function createSocketServer(
  httpServer: HttpServer,
  config: Config,
  sessions: SessionResolver,
  log: Logger,
  trustProxy: ProxyTrust,
  ends: { clock: Clock; generations: Pick<TokenGenerations, "remembered"> },
): Promise<{ io: SocketServer; redis: { close(): Promise<void> } | null }> {
  const io = new SocketServer(httpServer, {
    path: "/api/socket",
    serveClient: false,
    transports: ["websocket", "polling"],
    cors: config.corsOrigins.length > 0 ? { origin: config.corsOrigins, credentials: true } : undefined,
    maxHttpBufferSize: SOCKET_MAX_PAYLOAD_BYTES,
  });
  coalesceWrites(io.engine);
  const redis = config.redisUrl ? await attachRedis(io, config.redisUrl, log) : null;
  io.use(socketSession(sessions, (headers, own) => fromAllowedOrigin(headers, own, config), trustProxy));
  limitConnections(io, config.socketEvents.connectionsPerPlayer, redis !== null);
  endStaleSockets(io, ends.clock, ends.generations);
  const socketLog = log.child({ component: "socket" });
  // one event allowance per player on this node, however many sockets it opens
  const events = new RateLimiter({
    capacity: config.socketEvents.burst,
    refillPerSecond: config.socketEvents.perSecond,
  });
  io.on("connection", (socket) => guardSocket(socket, events, config.socketEvents, socketLog));
  return { io, redis };
}
