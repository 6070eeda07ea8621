import type { Duplex } from "node:stream";

interface EngineServer {
  on(event: "flush", listener: (socket: unknown) => void): unknown;
}

/**
 * Socket.IO writes each packet as its own WebSocket frame, and ws writes each frame with its own system
 * call. A room's settle sends a member several events in one turn of the event loop (the node's HP, its
 * xp, a log line, its new state): holding the member's TCP socket corked until the turn ends writes them
 * all in one call, which is most of what sending costs. This reaches one level under Socket.IO's API
 * (engine.io's "flush" event, ws's socket) and leaves any other transport (long polling) alone.
 */
export function coalesceWrites(engine: EngineServer): void {
  engine.on("flush", (socket) => {
    const tcp = (socket as { transport?: { socket?: { _socket?: Duplex } } }).transport?.socket?._socket;
    if (!tcp || typeof tcp.cork !== "function" || tcp.writableCorked > 0) return;
    tcp.cork();
    process.nextTick(() => tcp.uncork());
  });
}
