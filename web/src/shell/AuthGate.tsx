import { ERROR_CODES } from "@pickle-garden/shared";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation } from "react-router";
import { canAutoSignInGuest, ensureGuestSession } from "../session/guestSignIn.ts";
import { refreshSession } from "../session/refreshSession.ts";
import { ensurePlayerLoaded } from "../session/sessionController.ts";
import { refreshPlayer, useHasPlayer, usePlayerStore } from "../stores/playerStore.ts";
import { useSessionStore } from "../stores/sessionStore.ts";
import { Splash } from "./Splash.tsx";

/**
 * Spec §2/§4: 'Warming the garden…' / 'Authenticating' until a session exists (a guest is signed in
 * automatically unless a login, link or logout is in progress); the loading text ('Chargement...' in French) until the player is
 * loaded. Without a session and without a possible guest sign-in, to /login with SessionRequired.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation("shell");
  const status = useSessionStore((s) => s.status);
  const discordId = useSessionStore((s) => s.discordId);
  const guestBusy = useSessionStore((s) => s.guestSignInInProgress);
  // re-render when any flag that decides the guest sign-in changes
  useSessionStore((s) => s.loginInProgress || s.linkInProgress || s.logoutInProgress);
  useSessionStore((s) => s.error);
  const hasPlayer = useHasPlayer();
  const playerError = usePlayerStore((s) => s.error);
  const playerLoading = usePlayerStore((s) => s.loading);
  const location = useLocation();

  useEffect(() => {
    if (status === "unauthenticated") void ensureGuestSession();
  });

  useEffect(() => {
    if (status === "authenticated" && discordId !== undefined) ensurePlayerLoaded();
  }, [status, discordId]);

  // the session ended under us (expired cookie, signed out elsewhere): ask Auth.js again
  useEffect(() => {
    if (playerError === ERROR_CODES.unauthenticated) void refreshSession();
  }, [playerError]);

  if (status === "unauthenticated" && !guestBusy && !canAutoSignInGuest()) {
    const callbackUrl = `${location.pathname}${location.search}`;
    const query = new URLSearchParams({ error: "SessionRequired", callbackUrl });
    return <Navigate to={`/login?${query}`} replace />;
  }
  if (status !== "authenticated") {
    return <Splash title={t("auth.warming")} detail={t("auth.authenticating")} />;
  }
  if (!hasPlayer) {
    return (
      <Splash title={t("auth.loading")}>
        {playerError && !playerLoading ? (
          <>
            <p role="alert">{t("auth.loadFailed")}</p>
            <button type="button" className="pg-btn" onClick={() => void refreshPlayer()}>
              {t("auth.retry")}
            </button>
          </>
        ) : null}
      </Splash>
    );
  }
  return <>{children}</>;
}
