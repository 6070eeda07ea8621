import { create } from "zustand";

/** Shell UI state: the phone drawer, toasts and the log of the spec's messages. */

export type MessageTone = "info" | "success" | "warning" | "error";
export interface UiMessage {
  id: number;
  text: string;
  tone: MessageTone;
  /** Date.now() when raised */
  at: number;
  /** shown as a toast until dismissed or timed out; always kept in the log */
  toast: boolean;
}

export interface UiState {
  drawerOpen: boolean;
  /** newest last, at most MAX_MESSAGES */
  messages: UiMessage[];
}

export const MAX_MESSAGES = 50;
export const TOAST_MS = 5000;

export const useUiStore = create<UiState>()(() => ({ drawerOpen: false, messages: [] }));
export const uiStore = useUiStore;

export function setDrawerOpen(open: boolean): void {
  if (useUiStore.getState().drawerOpen !== open) useUiStore.setState({ drawerOpen: open });
}
export function toggleDrawer(): void {
  useUiStore.setState((s) => ({ drawerOpen: !s.drawerOpen }));
}

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/**
 * Add a message to the log (spec §8's chat/log texts: inventory full, gathering errors, death…).
 * With `toast` it also pops up for TOAST_MS.
 */
export function pushMessage(text: string, tone: MessageTone = "info", toast = true): number {
  const id = nextId++;
  useUiStore.setState((s) => ({
    messages: [...s.messages, { id, text, tone, at: Date.now(), toast }].slice(-MAX_MESSAGES),
  }));
  if (toast)
    timers.set(
      id,
      setTimeout(() => dismissToast(id), TOAST_MS),
    );
  return id;
}

export function dismissToast(id: number): void {
  const t = timers.get(id);
  if (t) clearTimeout(t);
  timers.delete(id);
  useUiStore.setState((s) => ({
    messages: s.messages.map((m) => (m.id === id && m.toast ? { ...m, toast: false } : m)),
  }));
}

export function clearMessages(): void {
  for (const t of timers.values()) clearTimeout(t);
  timers.clear();
  useUiStore.setState({ messages: [] });
}

/** The payload of the window event `popup` (spec §3: combat feedback is raised through it). */
export interface PopupDetail {
  type: string;
  value?: number;
  text?: string;
  /** monster uid, or 'player' */
  target?: string;
  playerId?: string;
}
export const POPUP_EVENT = "popup";

export function raisePopup(detail: PopupDetail): void {
  window.dispatchEvent(new CustomEvent<PopupDetail>(POPUP_EVENT, { detail }));
}
