import { create } from "zustand";
import { safeLocalStorage } from "../safeStorage.ts";

/**
 * Cross-tab auth messages (spec §4): IG_LOGIN_DONE and IG_LINK_DONE, over BroadcastChannel where it
 * exists and a localStorage event otherwise (both are sent; receivers ignore duplicates by id).
 */
export type CrossTabMessage = "IG_LOGIN_DONE" | "IG_LINK_DONE";
export const CROSS_TAB_CHANNEL = "pickle-garden-auth";
export const CROSS_TAB_KEY = "pg.auth.event";

interface CrossTabState {
  /** opened on first use */
  channel: BroadcastChannel | null;
  /** ids of the messages already heard or sent by this tab */
  seen: ReadonlySet<string>;
}
const useCrossTabStore = create<CrossTabState>()(() => ({ channel: null, seen: new Set() }));

function getChannel(): BroadcastChannel | null {
  const { channel } = useCrossTabStore.getState();
  if (channel) return channel;
  if (typeof BroadcastChannel === "undefined") return null;
  const opened = new BroadcastChannel(CROSS_TAB_CHANNEL);
  useCrossTabStore.setState({ channel: opened });
  return opened;
}

function markSeen(id: string): void {
  useCrossTabStore.setState((s) => ({ seen: new Set(s.seen).add(id) }));
}

export function postCrossTab(type: CrossTabMessage): void {
  const message = { type, id: `${Date.now()}-${Math.random().toString(36).slice(2)}` };
  markSeen(message.id);
  try {
    getChannel()?.postMessage(message);
  } catch {
    /* closed channel */
  }
  safeLocalStorage.setItem(CROSS_TAB_KEY, JSON.stringify(message));
  safeLocalStorage.removeItem(CROSS_TAB_KEY);
}

function parse(data: unknown): { type: CrossTabMessage; id: string } | null {
  const d = typeof data === "string" ? safeJson(data) : data;
  if (!d || typeof d !== "object") return null;
  const { type, id } = d as { type?: unknown; id?: unknown };
  if ((type !== "IG_LOGIN_DONE" && type !== "IG_LINK_DONE") || typeof id !== "string") return null;
  return { type, id };
}
function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return null;
  }
}

/** Calls back once per message, whichever way it arrived; returns the unsubscribe. */
export function onCrossTab(listener: (type: CrossTabMessage) => void): () => void {
  const handle = (data: unknown) => {
    const m = parse(data);
    if (!m || useCrossTabStore.getState().seen.has(m.id)) return;
    markSeen(m.id);
    listener(m.type);
  };
  const ch = getChannel();
  const onMessage = (e: MessageEvent) => handle(e.data);
  ch?.addEventListener("message", onMessage);
  const onStorage = (e: StorageEvent) => {
    if (e.key === CROSS_TAB_KEY && e.newValue) handle(e.newValue);
  };
  window.addEventListener("storage", onStorage);
  return () => {
    ch?.removeEventListener("message", onMessage);
    window.removeEventListener("storage", onStorage);
  };
}
