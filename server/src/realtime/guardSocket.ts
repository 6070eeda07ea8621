import { type AckError, ERROR_CODES } from "@pickle-garden/shared";
import type { Socket } from "socket.io";
import type { Logger } from "../log.ts";
import type { RateLimiter } from "../RateLimiter.ts";

/** Socket.IO drops a connection whose packet is larger (Server option `maxHttpBufferSize`). */
export const SOCKET_MAX_PAYLOAD_BYTES = 64 * 1024;
/** No client event needs deeper nesting; deeper values would overflow recursive code (zod, JSON.stringify). */
export const SOCKET_MAX_PAYLOAD_DEPTH = 10;

const FLOOD_WARN_INTERVAL_MS = 10_000;

export interface SocketLimits {
  /** events a player may send at once, over all its sockets on a node */
  burst: number;
  /** events a player gets back per second */
  perSecond: number;
}

/**
 * Every incoming event of a socket passes here before its handler (Socket.IO middleware): the player's
 * token bucket in `events` (keyed by player, so more sockets share one allowance), then the payload's
 * nesting depth. A refused event is answered through its acknowledgement, if it has one, and logged once
 * at warn level; its handler never runs.
 */
export function guardSocket(socket: Socket, events: RateLimiter, limits: SocketLimits, log: Logger): void {
  let warnedAt = Number.NEGATIVE_INFINITY;
  socket.use((packet, next) => {
    const [event, ...args] = packet;
    const ack = typeof args.at(-1) === "function" ? (args.pop() as (answer: AckError) => void) : undefined;
    const refuse = (answer: AckError, warn: string) => {
      log.warn({ event, discordId: socket.data.discordId, code: answer.code }, warn);
      ack?.(answer);
    };
    if (!events.take(socket.data.discordId as string)) {
      const answer: AckError = {
        ok: false,
        code: ERROR_CODES.rateLimited,
        data: { burst: limits.burst, perSecond: limits.perSecond },
      };
      // one warning per flood, not one per event (a slow flood refills a token now and then)
      const now = Date.now();
      if (now - warnedAt < FLOOD_WARN_INTERVAL_MS) ack?.(answer);
      else refuse(answer, "socket event rate limit reached");
      warnedAt = now;
      return;
    }
    if (args.some((arg) => deeperThan(arg, SOCKET_MAX_PAYLOAD_DEPTH))) {
      refuse(
        { ok: false, code: ERROR_CODES.invalidRequest, data: { maxDepth: SOCKET_MAX_PAYLOAD_DEPTH } },
        "socket payload too deep",
      );
      return;
    }
    next();
  });
}

/** Iterative, so a hostile depth cannot overflow the stack of the check itself. */
export function deeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const [node, depth] = item;
    if (node === null || typeof node !== "object") continue;
    if (depth >= limit) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}
