import { type LinkKeep, type LinkOption, USERNAME_MAX } from "@pickle-garden/shared";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { getProviders } from "../calls/auth.ts";
import { SupportGarden } from "../features/subscription/SupportGarden.tsx";
import { useSubscriptionStore } from "../features/subscription/subscriptionStore.ts";
import { formatNumber } from "../format.ts";
import { useShownName } from "../i18n/useShownName.ts";
import { errorText } from "../messages/errorMessages.ts";
import { signInErrorText } from "../messages/sessionMessages.ts";
import { linkDiscord, pendingLinkOptions, resolveLink } from "../session/discordSignIn.ts";
import { isGuest } from "../stores/derived.ts";
import { usePlayer } from "../stores/playerStore.ts";
import { useSessionStore } from "../stores/sessionStore.ts";
import { type Language, setLanguage, setTheme, useSettingsStore } from "../stores/settingsStore.ts";
import { NotificationSettings } from "./NotificationSettings.tsx";
import { useRename } from "./renamePlayer.ts";
import "./account.css";

function UsernameForm() {
  const { t } = useTranslation("shell");
  const current = usePlayer((p) => p.username) ?? "";
  const [value, setValue] = useState(current);
  const { state, submit } = useRename();
  const inputId = useId();
  const helpId = useId();
  useEffect(() => setValue(current), [current]);

  return (
    <form onSubmit={(e) => void submit(e, value)}>
      <div className="pg-field">
        <label htmlFor={inputId}>{t("settings.username")}</label>
        <div className="pg-row">
          <input
            id={inputId}
            className="pg-input"
            value={value}
            maxLength={USERNAME_MAX}
            autoComplete="nickname"
            data-tour="username-input"
            aria-describedby={helpId}
            onChange={(e) => setValue(e.target.value)}
          />
          <button type="submit" className="pg-btn pg-btn--primary" disabled={state.kind === "saving"}>
            {state.kind === "saving" ? t("settings.saving") : t("settings.save")}
          </button>
        </div>
        <span id={helpId} className="pg-help">
          {t("settings.usernameHelp")}
        </span>
      </div>
      <p aria-live="polite" className="pg-help" style={{ margin: 0 }}>
        {state.kind === "saved" ? t("settings.saved") : null}
        {state.kind === "error" ? <span className="pg-alert pg-alert--error">{state.text}</span> : null}
      </p>
    </form>
  );
}

function Preferences() {
  const { t } = useTranslation("shell");
  const language = useSettingsStore((s) => s.language);
  const theme = useSettingsStore((s) => s.theme);
  const langId = useId();
  return (
    <div className="pg-stack">
      <div className="pg-field">
        <label htmlFor={langId}>{t("settings.language")}</label>
        <select
          id={langId}
          className="pg-select"
          value={language}
          onChange={(e) => setLanguage(e.target.value as Language)}
          data-testid="language-select"
        >
          <option value="en" lang="en">
            {t("languages.en")}
          </option>
          <option value="fr" lang="fr">
            {t("languages.fr")}
          </option>
        </select>
      </div>
      <fieldset className="pg-radio-group">
        <legend>{t("settings.theme")}</legend>
        {(["dark", "light"] as const).map((th) => (
          <label key={th} className="pg-row">
            <input type="radio" name="pg-theme" checked={theme === th} onChange={() => setTheme(th)} />
            {th === "dark" ? t("settings.themeDark") : t("settings.themeLight")}
          </label>
        ))}
      </fieldset>
    </div>
  );
}

function Account() {
  const { t } = useTranslation("shell");
  const guest = usePlayer(isGuest);
  const username = useShownName();
  const discordId = usePlayer((p) => p.discordId);
  const linking = useSessionStore((s) => s.linkInProgress);
  const sessionError = useSessionStore((s) => s.error);
  const [params] = useSearchParams();
  const [discordOn, setDiscordOn] = useState<boolean | null>(null);
  const [options, setOptions] = useState<LinkOption[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [linked, setLinked] = useState(params.get("linked") === "1");

  useEffect(() => {
    getProviders()
      .then((p) => setDiscordOn(!!p.discord))
      .catch(() => setDiscordOn(false));
  }, []);

  // after the Discord round trip (or on any visit): is a link waiting for a choice?
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-check when the account changes
  useEffect(() => {
    if (guest !== false) return;
    pendingLinkOptions()
      .then(setOptions)
      .catch(() => setOptions(null));
  }, [guest, discordId]);

  const choose = async (keep: LinkKeep) => {
    setBusy(true);
    setError(null);
    try {
      await resolveLink(keep);
      setOptions(null);
      setLinked(true);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="pg-stack">
      <p style={{ margin: 0 }} data-testid="signed-in-as">
        {t(guest ? "settings.signedInGuest" : "settings.signedInDiscord", { name: username })}
      </p>
      {options ? (
        <div className="pg-alert" role="alertdialog" aria-labelledby="pg-link-conflict">
          <h3 id="pg-link-conflict" style={{ marginTop: 0 }}>
            {t("settings.conflictTitle")}
          </h3>
          <p>{t("settings.conflictBody")}</p>
          <div className="pg-stack">
            {options.map((o) => (
              <button
                key={o.keep}
                type="button"
                className="pg-btn"
                disabled={busy}
                onClick={() => void choose(o.keep)}
                style={{ justifyContent: "space-between", height: "auto", padding: "8px 12px" }}
              >
                <span>{o.keep === "guest" ? t("settings.keepGuest") : t("settings.keepDiscord")}</span>
                <span className="pg-help">
                  {o.username} · Lv {o.totalLevel} · {formatNumber(o.gold)} g · {formatNumber(o.rp)} RP
                </span>
              </button>
            ))}
          </div>
        </div>
      ) : null}
      {guest ? (
        <>
          <p className="pg-help" style={{ margin: 0 }}>
            {t("settings.guestInfo")}
          </p>
          {discordOn === false ? (
            <p className="pg-help">{t("settings.discordUnavailable")}</p>
          ) : (
            <div>
              <button
                type="button"
                className="pg-btn pg-btn--discord"
                disabled={linking || discordOn !== true}
                onClick={() => void linkDiscord()}
              >
                {linking ? t("settings.linking") : t("settings.linkDiscord")}
              </button>
            </div>
          )}
        </>
      ) : linked && !options ? (
        <p className="pg-alert pg-alert--success">{t("settings.linked")}</p>
      ) : null}
      {error || (linking === false && sessionError && guest) ? (
        <p className="pg-alert pg-alert--error" role="alert">
          {t("settings.linkFailed", { error: error ?? signInErrorText(sessionError as string) })}
        </p>
      ) : null}
    </div>
  );
}

/** /settings: username, language and theme, Discord DMs, guest linking to Discord with the conflict choice. */
/** The garden-supporter subscription's card, only when the server sells one. */
function SupportSection() {
  const { t } = useTranslation("shell");
  const skuId = useSubscriptionStore((s) => s.skuId);
  if (!skuId) return <SupportGarden variant="card" />; // loads the config; renders nothing while off
  return (
    <section className="pg-card" aria-labelledby="pg-set-support" data-testid="settings-support">
      <h2 id="pg-set-support">{t("subscription.title")}</h2>
      <SupportGarden variant="card" />
    </section>
  );
}

export default function SettingsPage() {
  const { t } = useTranslation("shell");
  return (
    <div className="pg-settings" data-testid="settings-page">
      <h1>{t("settings.title")}</h1>
      <section className="pg-card" aria-labelledby="pg-set-profile">
        <h2 id="pg-set-profile">{t("settings.profile")}</h2>
        <UsernameForm />
      </section>
      <section className="pg-card" aria-labelledby="pg-set-prefs">
        <h2 id="pg-set-prefs">{t("settings.preferences")}</h2>
        <Preferences />
      </section>
      <section className="pg-card" aria-labelledby="pg-set-notifications">
        <h2 id="pg-set-notifications">{t("settings.notifications")}</h2>
        <NotificationSettings />
      </section>
      <SupportSection />
      <section className="pg-card" aria-labelledby="pg-set-account">
        <h2 id="pg-set-account">{t("settings.account")}</h2>
        <Account />
      </section>
    </div>
  );
}
