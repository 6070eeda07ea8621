import { CHAT_HISTORY, type ChatMessageOut, type ChatType } from "@pickle-garden/shared";
import { create } from "zustand";

/**
 * The chat box (DESIGN §7 Chat): the global and party channels as the server sends them, the last
 * CHAT_HISTORY of each; the logs channel is the shell's message log (uiStore). Unread counts are
 * what arrived on a tab while it was not on screen.
 */
export type TalkChannel = Exclude<ChatType, "logs">;

export interface ChatState {
  messages: Record<TalkChannel, ChatMessageOut[]>;
  /** messages received per tab since the page loaded, and how many of them were seen */
  received: Record<ChatType, number>;
  seen: Record<ChatType, number>;
  active: ChatType;
  /** the chat box is on screen (the desktop column, or the open phone drawer on its chat tab) */
  visible: boolean;
  /** the phone / narrow-screen drawer with the group list and the chat */
  drawerOpen: boolean;
  drawerTab: "group" | "chat";
  /** the last failed send, in the player's language */
  error: string | null;
}

const zero = (): Record<ChatType, number> => ({ global: 0, party: 0, logs: 0 });

export const initialChatState = (): ChatState => ({
  messages: { global: [], party: [] },
  received: zero(),
  seen: zero(),
  active: "global",
  visible: false,
  drawerOpen: false,
  drawerTab: "group",
  error: null,
});

export const useChatStore = create<ChatState>()(initialChatState);

function onScreen(s: ChatState, tab: ChatType): boolean {
  return s.visible && s.active === tab;
}

/** A chatMessage from the server; the player's own lines and a tab on screen count it as seen. */
export function addChatMessage(message: ChatMessageOut, own = false): void {
  if (message.type === "logs") return;
  const channel: TalkChannel = message.type;
  useChatStore.setState((s) => {
    const received = { ...s.received, [channel]: s.received[channel] + 1 };
    const seen = onScreen(s, channel) ? received[channel] : s.seen[channel] + (own ? 1 : 0);
    return {
      messages: { ...s.messages, [channel]: [...s.messages[channel], message].slice(-CHAT_HISTORY) },
      received,
      seen: { ...s.seen, [channel]: seen },
    };
  });
}

/** The history the server replays: 'global' on connect, 'party:<roomId>' on joining; nothing counts as unread. */
export function setChatHistory(channel: string, messages: readonly ChatMessageOut[]): void {
  const talk: TalkChannel | null =
    channel === "global" ? "global" : channel.startsWith("party:") ? "party" : null;
  if (!talk) return;
  useChatStore.setState((s) => ({ messages: { ...s.messages, [talk]: messages.slice(-CHAT_HISTORY) } }));
}

/** Leaving a room empties the party tab. */
export function clearPartyChat(): void {
  useChatStore.setState((s) => ({
    messages: { ...s.messages, party: [] },
    seen: { ...s.seen, party: s.received.party },
  }));
}

/** A game message reached the log (logs tab). */
export function countLogMessage(): void {
  useChatStore.setState((s) => {
    const received = { ...s.received, logs: s.received.logs + 1 };
    return { received, seen: onScreen(s, "logs") ? { ...s.seen, logs: received.logs } : s.seen };
  });
}

function markSeen(s: ChatState): Partial<ChatState> {
  return onScreen(s, s.active) ? { seen: { ...s.seen, [s.active]: s.received[s.active] } } : {};
}

export function setChatTab(active: ChatType): void {
  useChatStore.setState((s) => {
    const next = { ...s, active, error: null };
    return { active, error: null, ...markSeen(next) };
  });
}

export function setChatVisible(visible: boolean): void {
  useChatStore.setState((s) => ({ visible, ...markSeen({ ...s, visible }) }));
}

export function setChatError(error: string | null): void {
  useChatStore.setState({ error });
}

export function setSocialDrawer(open: boolean, tab?: ChatState["drawerTab"]): void {
  useChatStore.setState((s) => ({ drawerOpen: open, drawerTab: tab ?? s.drawerTab }));
}

export const unreadOf = (s: ChatState, tab: ChatType): number => s.received[tab] - s.seen[tab];
export const totalUnread = (s: ChatState): number => unreadOf(s, "global") + unreadOf(s, "party");
