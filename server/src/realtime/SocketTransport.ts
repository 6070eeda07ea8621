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

  bind(io: Server): void {
    this.io = io;
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
    if (typeof to !== "string" && to.length === 0) return;
    const rooms = typeof to === "string" ? `player:${to}` : to.map((id) => `player:${id}`);
    (this.io?.to(rooms) as Emitter | undefined)?.emit(event, payload);
  }

  broadcast<E extends keyof ServerToClientEvents>(
    event: E,
    payload: Parameters<ServerToClientEvents[E]>[0],
  ): void {
    (this.io as Emitter | null)?.emit(event, payload);
  }
}
