import {
  LinkAnswerSchema,
  type LinkChoiceBody,
  LinkDoneSchema,
  type LinkKeep,
  type LinkOption,
} from "@pickle-garden/shared";
import { create } from "zustand";
import { http, setSessionToken } from "../api/http.ts";
import * as auth from "../api/session.ts";
import { disconnectSocket } from "../api/socket.ts";
import { errorCodeOf } from "../messages/errorMessages.ts";
import { clearPlayer, refreshPlayer, usePlayerStore } from "../stores/playerStore.ts";
import { setSession, useSessionStore } from "../stores/sessionStore.ts";
import { onCrossTab, postCrossTab } from "./crossTab.ts";

/**
 * Session lifecycle (spec §4 "Session"), outside React: refresh, automatic guest sign-in, Discord sign-in
 * and linking in a popup with polling, sign-out, cross-tab messages. Components call these functions and
 * read useSessionStore.
 */

export const POLL_FAST_MS = 500;
export const POLL_FAST_FOR_MS = 4000;
export const POLL_SLOW_MS = 1500;

/** What the controller itself holds between calls (the session as such is in useSessionStore). */
interface SessionControlState {
  /** the GET /api/auth/session in flight, shared by concurrent callers */
  refreshing: Promise<void> | null;
  /** automatic guest sign-ins that failed in a row: one failure stops the automatic retries */
  guestFailures: number;
  /** the next session poll while a login or link runs in a popup */
  pollTimer: ReturnType<typeof setTimeout> | null;
}
const initialControl: SessionControlState = { refreshing: null, guestFailures: 0, pollTimer: null };
const useSessionControlStore = create<SessionControlState>()(() => ({ ...initialControl }));
const control = useSessionControlStore;

/** For tests: stop polling and forget a failed guest attempt. */
export function resetSessionControl(): void {
  stopPolling();
  control.setState({ ...initialControl });
}

/** GET /api/auth/session and update the store; a changed account drops the old player. */
export function refreshSession(): Promise<void> {
  const { transport } = useSessionStore.getState();
  if (transport === "token") return Promise.resolve();
  const inFlight = control.getState().refreshing;
  if (inFlight) return inFlight;
  const refreshing = (async () => {
    try {
      const session = await auth.getSession();
      const prev = useSessionStore.getState();
      if (session) {
        if (prev.discordId && prev.discordId !== session.user.discordId) {
          // another account signed in (here or in another tab): nothing of the old one may stay
          disconnectSocket();
          clearPlayer();
        }
        setSession({
          status: "authenticated",
          discordId: session.user.discordId,
          name: session.user.name ?? null,
          error: null,
        });
      } else {
        if (prev.discordId) {
          disconnectSocket();
          clearPlayer();
        }
        setSession({ status: "unauthenticated", discordId: null, name: null });
      }
    } catch (err) {
      // CLIENT_SESSION_ERROR (spec §8): logged; the state stays as it was, or unauthenticated on first load
      console.error("CLIENT_SESSION_ERROR", err);
      if (useSessionStore.getState().status === "loading") setSession({ status: "unauthenticated" });
    } finally {
      control.setState({ refreshing: null });
    }
  })();
  control.setState({ refreshing });
  return refreshing;
}

/** A sign-in Auth.js did not complete, with its error code (from the result's url, or the one we name). */
class AuthFlowError extends Error {
  constructor(readonly code: string) {
    super(code);
    this.name = "AuthFlowError";
  }
}

/**
 * What a failed sign-in or link keeps in the session store: Auth.js's code, else the failed call's protocol
 * code (messages/sessionMessages.ts words both); never the error's or the server's text.
 */
function failureCode(err: unknown): string {
  return err instanceof AuthFlowError ? err.code : errorCodeOf(err);
}

/** A guest sign-in may start: no session, no login/link/logout in progress, and not already failed. */
export function canAutoSignInGuest(): boolean {
  const s = useSessionStore.getState();
  return (
    s.transport === "cookie" &&
    s.status === "unauthenticated" &&
    !s.loginInProgress &&
    !s.linkInProgress &&
    !s.logoutInProgress &&
    !s.guestSignInInProgress &&
    control.getState().guestFailures === 0
  );
}

/** POST /api/auth/callback/guest (provider 'guest'), then re-read the session. */
export async function signInGuest(): Promise<boolean> {
  setSession({ guestSignInInProgress: true, error: null });
  try {
    const result = await auth.signInAsGuest(currentPath());
    if (result.error) throw new AuthFlowError(result.error);
    await refreshSession();
    const ok = useSessionStore.getState().status === "authenticated";
    if (!ok) throw new AuthFlowError("CredentialsSignin");
    control.setState({ guestFailures: 0 });
    return true;
  } catch (err) {
    control.setState((c) => ({ guestFailures: c.guestFailures + 1 }));
    const code = failureCode(err);
    console.warn("guest sign-in failed:", code);
    setSession({ error: code });
    return false;
  } finally {
    setSession({ guestSignInInProgress: false });
  }
}

/** Signs a guest in when nothing forbids it (the shell's auth gate calls it on every change). */
export async function ensureGuestSession(): Promise<void> {
  if (canAutoSignInGuest()) await signInGuest();
}

function currentPath(): string {
  if (typeof window === "undefined") return "/";
  const { pathname, search } = window.location;
  return pathname.startsWith("/login") || pathname.startsWith("/fr/login") ? "/" : `${pathname}${search}`;
}

/* ---- polling while a login or link runs in a popup ---- */

function stopPolling(): void {
  const { pollTimer } = control.getState();
  if (pollTimer) clearTimeout(pollTimer);
  control.setState({ pollTimer: null });
}

/**
 * Poll the session every 500 ms for the first 4 s, then every 1500 ms, until `done()` says so
 * (spec §4). Returns the stop function.
 */
export function startSessionPolling(done: () => boolean, onDone: () => void): () => void {
  stopPolling();
  const started = Date.now();
  const tick = async () => {
    await refreshSession();
    if (done()) {
      stopPolling();
      onDone();
      return;
    }
    const delay = Date.now() - started < POLL_FAST_FOR_MS ? POLL_FAST_MS : POLL_SLOW_MS;
    control.setState({ pollTimer: setTimeout(tick, delay) });
  };
  control.setState({ pollTimer: setTimeout(tick, POLL_FAST_MS) });
  return stopPolling;
}

/** Open Auth.js's provider url in a popup (a full navigation when popups are blocked or in a frame). */
function openAuthWindow(url: string): Window | null {
  const inFrame = window.top !== window.self;
  const popup = inFrame ? null : window.open(url, "pg-auth", "popup,width=520,height=720");
  if (!popup) window.location.assign(url);
  return popup;
}

/** "Sign in with Discord" from the login page. */
export async function loginWithDiscord(callbackUrl = "/"): Promise<void> {
  setSession({ loginInProgress: true, error: null });
  try {
    const before = useSessionStore.getState().discordId;
    const result = await auth.signInWithProvider(
      "discord",
      `/login?done=login&callbackUrl=${encodeURIComponent(callbackUrl)}`,
    );
    if (result.error || !result.url) throw new AuthFlowError(result.error ?? "OAuthSignin");
    openAuthWindow(result.url);
    startSessionPolling(
      () => {
        const s = useSessionStore.getState();
        return (
          s.status === "authenticated" &&
          !!s.discordId &&
          s.discordId !== before &&
          !s.discordId.startsWith("guest-")
        );
      },
      () => {
        setSession({ loginInProgress: false });
        window.location.assign(callbackUrl);
      },
    );
  } catch (err) {
    setSession({ loginInProgress: false, error: failureCode(err) });
  }
}

/** A guest links Discord from settings; the popup's return page broadcasts IG_LINK_DONE. */
export async function linkDiscord(): Promise<void> {
  setSession({ linkInProgress: true, error: null });
  try {
    const guestId = useSessionStore.getState().discordId;
    // the server remembers which guest is linking (HttpOnly pg_link cookie), then Discord signs in
    await http.post("/api/account/link/start");
    const result = await auth.signInWithProvider("discord", "/login?done=link");
    if (result.error || !result.url) throw new AuthFlowError(result.error ?? "OAuthSignin");
    openAuthWindow(result.url);
    startSessionPolling(
      () => {
        const s = useSessionStore.getState();
        return s.status === "authenticated" && s.discordId !== guestId;
      },
      () => {
        setSession({ linkInProgress: false });
        void refreshPlayer();
      },
    );
  } catch (err) {
    setSession({ linkInProgress: false, error: failureCode(err) });
  }
}

/** A link waiting for the player's choice (both accounts had progress), per GET /api/account/link. */
export async function pendingLinkOptions(): Promise<LinkOption[] | null> {
  const answer = await http.get("/api/account/link", { schema: LinkAnswerSchema, cache: "no-store" });
  return "conflict" in answer ? answer.options : null;
}

/** Finish a conflicting link: the kept progress ends under the Discord id, the other is archived. */
export async function resolveLink(keep: LinkKeep): Promise<void> {
  await http.post("/api/account/link", { keep } satisfies LinkChoiceBody, { schema: LinkDoneSchema });
  await refreshSession();
  await refreshPlayer();
}

export function cancelLoginOrLink(): void {
  stopPolling();
  setSession({ loginInProgress: false, linkInProgress: false });
}

/**
 * The page Auth.js returns the popup to (/login?done=login|link): tell the other tabs, then close the
 * popup, or continue here when it was a full navigation.
 */
export function finishAuthReturn(kind: "login" | "link"): void {
  postCrossTab(kind === "login" ? "IG_LOGIN_DONE" : "IG_LINK_DONE");
  const callbackUrl = new URLSearchParams(window.location.search).get("callbackUrl");
  const next = kind === "link" ? "/settings?linked=1" : safeCallback(callbackUrl);
  // a popup we opened closes itself (its opener may be severed by COOP, so try rather than check);
  // when it was a full navigation, or closing is refused, carry on here
  try {
    window.close();
  } catch {
    /* not closable */
  }
  setTimeout(() => window.location.replace(next), 300);
}

/** Only same-site paths are followed. */
export function safeCallback(url: string | null | undefined): string {
  if (!url?.startsWith("/") || url.startsWith("//")) return "/";
  return url;
}

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
