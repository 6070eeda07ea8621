import { CHAT_HISTORY, type ChatMessageOut } from "@pickle-garden/shared";
import { beforeEach, describe, expect, it } from "vitest";
import { resetStores } from "../../testing/resetStores.ts";
import {
  addChatMessage,
  clearPartyChat,
  countLogMessage,
  setChatHistory,
  setChatTab,
  setChatVisible,
  totalUnread,
  unreadOf,
  useChatStore,
} from "./chatStore.ts";

beforeEach(resetStores);

const msg = (type: ChatMessageOut["type"], text: string): ChatMessageOut => ({
  username: "Alice",
  text,
  type,
  timestamp: 1,
});
const unread = (tab: ChatMessageOut["type"]) => unreadOf(useChatStore.getState(), tab);

describe("chatStore", () => {
  it("keeps the last 50 messages of each channel", () => {
    for (let i = 0; i < CHAT_HISTORY + 5; i++) addChatMessage(msg("global", `m${i}`));
    addChatMessage(msg("party", "p"));
    const { messages } = useChatStore.getState();
    expect(messages.global).toHaveLength(CHAT_HISTORY);
    expect(messages.global[0]?.text).toBe("m5");
    expect(messages.party.map((m) => m.text)).toEqual(["p"]);
  });

  it("counts what arrives on a tab that is not on screen, until it is shown", () => {
    addChatMessage(msg("global", "a"));
    addChatMessage(msg("party", "b"));
    addChatMessage(msg("party", "c"));
    countLogMessage();
    expect([unread("global"), unread("party"), unread("logs")]).toEqual([1, 2, 1]);
    expect(totalUnread(useChatStore.getState())).toBe(3);
    // the global tab is active but the box is hidden: still unread
    setChatVisible(true);
    expect(unread("global")).toBe(0);
    addChatMessage(msg("global", "seen at once"));
    expect(unread("global")).toBe(0);
    setChatTab("party");
    expect(unread("party")).toBe(0);
    setChatVisible(false);
    addChatMessage(msg("party", "later"));
    expect(unread("party")).toBe(1);
    addChatMessage(msg("party", "my own line, or my joining notice"), true);
    expect(unread("party")).toBe(1);
  });

  it("replays history without unread counts; leaving empties the party tab", () => {
    setChatHistory("global", [msg("global", "old")]);
    setChatHistory("party:garden", [msg("party", "older")]);
    setChatHistory("somewhere", [msg("party", "ignored")]);
    expect(useChatStore.getState().messages.global.map((m) => m.text)).toEqual(["old"]);
    expect(useChatStore.getState().messages.party.map((m) => m.text)).toEqual(["older"]);
    expect(unread("global") + unread("party")).toBe(0);
    addChatMessage(msg("party", "new"));
    clearPartyChat();
    expect(useChatStore.getState().messages.party).toEqual([]);
    expect(unread("party")).toBe(0);
  });
});
