import * as auth from "../calls/auth.ts";
import { setSession, useSessionStore } from "../stores/sessionStore.ts";
import { AuthFlowError, failureCode } from "./authFlowError.ts";
import { refreshSession } from "./refreshSession.ts";
import { control } from "./sessionControl.ts";

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
