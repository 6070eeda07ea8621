import type { Server as HttpServer } from "node:http";
import { Server as SocketServer } from "socket.io";
import { type ProxyTrust, type SessionResolver, socketSession } from "../auth/requireSession.ts";
import type { TokenGenerations } from "../auth/tokenGenerations.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { fromAllowedOrigin } from "../http/sameOrigin.ts";
import type { Logger } from "../log.ts";
import { connectedPlayers } from "../metrics.ts";
import { attachRedis } from "./attachRedis.ts";
import { coalesceWrites } from "./coalesceWrites.ts";
import { endStaleSockets } from "./endStaleSockets.ts";
import { guardSocket, SOCKET_MAX_PAYLOAD_BYTES } from "./guardSocket.ts";

/**
 * Socket.IO on /api/socket: a session from the cookie or bearer token on the handshake (`trustProxy`:
 * the app's TRUST_PROXY, so only a trusted proxy's x-forwarded-proto counts), served while that session
 * holds (endStaleSockets), the per-socket guard, the connected-players gauge, and the Redis adapter when
 * REDIS_URL is set.
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
  trackConnectedPlayers(io);
  const socketLog = log.child({ component: "socket" });
  endStaleSockets(io, ends.clock, ends.generations);
  io.on("connection", (socket) => guardSocket(socket, config.socketEvents, socketLog));
  return { io, redis };
}

/** connected players = distinct player ids with at least one open socket on this node */
function trackConnectedPlayers(io: SocketServer): void {
  const counts = new Map<string, number>();
  io.on("connection", (socket) => {
    const id = socket.data.discordId as string;
    counts.set(id, (counts.get(id) ?? 0) + 1);
    connectedPlayers.set(counts.size);
    socket.on("disconnect", () => {
      const left = (counts.get(id) ?? 1) - 1;
      if (left <= 0) counts.delete(id);
      else counts.set(id, left);
      connectedPlayers.set(counts.size);
    });
  });
}
