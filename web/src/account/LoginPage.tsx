import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { authPageUrl, getProviders, type Provider } from "../calls/auth.ts";
import { LogoIcon } from "../icons/ui.tsx";
import { signInErrorText } from "../messages/sessionMessages.ts";
import { finishAuthReturn, loginWithDiscord, safeCallback } from "../session/discordSignIn.ts";
import { signInGuest } from "../session/guestSignIn.ts";
import { clearLogoutFlag } from "../session/sessionController.ts";
import { Splash } from "../shell/Splash.tsx";
import { useSessionStore } from "../stores/sessionStore.ts";
import { setLanguage } from "../stores/settingsStore.ts";
import "./account.css";

/** /login and /fr/login (spec §2), without the shell: play as guest, or sign in with Discord. */
export default function LoginPage() {
  const { t } = useTranslation("shell");
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const french = pathname.startsWith("/fr/");
  const done = params.get("done");
  const callbackUrl = safeCallback(params.get("callbackUrl"));
  const urlError = params.get("error");
  const sessionError = useSessionStore((s) => s.error);
  const guestBusy = useSessionStore((s) => s.guestSignInInProgress);
  const loginBusy = useSessionStore((s) => s.loginInProgress);
  const [providers, setProviders] = useState<Record<string, Provider> | null>(null);
  const [tried, setTried] = useState(false);

  useEffect(() => {
    if (french) setLanguage("fr");
    clearLogoutFlag();
  }, [french]);

  // the popup's return from Discord: tell the other tabs, close
  useEffect(() => {
    if (done === "login" || done === "link") finishAuthReturn(done);
  }, [done]);

  useEffect(() => {
    if (done) return;
    let cancelled = false;
    getProviders()
      .then((p) => {
        if (!cancelled) setProviders(p);
      })
      .catch((err) => {
        // spec §8: providers unavailable → the auth error page
        console.error("providers unavailable", err);
        if (!cancelled) window.location.assign(authPageUrl("error", { error: "Configuration" }));
      });
    return () => {
      cancelled = true;
    };
  }, [done]);

  if (done) return <Splash title={t("auth.warming")} detail={t("auth.authenticating")} />;

  const errorCode = (tried ? sessionError : null) ?? urlError;
  const errorText = errorCode ? signInErrorText(errorCode) : null;

  const onGuest = async () => {
    setTried(true);
    if (await signInGuest()) navigate(callbackUrl, { replace: true });
  };
  const onDiscord = () => {
    setTried(true);
    void loginWithDiscord(callbackUrl);
  };
  const query = params.toString() ? `?${params}` : "";

  return (
    <main className="pg-login">
      <div className="pg-login__card">
        <LogoIcon size={72} style={{ justifySelf: "center" }} />
        <h1>{t("login.title")}</h1>
        <p>{t("login.subtitle")}</p>
        {errorText ? (
          <p
            className={`pg-alert ${urlError === "SessionRequired" && !tried ? "" : "pg-alert--error"}`}
            role="alert"
          >
            {errorText}
          </p>
        ) : null}
        <div className="pg-login__actions">
          <button
            type="button"
            className="pg-btn pg-btn--primary"
            onClick={() => void onGuest()}
            disabled={guestBusy || loginBusy}
          >
            {guestBusy ? t("login.signingIn") : t("login.playAsGuest")}
          </button>
          {providers?.discord ? (
            <button
              type="button"
              className="pg-btn pg-btn--discord"
              onClick={onDiscord}
              disabled={guestBusy || loginBusy}
            >
              {loginBusy ? t("login.signingIn") : t("login.signInDiscord")}
            </button>
          ) : null}
        </div>
        <p style={{ fontSize: "var(--pg-text-sm)" }}>{t("login.guestNote")}</p>
        <nav className="pg-login__langs" aria-label={t("settings.language")}>
          <Link
            to={`/login${query}`}
            lang="en"
            aria-current={!french ? "page" : undefined}
            onClick={() => setLanguage("en")}
          >
            {t("languages.en")}
          </Link>
          <Link to={`/fr/login${query}`} lang="fr" aria-current={french ? "page" : undefined}>
            {t("languages.fr")}
          </Link>
        </nav>
      </div>
    </main>
  );
}
