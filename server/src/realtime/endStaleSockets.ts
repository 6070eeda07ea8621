import { type AckError, ERROR_CODES, type SocketData } from "@pickle-garden/shared";
import type { Server, Socket } from "socket.io";
import type { TokenGenerations } from "../auth/tokenGenerations.ts";
import type { Clock } from "../clock.ts";

/** setTimeout's longest wait; a later expiry is waited for in steps */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * A socket is served only while the session it was opened with holds. Each event first checks the
 * session's expiry and the player's token generation as this node knows it (a sign-out here is known at
 * once; Accounts.signOut also closes the player's sockets on every node); a refused event is answered
 * `auth/required` and the socket is closed. A quiet socket is closed at its expiry (and at once when the
 * test clock jumps past it).
 */
export function endStaleSockets(
  io: Server,
  clock: Clock,
  generations: Pick<TokenGenerations, "remembered">,
): void {
  const stale = (socket: Socket) => {
    const { discordId, generation, expiresAt } = socket.data as SocketData;
    return clock.now() >= expiresAt || (generations.remembered(discordId) ?? generation) !== generation;
  };
  const closeAtExpiry = (socket: Socket) => {
    const { expiresAt } = socket.data as SocketData;
    if (!Number.isFinite(expiresAt)) return;
    let timer: ReturnType<typeof setTimeout>;
    const wait = () => {
      timer = setTimeout(
        () => (stale(socket) ? socket.disconnect(true) : wait()),
        Math.max(0, Math.min(expiresAt - clock.now(), MAX_TIMER_MS)),
      );
      timer.unref();
    };
    wait();
    socket.once("disconnect", () => clearTimeout(timer));
  };

  io.on("connection", (socket) => {
    socket.use((packet, next) => {
      if (!stale(socket)) return next();
      const ack = packet.at(-1);
      if (typeof ack === "function") ack({ ok: false, code: ERROR_CODES.unauthenticated } satisfies AckError);
      socket.disconnect(true);
    });
    closeAtExpiry(socket);
  });
  clock.onJump(() => {
    for (const socket of io.sockets.sockets.values()) if (stale(socket)) socket.disconnect(true);
  });
}
