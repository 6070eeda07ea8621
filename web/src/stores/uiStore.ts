import type { PopupPayload } from "@pickle-garden/shared";
import { create } from "zustand";

/** Shell UI state: the phone drawer, toasts and the log of the spec's messages. */

export type MessageTone = "info" | "success" | "warning" | "error";
export interface Drop {
  id: number;
  stack: number;
}

/** What a message is about: its page, and for a logs line its identity (and, for a drop, what came). */
export interface MessageOrigin {
  /** the page whose log keeps it whenever it came: a skill, or "combat" */
  topic?: string;
  /** a line of the server's logs channel: its identity, so the history replayed on connect adds it once */
  key?: string;
  /** a gathering drop's line: what was gathered (a gathering page's Drops card lists these) */
  drop?: Drop;
}

export interface UiMessage extends MessageOrigin {
  id: number;
  text: string;
  tone: MessageTone;
  /** Date.now() when raised */
  at: number;
  /** shown as a toast until dismissed or timed out; always kept in the log */
  toast: boolean;
  /** put back from the server's logs history: read before the reload, never unread */
  restored?: boolean;
}

export interface UiState {
  drawerOpen: boolean;
  /** newest last, at most MAX_MESSAGES */
  messages: UiMessage[];
  /** id of the next message */
  nextId: number;
  /** the pending auto-dismiss of each shown toast, by message id */
  toastTimers: ReadonlyMap<number, ReturnType<typeof setTimeout>>;
}

export const MAX_MESSAGES = 50;
export const TOAST_MS = 5000;

export const useUiStore = create<UiState>()(() => ({
  drawerOpen: false,
  messages: [],
  nextId: 1,
  toastTimers: new Map(),
}));
export const uiStore = useUiStore;

export function setDrawerOpen(open: boolean): void {
  if (useUiStore.getState().drawerOpen !== open) useUiStore.setState({ drawerOpen: open });
}
export function toggleDrawer(): void {
  useUiStore.setState((s) => ({ drawerOpen: !s.drawerOpen }));
}

/**
 * Add a message to the log (spec §8's chat/log texts: inventory full, gathering errors, death…).
 * With `toast` it also pops up for TOAST_MS, unless the same text is already up: a fighter whose bag is
 * full hears it at every kill, and one toast says it.
 */
export function pushMessage(
  text: string,
  tone: MessageTone = "info",
  wantToast = true,
  origin: MessageOrigin = {},
): number {
  const { nextId: id, toastTimers, messages } = useUiStore.getState();
  const toast = wantToast && !messages.some((m) => m.toast && m.text === text && m.tone === tone);
  const timers = toast
    ? new Map(toastTimers).set(
        id,
        setTimeout(() => dismissToast(id), TOAST_MS),
      )
    : toastTimers;
  useUiStore.setState((s) => ({
    nextId: id + 1,
    toastTimers: timers,
    messages: [...s.messages, { ...origin, id, text, tone, at: Date.now(), toast }].slice(-MAX_MESSAGES),
  }));
  return id;
}

/**
 * Older lines put back in front of the log (the server's logs history after a reload or reconnect), but
 * those the log already has: a reconnect, or a line pushed live just before the history came, adds
 * nothing twice.
 */
export function restoreMessages(
  lines: readonly ({ text: string; tone: MessageTone; at: number; key: string } & MessageOrigin)[],
): void {
  useUiStore.setState((s) => {
    const have = new Set(s.messages.map((m) => m.key));
    const older = lines
      .filter((l) => !have.has(l.key))
      .map((l, i) => ({ ...l, id: s.nextId + i, toast: false, restored: true }));
    if (older.length === 0) return s;
    return { nextId: s.nextId + older.length, messages: [...older, ...s.messages].slice(-MAX_MESSAGES) };
  });
}

export function dismissToast(id: number): void {
  const toastTimers = new Map(useUiStore.getState().toastTimers);
  clearTimeout(toastTimers.get(id));
  toastTimers.delete(id);
  useUiStore.setState((s) => ({
    toastTimers,
    messages: s.messages.map((m) => (m.id === id && m.toast ? { ...m, toast: false } : m)),
  }));
}

export function clearMessages(): void {
  for (const t of useUiStore.getState().toastTimers.values()) clearTimeout(t);
  useUiStore.setState({ messages: [], toastTimers: new Map() });
}

/** The payload of the window event `popup` (spec §3: combat feedback is raised through it): the server's. */
export type PopupDetail = PopupPayload;
export const POPUP_EVENT = "popup";

export function raisePopup(detail: PopupDetail): void {
  window.dispatchEvent(new CustomEvent<PopupDetail>(POPUP_EVENT, { detail }));
}
