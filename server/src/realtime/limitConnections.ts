import type { Server } from "socket.io";
import { connectedPlayers } from "../metrics.ts";

/**
 * At most `perPlayer` open sockets per player (SOCKET_CONNECTIONS_PER_PLAYER): past it the handshake is
 * refused with `TooManyConnections` and the limit as data. Runs after the session middleware. This node's
 * sockets are counted exactly: a place is taken at the handshake, before any await, and given back when
 * the socket or its connection closes, whichever comes first (a handshake whose client left before it
 * connected never fires `disconnect`). With the Redis adapter (`acrossNodes`) the player's sockets on the
 * other nodes count too, as the adapter lists them (live nodes only, so a dead node's sockets never hold
 * a place); handshakes racing on two nodes may pass together, each node's own cap still holding. Also
 * keeps the connected-players gauge: the players with at least one socket here.
 */
export function limitConnections(io: Server, perPlayer: number, acrossNodes: boolean): void {
  const open = new Map<string, number>();
  const refuse = (next: (err?: Error) => void) =>
    next(
      Object.assign(new Error("TooManyConnections"), {
        data: { error: "TooManyConnections", limit: perPlayer },
      }),
    );

  io.use((socket, next) => {
    const id = socket.data.discordId as string;
    const here = open.get(id) ?? 0;
    if (here >= perPlayer) return refuse(next);
    open.set(id, here + 1);
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
    if (!acrossNodes) return next();
    othersElsewhere(io, id).then(
      (elsewhere) => {
        if (here + 1 + elsewhere <= perPlayer) return next();
        release();
        refuse(next);
      },
      // the adapter did not answer in time: this node's count alone decides
      () => next(),
    );
  });
}

/** The player's sockets on the other nodes (room `player:<id>`, which every game socket joins). */
async function othersElsewhere(io: Server, discordId: string): Promise<number> {
  const all = await io.in(`player:${discordId}`).fetchSockets();
  return all.filter((s) => !io.sockets.sockets.has(s.id)).length;
}
