import { PANEL_POLL_MS, type PanelView } from "@pickle-garden/shared";
import { create } from "zustand";
import { ApiError } from "../api/http.ts";
import * as calls from "../calls/panelCalls.ts";
import { errorText } from "../messages/errorMessages.ts";
import { safeLocalStorage } from "../safeStorage.ts";

/**
 * Announcement and poll panels (spec shell §4 Panels): GET /api/panels/active every 45 s and when the tab
 * becomes visible; a panel closes when dismissed or voted on and reappears when its id or version changes.
 */
export interface PanelState {
  panel: PanelView | null;
  votes: Record<string, number>;
  /** `${id}@${version}` of the panels this browser closed */
  closed: string[];
  error: string | null;
}

const CLOSED_KEY = "pg:panels:closed";

function loadClosed(): string[] {
  try {
    const raw = safeLocalStorage.getItem(CLOSED_KEY);
    const v = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string").slice(-50) : [];
  } catch {
    return [];
  }
}

export const usePanelStore = create<PanelState>()(() => ({
  panel: null,
  votes: {},
  closed: loadClosed(),
  error: null,
}));

export const panelKey = (p: Pick<PanelView, "_id" | "version">) => `${p._id}@${p.version}`;

/** The panel to show, or null when none or this version was closed here. */
export function visiblePanel(s: PanelState): PanelView | null {
  return s.panel && !s.closed.includes(panelKey(s.panel)) ? s.panel : null;
}

function close(panel: PanelView): void {
  const closed = [
    ...usePanelStore.getState().closed.filter((k) => k !== panelKey(panel)),
    panelKey(panel),
  ].slice(-50);
  usePanelStore.setState({ closed });
  safeLocalStorage.setItem(CLOSED_KEY, JSON.stringify(closed));
}

export async function pollActivePanel(): Promise<void> {
  try {
    const answer = await calls.activePanel();
    usePanelStore.setState({ panel: answer.panel, votes: answer.votes, error: null });
    // the server remembers closing too (another browser): respect it for this version
    if (answer.panel && answer.closed) close(answer.panel);
  } catch (err) {
    console.warn("panels/active failed", err);
  }
}

export async function dismissPanel(): Promise<void> {
  const panel = usePanelStore.getState().panel;
  if (!panel?.dismissible) return;
  close(panel);
  try {
    await calls.dismissPanel(panel._id);
  } catch (err) {
    console.warn("panel dismiss failed", err);
  }
}

export async function votePanel(optionId: string): Promise<boolean> {
  const panel = usePanelStore.getState().panel;
  if (panel?.type !== "poll" || !panel.options.some((o) => o.id === optionId)) return false;
  try {
    const answer = await calls.votePanel(panel._id, optionId);
    usePanelStore.setState({ votes: answer.votes, error: null });
    close(panel);
    return true;
  } catch (err) {
    // already voted elsewhere: the vote stands, close it here too
    if (err instanceof ApiError && (err.body as { code?: string } | null)?.code === "panel/already_voted")
      close(panel);
    usePanelStore.setState({ error: errorText(err) });
    return false;
  }
}

/** Poll every 45 s and when the tab becomes visible; returns the stop function. */
export function startPanelPolling(intervalMs = PANEL_POLL_MS): () => void {
  void pollActivePanel();
  const id = setInterval(() => void pollActivePanel(), intervalMs);
  const onVisible = () => {
    if (document.visibilityState === "visible") void pollActivePanel();
  };
  document.addEventListener("visibilitychange", onVisible);
  return () => {
    clearInterval(id);
    document.removeEventListener("visibilitychange", onVisible);
  };
}
