import { create } from "zustand";
import { getServerTime } from "../calls/playerCalls.ts";

/** Server clock (spec §2): offset between the server's clock and ours, resynced from GET /api/server-time. */
export interface ServerTimeState {
  /** serverTime - Date.now(), in ms */
  offsetMs: number;
  /** local time of the last successful sync, or null */
  syncedAt: number | null;
}

export const useServerTimeStore = create<ServerTimeState>()(() => ({ offsetMs: 0, syncedAt: null }));
export const serverTimeStore = useServerTimeStore;

/** The server's "now" in epoch ms: the time base of every timestamp the server sends. */
export function serverNow(): number {
  return Date.now() + useServerTimeStore.getState().offsetMs;
}

/** The answer may be a bare number or an object with time / now / serverTime (ms, or an ISO string). */
export function parseServerTime(data: unknown): number | null {
  const pick = (v: unknown): number | null => {
    if (typeof v === "number" && Number.isFinite(v)) return v;
    if (typeof v === "string") {
      const n = Number(v);
      if (Number.isFinite(n) && v.trim() !== "") return n;
      const d = Date.parse(v);
      return Number.isNaN(d) ? null : d;
    }
    return null;
  };
  if (data && typeof data === "object") {
    const o = data as Record<string, unknown>;
    for (const key of ["serverTime", "time", "now", "timestamp"]) {
      const v = pick(o[key]);
      if (v !== null) return v;
    }
    return null;
  }
  return pick(data);
}

/** One round trip; the offset assumes the server read its clock halfway. */
export async function resyncServerTime(): Promise<void> {
  try {
    const t0 = Date.now();
    const data = await getServerTime();
    const t1 = Date.now();
    const server = parseServerTime(data);
    if (server === null) return;
    useServerTimeStore.setState({ offsetMs: Math.round(server - (t0 + t1) / 2), syncedAt: t1 });
  } catch (err) {
    console.warn("server time sync failed", err);
  }
}
