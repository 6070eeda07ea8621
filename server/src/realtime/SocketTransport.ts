import type { ServerToClientEvents } from "@pickle-garden/shared";
import type { Server } from "socket.io";
import type { GameTransport } from "../game/GameServiceDeps.ts";

interface Emitter {
  emit(event: string, payload: unknown): unknown;
}

/**
 * The game services' way out to the sockets: a player's events go to the Socket.IO room
 * `player:<discordId>` (every tab of that player, on every node with the Redis adapter); global events to
 * everyone. Made before the Socket.IO server exists (the services take it in their constructors), bound
 * to it once it does; until then, and after shutdown, nothing is sent.
 */
export class SocketTransport implements GameTransport {
  private io: Server | null = null;
  private local = false;

  /**
   * `local`: every socket is on this node (no Redis adapter), so one player's events go straight to its
   * sockets, without a broadcast through the adapter per event (most of a settle's messages).
   */
  bind(io: Server, local = false): void {
    this.io = io;
    this.local = local;
  }

  /** On shutdown, after the sockets closed: nothing more is sent. */
  unbind(): void {
    this.io = null;
  }

  emit<E extends keyof ServerToClientEvents>(
    to: string | readonly string[],
    event: E,
    payload: Parameters<ServerToClientEvents[E]>[0],
  ): void {
    const io = this.io;
    if (!io) return;
    if (typeof to === "string" && this.local) {
      const nsp = io.of("/");
      const ids = nsp.adapter.rooms.get(`player:${to}`);
      if (ids) for (const id of ids) (nsp.sockets.get(id) as Emitter | undefined)?.emit(event, payload);
      return;
    }
    if (typeof to !== "string" && to.length === 0) return;
    const rooms = typeof to === "string" ? `player:${to}` : to.map((id) => `player:${id}`);
    (io.to(rooms) as Emitter).emit(event, payload);
  }

  broadcast<E extends keyof ServerToClientEvents>(
    event: E,
    payload: Parameters<ServerToClientEvents[E]>[0],
  ): void {
    (this.io as Emitter | null)?.emit(event, payload);
  }
}
