import {
  CHAT_TEXT_MAX,
  type ChatMessageOut,
  type ChatType,
  labelText,
  shownName,
} from "@pickle-garden/shared";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useShallow } from "zustand/react/shallow";
import { formatClock } from "../format.ts";
import { useServerOffset } from "../pages/ui/clock.ts";
import { sendChat } from "../session/rooms.ts";
import { setChatTab, setChatVisible, unreadOf, useChatStore } from "../stores/chatStore.ts";
import { useRoomStore } from "../stores/roomStore.ts";
import { useUiStore } from "../stores/uiStore.ts";
import { useRoomMembers } from "./useRoomMembers.ts";
import { useSocketStatus } from "./useSocketStatus.ts";

const TABS: readonly ChatType[] = ["global", "party", "logs"];

/**
 * The chat box (DESIGN §7 Chat): global, party and logs tabs with unread counts, the last 50 messages,
 * the length limit shown while typing, the rate limit and socket errors as texts.
 */
export function ChatBox({ visible }: { visible: boolean }) {
  const { t } = useTranslation("social");
  const active = useChatStore((s) => s.active);
  const unread = useChatStore(useShallow((s) => TABS.map((tab) => unreadOf(s, tab))));
  const baseId = useId();

  useEffect(() => {
    setChatVisible(visible);
    return () => setChatVisible(false);
  }, [visible]);

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const i = TABS.indexOf(active);
    const next =
      e.key === "ArrowRight"
        ? TABS[(i + 1) % TABS.length]
        : e.key === "ArrowLeft"
          ? TABS.at(i - 1)
          : undefined;
    if (!next) return;
    e.preventDefault();
    setChatTab(next);
    document.getElementById(`${baseId}-tab-${next}`)?.focus();
  };

  return (
    <section
      className="pg-social__section pg-chat"
      aria-labelledby={`${baseId}-title`}
      data-testid="chat-box"
    >
      <h2 id={`${baseId}-title`} className="pg-social__title">
        {t("chat.title")}
      </h2>
      <div className="pg-chat__tabs" role="tablist" aria-label={t("chat.title")}>
        {TABS.map((tab, i) => (
          <button
            key={tab}
            id={`${baseId}-tab-${tab}`}
            type="button"
            role="tab"
            aria-selected={active === tab}
            aria-controls={`${baseId}-panel`}
            tabIndex={active === tab ? 0 : -1}
            className={active === tab ? "pg-tab is-active" : "pg-tab"}
            onClick={() => setChatTab(tab)}
            onKeyDown={onTabKey}
            data-testid={`chat-tab-${tab}`}
          >
            {t(`chat.tabs.${tab}`)}
            {unread[i] ? (
              <span className="pg-chat__unread" data-testid={`chat-unread-${tab}`}>
                <span aria-hidden="true">{unread[i]}</span>
                <span className="pg-sr-only">{t("chat.unread", { count: unread[i] })}</span>
              </span>
            ) : null}
          </button>
        ))}
      </div>
      <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-tab-${active}`}>
        {active === "logs" ? <LogLines /> : <TalkLines channel={active} />}
      </div>
      {active === "logs" ? null : <ChatInput channel={active} />}
    </section>
  );
}

/** Keeps a message list scrolled to its newest line. */
function useStickToBottom(dep: unknown) {
  const ref = useRef<HTMLOListElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll on every new line
  useEffect(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [dep]);
  return ref;
}

function TalkLines({ channel }: { channel: "global" | "party" }) {
  const { t } = useTranslation("social");
  const messages = useChatStore((s) => s.messages[channel]);
  const inRoom = useRoomStore((s) => s.roomId !== null);
  const ref = useStickToBottom(messages);
  const members = useRoomMembers();
  // a room member's line shows its room label (two guests of one name told apart), any other its name
  const who = (m: ChatMessageOut) => {
    const member = members.find((x) => x.player.discordId === m.discordId);
    return member ? labelText(member.label) : shownName(m.username, t("guestName"));
  };
  if (channel === "party" && !inRoom)
    return <p className="pg-muted pg-chat__empty">{t("chat.partyNeedsRoom")}</p>;
  return (
    <ol className="pg-chat__lines" ref={ref} aria-live="polite" data-testid={`chat-lines-${channel}`}>
      {messages.length === 0 ? <li className="pg-muted">{t("chat.empty")}</li> : null}
      {messages.map((m: ChatMessageOut) => (
        <li
          key={`${m.timestamp}-${m.discordId ?? m.username}-${m.text ?? m.notice}`}
          className={m.notice ? "pg-chat__line pg-chat__line--notice" : "pg-chat__line"}
        >
          <time className="pg-chat__time" dateTime={new Date(m.timestamp).toISOString()}>
            {formatClock(m.timestamp)}
          </time>{" "}
          <span className="pg-chat__who">{who(m)}</span>{" "}
          <span className="pg-chat__text">{m.notice ? t(`chat.notice.${m.notice}`) : m.text}</span>
        </li>
      ))}
    </ol>
  );
}

function LogLines() {
  const { t } = useTranslation("social");
  const messages = useUiStore(useShallow((s) => s.messages));
  const offset = useServerOffset();
  const ref = useStickToBottom(messages.length);
  return (
    <ol className="pg-chat__lines" ref={ref} aria-live="polite" data-testid="chat-lines-logs">
      {messages.length === 0 ? <li className="pg-muted">{t("chat.logsEmpty")}</li> : null}
      {messages.map((m) => (
        <li key={m.id} className={`pg-chat__line pg-log__item--${m.tone}`}>
          <time className="pg-chat__time" dateTime={new Date(m.at + offset).toISOString()}>
            {formatClock(m.at + offset)}
          </time>{" "}
          {m.text}
        </li>
      ))}
    </ol>
  );
}

function ChatInput({ channel }: { channel: "global" | "party" }) {
  const { t } = useTranslation("social");
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const error = useChatStore((s) => s.error);
  const inRoom = useRoomStore((s) => s.roomId !== null);
  const status = useSocketStatus();
  const inputId = useId();
  const disabled = status !== "connected" || (channel === "party" && !inRoom);
  const length = [...text].length;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = text.trim();
    if (!body || sending || disabled) return;
    setSending(true);
    if (await sendChat(body, channel)) setText("");
    setSending(false);
  };

  return (
    <form className="pg-chat__form" onSubmit={submit}>
      <label htmlFor={inputId} className="pg-sr-only">
        {t("chat.input")}
      </label>
      <div className="pg-row">
        <input
          id={inputId}
          className="pg-input pg-grow"
          value={text}
          maxLength={CHAT_TEXT_MAX}
          placeholder={t(`chat.placeholder.${channel}`)}
          disabled={disabled}
          autoComplete="off"
          aria-describedby={`${inputId}-count`}
          onChange={(e) => setText(e.target.value)}
          data-testid="chat-input"
        />
        <button
          type="submit"
          className="pg-btn pg-btn--primary pg-btn--small"
          disabled={disabled || sending || text.trim() === ""}
          data-testid="chat-send"
        >
          {t("chat.send")}
        </button>
      </div>
      <p
        id={`${inputId}-count`}
        className={length >= CHAT_TEXT_MAX ? "pg-help pg-help--error" : "pg-help"}
        data-testid="chat-count"
        hidden={length === 0}
      >
        {t("chat.count", { n: length, max: CHAT_TEXT_MAX })}
      </p>
      {error ? (
        <p className="pg-alert pg-alert--error" role="alert" data-testid="chat-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
