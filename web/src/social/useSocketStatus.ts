import { type SocketStatus, useSocketStore } from "../api/socket.ts";

/** The socket's status, re-rendering on every change. */
export function useSocketStatus(): SocketStatus {
  return useSocketStore((s) => s.status);
}
