import { setSessionToken } from "../api/http.ts";
import { disconnectSocket } from "../api/socket.ts";
import * as auth from "../calls/auth.ts";
import { clearPlayer, refreshPlayer, usePlayerStore } from "../stores/playerStore.ts";
import { setSession, useSessionStore } from "../stores/sessionStore.ts";
import { onCrossTab } from "./crossTab.ts";
import { refreshSession } from "./refreshSession.ts";
import { stopPolling } from "./sessionControl.ts";

/**
 * Session lifecycle (spec §4 "Session"), outside React: refresh, automatic guest sign-in, Discord sign-in
 * and linking in a popup with polling, sign-out, cross-tab messages. Components call these functions and
 * read useSessionStore. Here: sign-out, the activity's token, the watchers; refreshSession.ts, guestSignIn.ts and
 * discordSignIn.ts hold the rest.
 */

/** Sign out, then /login (spec §4). */
export async function logout(): Promise<void> {
  setSession({ logoutInProgress: true });
  try {
    await auth.signOut("/login");
  } catch (err) {
    console.error("sign-out failed", err);
  }
  disconnectSocket();
  clearPlayer();
  setSession({ status: "unauthenticated", discordId: null, name: null });
}

/** After the login page shows, a later guest sign-in is allowed again. */
export function clearLogoutFlag(): void {
  if (useSessionStore.getState().logoutInProgress) setSession({ logoutInProgress: false });
}

/* ---- the Discord activity: a bearer token instead of cookies ---- */

export function setActivitySessionToken(token: string): void {
  setSessionToken(token);
  setSession({ transport: "token", status: "authenticated", error: null });
}

/* ---- watchers ---- */

/**
 * Refresh on window focus and on the cross-tab storage event; handle IG_LOGIN_DONE (reload, and leave
 * the login page for /) and IG_LINK_DONE (go to /settings). Returns the cleanup.
 */
export function startSessionWatch(): () => void {
  const onFocus = () => void refreshSession();
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key.startsWith("pg.auth") || e.key.startsWith("authjs")) void refreshSession();
  };
  window.addEventListener("focus", onFocus);
  window.addEventListener("storage", onStorage);
  const offCrossTab = onCrossTab((type) => {
    stopPolling();
    setSession({ loginInProgress: false, linkInProgress: false });
    if (type === "IG_LINK_DONE") {
      window.location.assign("/settings?linked=1");
      return;
    }
    const path = window.location.pathname;
    if (path === "/login" || path === "/fr/login") window.location.assign("/");
    else window.location.reload();
  });
  return () => {
    window.removeEventListener("focus", onFocus);
    window.removeEventListener("storage", onStorage);
    offCrossTab();
    stopPolling();
  };
}

/** Player of the current session, loaded once the session exists. */
export function ensurePlayerLoaded(): void {
  const s = usePlayerStore.getState();
  if (!s.player && !s.loading) void refreshPlayer();
}
