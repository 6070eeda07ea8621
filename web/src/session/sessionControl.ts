import { create } from "zustand";

/** What the session modules hold between calls (the session as such is in useSessionStore). */
interface SessionControlState {
  /** the GET /api/auth/session in flight, shared by concurrent callers */
  refreshing: Promise<void> | null;
  /** automatic guest sign-ins that failed in a row: one failure stops the automatic retries */
  guestFailures: number;
  /** the next session poll while a login or link runs in a popup */
  pollTimer: ReturnType<typeof setTimeout> | null;
}
const initialControl: SessionControlState = { refreshing: null, guestFailures: 0, pollTimer: null };
export const control = create<SessionControlState>()(() => ({ ...initialControl }));

/** For tests: stop polling and forget a failed guest attempt. */
export function resetSessionControl(): void {
  stopPolling();
  control.setState({ ...initialControl });
}

/** Stops the session poll of a login or link in a popup, if one runs. */
export function stopPolling(): void {
  const { pollTimer } = control.getState();
  if (pollTimer) clearTimeout(pollTimer);
  control.setState({ pollTimer: null });
}
