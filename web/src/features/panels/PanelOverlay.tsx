import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import {
  dismissPanel,
  startPanelPolling,
  usePanelStore,
  visiblePanel,
  votePanel,
} from "../../stores/panelStore.ts";
import { useSessionStore } from "../../stores/sessionStore.ts";
import "../features.css";

/** The active announcement or poll; dismiss and vote only when allowed (dismissible, poll). */
export function PanelOverlay() {
  const { t } = useTranslation("pages");
  const signedIn = useSessionStore((s) => s.status === "authenticated");
  const panel = usePanelStore(visiblePanel);
  const votes = usePanelStore((s) => s.votes);
  const error = usePanelStore((s) => s.error);

  useEffect(() => (signedIn ? startPanelPolling() : undefined), [signedIn]);

  if (!panel) return null;
  const total = Object.values(votes).reduce((a, b) => a + b, 0);
  return (
    <aside
      className="pg-panel"
      role="dialog"
      aria-labelledby="panel-title"
      data-testid="panel-overlay"
      data-panel-version={panel.version}
    >
      <p className="pg-panel__kind">{panel.type === "poll" ? t("panel.poll") : t("panel.announcement")}</p>
      <h2 id="panel-title" className="pg-panel__title">
        {panel.title}
      </h2>
      {panel.body ? <p className="pg-panel__body">{panel.body}</p> : null}
      {panel.type === "poll" && panel.options.length > 0 ? (
        <ul className="pg-panel__options">
          {panel.options.map((o) => {
            const n = votes[o.id] ?? 0;
            return (
              <li key={o.id}>
                <button
                  type="button"
                  className="pg-btn pg-panel__option"
                  aria-label={t("panel.voteFor", { option: o.label })}
                  data-testid={`panel-vote-${o.id}`}
                  onClick={() => void votePanel(o.id)}
                >
                  <span>{o.label}</span>
                  <span className="pg-muted">{t("panel.votes", { count: n })}</span>
                  {total > 0 ? (
                    <span
                      className="pg-panel__share"
                      style={{ width: `${(n / total) * 100}%` }}
                      aria-hidden="true"
                    />
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {error ? (
        <p role="alert" className="pg-warning">
          {t("panel.voteFailed", { error })}
        </p>
      ) : null}
      {panel.dismissible ? (
        <button
          type="button"
          className="pg-btn pg-btn--ghost"
          onClick={() => void dismissPanel()}
          data-testid="panel-dismiss"
        >
          {t("shell:dismiss")}
        </button>
      ) : null}
    </aside>
  );
}
