import type { Server } from "socket.io";
import { connectedPlayers } from "../metrics.ts";

/**
 * At most `perPlayer` open sockets per player on this node (SOCKET_CONNECTIONS_PER_PLAYER): past it the
 * handshake is refused with `TooManyConnections` and the limit as data. Runs after the session middleware;
 * a place is taken at the handshake and given back when the socket or its connection closes, whichever
 * comes first (a handshake whose client left before it connected never fires `disconnect`). Also keeps
 * the connected-players gauge: the players with at least one socket here.
 */
export function limitConnections(io: Server, perPlayer: number): void {
  const open = new Map<string, number>();
  io.use((socket, next) => {
    const id = socket.data.discordId as string;
    const count = open.get(id) ?? 0;
    if (count >= perPlayer) {
      const data = { error: "TooManyConnections", limit: perPlayer };
      next(Object.assign(new Error("TooManyConnections"), { data }));
      return;
    }
    open.set(id, count + 1);
    connectedPlayers.set(open.size);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (open.get(id) ?? 1) - 1;
      if (left <= 0) open.delete(id);
      else open.set(id, left);
      connectedPlayers.set(open.size);
    };
    socket.once("disconnect", release);
    socket.conn.once("close", release);
    next();
  });
}
