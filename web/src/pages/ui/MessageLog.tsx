import { useTranslation } from "react-i18next";
import { useShallow } from "zustand/react/shallow";
import { type UiMessage, useUiStore } from "../../stores/uiStore.ts";

export interface MessageLogProps {
  /** how many of the newest messages to show */
  limit?: number;
  /** only messages raised at or after this local time (a page's own log)… */
  since?: number;
  /** …and every message about the page's topic, whenever it came (the server's kept lines after a reload) */
  topic?: string;
  /** topics that are never this page's, however recent (another combat area's fight, settled as it ends) */
  otherTopic?: (topic: string) => boolean;
  testId?: string;
}

/** The spec's log texts (inventory, gathering and craft messages), newest first, in a polite live region. */
export function MessageLog({
  limit = 12,
  since = 0,
  topic,
  otherTopic,
  testId = "message-log",
}: MessageLogProps) {
  const { t } = useTranslation("pages");
  const messages = useUiStore(
    useShallow((s) =>
      s.messages
        .filter((m) =>
          topic !== undefined && m.topic === topic
            ? true
            : m.at >= since && !(m.topic !== undefined && otherTopic?.(m.topic)),
        )
        .slice(-limit)
        .reverse(),
    ),
  );
  return (
    <section className="pg-card pg-log" aria-labelledby={`${testId}-title`}>
      <h2 id={`${testId}-title`} className="pg-card__title">
        {t("common.log")}
      </h2>
      {/* a scrolling list must be reachable from the keyboard (WCAG 2.1.1; axe scrollable-region-focusable) */}
      <ul
        className="pg-log__list"
        aria-live="polite"
        aria-labelledby={`${testId}-title`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the list scrolls, so the keyboard must reach it
        tabIndex={0}
        data-testid={testId}
      >
        {messages.length === 0 ? <li className="pg-muted">{t("common.emptyLog")}</li> : null}
        {messages.map((m: UiMessage) => (
          <li key={m.id} className={`pg-log__item pg-log__item--${m.tone}`}>
            {m.text}
          </li>
        ))}
      </ul>
    </section>
  );
}
