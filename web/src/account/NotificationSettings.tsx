import type { NotificationSettingsAnswer } from "@pickle-garden/shared";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { loadNotificationSettings, saveNotificationSettings } from "../calls/accountCalls.ts";
import { errorText } from "../messages/errorMessages.ts";
import { usePlayer } from "../stores/playerStore.ts";
import { useSettingsStore } from "../stores/settingsStore.ts";

/**
 * Welcome-back summaries by Discord DM (on by default, for players linked to Discord). Saving also tells
 * the server this page's language, which the DMs are written in.
 */
export function NotificationSettings() {
  const { t } = useTranslation("shell");
  const language = useSettingsStore((s) => s.language);
  // linking a guest to Discord changes the player: read the setting again
  const discordId = usePlayer((p) => p.discordId);
  const [state, setState] = useState<
    | { kind: "loading" }
    | { kind: "ready"; settings: NotificationSettingsAnswer; saving: boolean }
    | { kind: "error"; text: string }
  >({ kind: "loading" });
  const checkboxId = useId();
  const helpId = useId();

  const load = () => {
    setState({ kind: "loading" });
    loadNotificationSettings()
      .then((settings) => setState({ kind: "ready", settings, saving: false }))
      .catch((err: unknown) => setState({ kind: "error", text: errorText(err) }));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when the player changes
  useEffect(load, [discordId]);

  const save = async (summaries: boolean) => {
    if (state.kind !== "ready") return;
    setState({ ...state, saving: true });
    try {
      const settings = await saveNotificationSettings({ summaries, language });
      setState({ kind: "ready", settings, saving: false });
    } catch (err) {
      setState({ kind: "error", text: errorText(err) });
    }
  };

  // the DMs follow the language chosen here
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a language change re-saves
  useEffect(() => {
    if (state.kind === "ready" && state.settings.linked && state.settings.language !== language) {
      void save(state.settings.summaries);
    }
  }, [language]);

  if (state.kind === "loading") return <p className="pg-help">{t("settings.summariesLoading")}</p>;
  if (state.kind === "error") {
    return (
      <div className="pg-stack">
        <p className="pg-alert pg-alert--error" role="alert">
          {t("settings.summariesError", { error: state.text })}
        </p>
        <div>
          <button type="button" className="pg-btn" onClick={load}>
            {t("auth.retry")}
          </button>
        </div>
      </div>
    );
  }
  const { settings, saving } = state;
  return (
    <div className="pg-field">
      <label htmlFor={checkboxId} className="pg-row" style={{ flexWrap: "nowrap", alignItems: "flex-start" }}>
        <input
          id={checkboxId}
          type="checkbox"
          checked={settings.linked && settings.summaries}
          disabled={!settings.linked || saving}
          aria-describedby={helpId}
          onChange={(e) => void save(e.target.checked)}
          data-testid="summaries-toggle"
        />
        {t("settings.summaries")}
      </label>
      <span id={helpId} className="pg-help">
        {settings.linked ? t("settings.summariesHelp") : t("settings.summariesGuest")}
      </span>
    </div>
  );
}
