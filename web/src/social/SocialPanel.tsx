import { useEffect, useRef, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { CloseIcon, UsersIcon } from "../icons/ui.tsx";
import { setSocialDrawer, totalUnread, useChatStore } from "../stores/chatStore.ts";
import { ChatBox } from "./ChatBox.tsx";
import { GroupList } from "./GroupList.tsx";
import { RoomPanel } from "./RoomPanel.tsx";
import { useSocketStatus } from "./useSocketStatus.ts";
import "../pages/pages.css";
import "./social.css";

/** At this width and above the group and chat sit in a column beside the game; below, in a drawer. */
export const SOCIAL_COLUMN_QUERY = "(min-width: 1440px)";
export const SOCIAL_BUTTON_ID = "pg-social-button";

function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (cb) => {
      if (typeof window.matchMedia !== "function") return () => {};
      const m = window.matchMedia(query);
      m.addEventListener("change", cb);
      return () => m.removeEventListener("change", cb);
    },
    () => typeof window.matchMedia === "function" && window.matchMedia(query).matches,
    () => false,
  );
}

/**
 * The room panel, the group list and the chat box beside the game (DESIGN §7): a column on wide screens,
 * a drawer with a Group and a Chat tab on phones and narrower desktops, opened by a button that shows the
 * unread count (at the sidebar's foot on a desktop, in the dock at the bottom of a phone's window); the drawer closes on Escape and on route change.
 */
export function SocialPanel() {
  const { t } = useTranslation("social");
  const column = useMedia(SOCIAL_COLUMN_QUERY);
  const open = useChatStore((s) => s.drawerOpen);
  const tab = useChatStore((s) => s.drawerTab);
  const unread = useChatStore(totalUnread);
  const closeRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const status = useSocketStatus();
  const shown = column || open;

  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger
  useEffect(() => setSocialDrawer(false), [pathname]);

  useEffect(() => {
    if (column || !open) return;
    closeRef.current?.focus({ preventScroll: true });
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setSocialDrawer(false);
      document.getElementById(SOCIAL_BUTTON_ID)?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [column, open]);

  return (
    <>
      {column ? null : (
        // the dock: on a phone a bar across the bottom of the window that the page ends above
        <div className="pg-dock" data-testid="dock">
          <button
            id={SOCIAL_BUTTON_ID}
            type="button"
            className="pg-social-fab"
            aria-expanded={open}
            aria-controls="pg-social"
            aria-label={unread ? t("panel.openUnread", { count: unread }) : t("panel.open")}
            onClick={() => setSocialDrawer(!open)}
            data-testid="social-open"
          >
            <UsersIcon size={22} />
            <span className="pg-social-fab__label" aria-hidden="true">
              {t("panel.open")}
            </span>
            {unread ? (
              <span className="pg-chat__unread" aria-hidden="true" data-testid="social-unread">
                {unread}
              </span>
            ) : null}
          </button>
        </div>
      )}
      {column ? null : (
        <button
          type="button"
          className="pg-social-backdrop"
          data-open={open}
          tabIndex={-1}
          aria-hidden="true"
          onClick={() => setSocialDrawer(false)}
        />
      )}
      <aside
        id="pg-social"
        className={column ? "pg-social pg-social--column" : "pg-social pg-social--drawer"}
        data-open={shown}
        data-tab={tab}
        aria-label={t("panel.label")}
        data-testid="social-panel"
      >
        {column ? null : (
          <div className="pg-social__head">
            <div className="pg-chat__tabs" role="tablist" aria-label={t("panel.label")}>
              {(["group", "chat"] as const).map((id) => (
                <button
                  key={id}
                  type="button"
                  role="tab"
                  aria-selected={tab === id}
                  className={tab === id ? "pg-tab is-active" : "pg-tab"}
                  onClick={() => setSocialDrawer(true, id)}
                  data-testid={`social-tab-${id}`}
                >
                  {t(id === "group" ? "panel.groupTab" : "panel.chatTab")}
                </button>
              ))}
            </div>
            <button
              ref={closeRef}
              type="button"
              className="pg-icon-btn"
              aria-label={t("panel.close")}
              onClick={() => setSocialDrawer(false)}
              data-testid="social-close"
            >
              <CloseIcon />
            </button>
          </div>
        )}
        {shown && status === "disconnected" ? (
          <p className="pg-alert pg-alert--warning" role="status" data-testid="socket-offline">
            {t("errors.disconnected")}
          </p>
        ) : null}
        {shown ? (
          <>
            <div className="pg-social__group">
              <RoomPanel />
              <GroupList />
            </div>
            <div className="pg-social__chat">
              <ChatBox visible={column || (open && tab === "chat")} />
            </div>
          </>
        ) : null}
      </aside>
    </>
  );
}
