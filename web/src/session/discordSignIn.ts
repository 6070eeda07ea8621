import type { LinkKeep, LinkOption } from "@pickle-garden/shared";
import { chooseLink, linkState, startLink } from "../calls/accountCalls.ts";
import * as auth from "../calls/auth.ts";
import { refreshPlayer } from "../stores/playerStore.ts";
import { setSession, useSessionStore } from "../stores/sessionStore.ts";
import { AuthFlowError, failureCode } from "./authFlowError.ts";
import { postCrossTab } from "./crossTab.ts";
import { refreshSession } from "./refreshSession.ts";
import { control, stopPolling } from "./sessionControl.ts";

/* ---- Discord sign-in and linking in a popup, with polling ---- */

export const POLL_FAST_MS = 500;
export const POLL_FAST_FOR_MS = 4000;
export const POLL_SLOW_MS = 1500;

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
    await startLink();
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
  const answer = await linkState();
  return "conflict" in answer ? answer.options : null;
}

/** Finish a conflicting link: the kept progress ends under the Discord id, the other is archived. */
export async function resolveLink(keep: LinkKeep): Promise<void> {
  await chooseLink(keep);
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
