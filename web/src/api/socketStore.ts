import type { ServerEventName, ServerEventPayload } from "@pickle-garden/shared";
import type { Socket } from "socket.io-client";
import { create } from "zustand";

/** The page's one connection and the listeners of each server event, read by `socket.ts` and `serverEvents.ts`. */

export type Listener<E extends ServerEventName = ServerEventName> = (payload: ServerEventPayload<E>) => void;
export interface SocketRefusal {
  error: string;
  limit?: number;
}
export type SocketStatus = "idle" | "connecting" | "connected" | "disconnected";

interface SocketState {
  /** the page's one connection, made by connectSocket */
  socket: Socket | null;
  status: SocketStatus;
  /** listeners of each server event, kept whether or not the socket exists yet */
  listeners: ReadonlyMap<string, ReadonlySet<Listener>>;
  /** the bearer session the socket last connected with (the activity's), so a refusal names it */
  openedWith: string | null;
  /** why the server refused the last handshake (its error and, for a limit, the limit), until one succeeds */
  refusal: SocketRefusal | null;
}
export const useSocketStore = create<SocketState>()(() => ({
  socket: null,
  status: "idle",
  listeners: new Map(),
  openedWith: null,
  refusal: null,
}));
