import { useServerTimeStore } from "../../stores/serverTimeStore.ts";

/** The server sends epoch ms on its own clock; bars run on ours. */
export function useServerOffset(): number {
  return useServerTimeStore((s) => s.offsetMs);
}

/** A server timestamp as a local Date.now() value. */
export function toLocalTime(serverMs: number, offsetMs: number): number {
  return serverMs - offsetMs;
}
