import type { ClientToServerEvents, ServerToClientEvents } from "@pickle-garden/shared";
import { io, type ManagerOptions, type Socket, type SocketOptions } from "socket.io-client";

/** A client of the game's socket, typed with the protocol's events. */
export type GameClient = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Test support: a real Socket.IO client of the game server at `url` (its path `/api/socket`, websocket
 * only, and no reconnection: a test that wants a socket again opens one). It starts connecting at once;
 * listeners added in the same tick hear everything the server sends. Pass the bearer token as
 * `{ auth: { token } }`, or the session cookie as `{ extraHeaders: { cookie } }`.
 */
export function gameSocket(url: string, options: Partial<ManagerOptions & SocketOptions> = {}): GameClient {
  return io(url, { path: "/api/socket", transports: ["websocket"], reconnection: false, ...options });
}

/** How the socket's handshake ends: null once it is connected, or the server's refusal. */
export function handshake(socket: Socket): Promise<Error | null> {
  return new Promise((resolve) => {
    if (socket.connected) return resolve(null);
    socket.once("connect", () => resolve(null));
    socket.once("connect_error", resolve);
  });
}

/** The socket once it is connected; the server's refusal rejects. */
export async function connected<S extends Socket>(socket: S): Promise<S> {
  const refused = await handshake(socket);
  if (refused) throw refused;
  return socket;
}
