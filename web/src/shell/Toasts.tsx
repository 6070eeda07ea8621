import { useTranslation } from "react-i18next";
import { useShallow } from "zustand/react/shallow";
import { CloseIcon } from "../icons/ui.tsx";
import { dismissToast, useUiStore } from "../stores/uiStore.ts";

/** The messages raised as toasts; a polite live region so screen readers hear them. */
export function Toasts() {
  const { t } = useTranslation("shell");
  const toasts = useUiStore(useShallow((s) => s.messages.filter((m) => m.toast)));
  return (
    <ul className="pg-toasts" aria-live="polite" data-testid="toasts">
      {toasts.map((m) => (
        <li
          key={m.id}
          className={`pg-toast pg-toast--${m.tone}`}
          role={m.tone === "error" ? "alert" : undefined}
        >
          <p>{m.text}</p>
          <button
            type="button"
            className="pg-icon-btn"
            style={{ width: 28, height: 28 }}
            aria-label={t("dismiss")}
            onClick={() => dismissToast(m.id)}
          >
            <CloseIcon size={16} />
          </button>
        </li>
      ))}
    </ul>
  );
}
