import { useSyncExternalStore } from "react";
import { getSocketStatus, onSocketStatus, type SocketStatus } from "../api/socket.ts";

/** The socket's status, re-rendering on every change. */
export function useSocketStatus(): SocketStatus {
  return useSyncExternalStore(onSocketStatus, getSocketStatus, getSocketStatus);
}
