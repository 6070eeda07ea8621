import { GUEST_USERNAME, USERNAME_MAX } from "@pickle-garden/shared";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRename } from "../account/renamePlayer.ts";
import { CloseIcon } from "../icons/ui.tsx";
import { isGuest } from "../stores/derived.ts";
import { usePlayer } from "../stores/playerStore.ts";
import { useRoomStore } from "../stores/roomStore.ts";
import { dismissNamePrompt, useSettingsStore } from "../stores/settingsStore.ts";

/**
 * A guest who kept the default name, in a room: a small card above the page inviting them to pick a name
 * their friends will know. Not a dialog (it takes no focus); "Not now" is remembered in this browser.
 */
export function NamePrompt() {
  const { t } = useTranslation("social");
  const defaultNamed = usePlayer((p) => isGuest(p) && p.username === GUEST_USERNAME) ?? false;
  const inRoom = useRoomStore((s) => s.roomId !== null && s.players.length > 0);
  const dismissed = useSettingsStore((s) => s.namePromptDismissed);
  const [value, setValue] = useState("");
  const { state, submit } = useRename();
  const titleId = useId();
  const inputId = useId();
  const helpId = useId();
  if (!defaultNamed || !inRoom || dismissed) return null;

  return (
    <section className="pg-name-prompt" aria-labelledby={titleId} data-testid="name-prompt">
      <h2 id={titleId} className="pg-name-prompt__title">
        {t("namePrompt.title")}
      </h2>
      <button
        type="button"
        className="pg-icon-btn pg-name-prompt__close"
        aria-label={t("namePrompt.later")}
        onClick={dismissNamePrompt}
        data-testid="name-prompt-later"
      >
        <CloseIcon size={16} />
      </button>
      <form className="pg-name-prompt__form" onSubmit={(e) => void submit(e, value)}>
        <label htmlFor={inputId} className="pg-visually-hidden">
          {t("namePrompt.label")}
        </label>
        <input
          id={inputId}
          className="pg-input"
          value={value}
          maxLength={USERNAME_MAX}
          placeholder={t("namePrompt.label")}
          autoComplete="nickname"
          aria-describedby={helpId}
          onChange={(e) => setValue(e.target.value)}
          data-testid="name-prompt-input"
        />
        <button
          type="submit"
          className="pg-btn pg-btn--primary"
          disabled={state.kind === "saving" || value.trim() === ""}
          data-testid="name-prompt-save"
        >
          {state.kind === "saving" ? t("namePrompt.saving") : t("namePrompt.save")}
        </button>
      </form>
      <p id={helpId} className="pg-help pg-name-prompt__help">
        {t("namePrompt.help")}
      </p>
      {state.kind === "error" ? (
        <p className="pg-alert pg-alert--error" role="alert">
          {state.text}
        </p>
      ) : null}
    </section>
  );
}
