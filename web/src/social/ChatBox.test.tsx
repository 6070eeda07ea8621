import { CHAT_TEXT_MAX, ERROR_CODES } from "@pickle-garden/shared";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { fakeSocket } from "../../testing/fakeSocket.ts";
import { resetStores } from "../../testing/resetStores.ts";
import { dispatchServerEvent } from "../api/serverEvents.ts";
import { startRoomSync } from "../session/rooms.ts";
import { addChatMessage, useChatStore } from "../stores/chatStore.ts";
import { setRoom } from "../stores/roomStore.ts";
import { pushMessage } from "../stores/uiStore.ts";
import { ChatBox } from "./ChatBox.tsx";
import "../i18n/index.ts";

beforeEach(resetStores);

const party = (text: string) => ({
  username: "Bob",
  text,
  type: "party" as const,
  timestamp: 1_700_000_000_000,
});

describe("ChatBox", () => {
  it("shows unread counts on the tabs not on screen and clears them when opened", () => {
    const stop = startRoomSync(); // counts the log's messages
    render(<ChatBox visible />);
    act(() => {
      addChatMessage(party("one"));
      addChatMessage(party("two"));
      pushMessage("+3 Dirt", "info", false);
    });
    expect(screen.getByTestId("chat-unread-party").textContent).toContain("2");
    expect(screen.getByTestId("chat-unread-logs").textContent).toContain("1");
    expect(screen.queryByTestId("chat-unread-global")).toBeNull();
    fireEvent.click(screen.getByTestId("chat-tab-party"));
    expect(screen.queryByTestId("chat-unread-party")).toBeNull();
    fireEvent.click(screen.getByTestId("chat-tab-logs"));
    expect(screen.getByTestId("chat-lines-logs").textContent).toContain("+3 Dirt");
    expect(screen.queryByTestId("chat-input")).toBeNull();
    stop();
  });

  it("writes the server's join and leave notices in the player's language, apart from what players say", async () => {
    const { i18n } = await import("../i18n/index.ts");
    const stop = startRoomSync();
    setRoom("garden-club");
    render(<ChatBox visible />);
    fireEvent.click(screen.getByTestId("chat-tab-party"));
    const notice = (notice: "joined" | "left", timestamp: number) =>
      dispatchServerEvent("chatMessage", {
        username: "Bob",
        notice,
        type: "party",
        timestamp,
        roomId: "garden-club",
        discordId: "bob",
      });
    act(() => {
      notice("joined", 1_700_000_000_000);
      addChatMessage(party("hello"));
      notice("left", 1_700_000_001_000);
    });
    const lines = () =>
      [...screen.getByTestId("chat-lines-party").querySelectorAll("li")].map((li) =>
        li.textContent?.replace(/^\S+ /, ""),
      );
    expect(lines()).toEqual(["Bob joined the group", "Bob hello", "Bob left the group"]);
    expect(screen.getAllByText("joined the group")[0]?.closest("li")?.className).toContain("--notice");
    await act(() => i18n.changeLanguage("fr"));
    try {
      expect(lines()).toEqual(["Bob a rejoint le groupe", "Bob hello", "Bob a quitté le groupe"]);
    } finally {
      await act(() => i18n.changeLanguage("en"));
      stop();
    }
  });

  it("moves between tabs with the arrow keys", () => {
    render(<ChatBox visible />);
    fireEvent.keyDown(screen.getByTestId("chat-tab-global"), { key: "ArrowRight" });
    expect(screen.getByTestId("chat-tab-party").getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(screen.getByTestId("chat-tab-party"));
    fireEvent.keyDown(screen.getByTestId("chat-tab-party"), { key: "ArrowLeft" });
    fireEvent.keyDown(screen.getByTestId("chat-tab-global"), { key: "ArrowLeft" });
    expect(useChatStore.getState().active).toBe("logs");
  });

  it("shows the length limit while typing and sends on Enter", async () => {
    const socket = await fakeSocket({ connected: true });
    render(<ChatBox visible />);
    const input = screen.getByTestId("chat-input") as HTMLInputElement;
    expect(input.maxLength).toBe(CHAT_TEXT_MAX);
    expect(screen.getByTestId("chat-count").hidden).toBe(true);
    fireEvent.change(input, { target: { value: "hello" } });
    expect(screen.getByTestId("chat-count").textContent).toBe(`5 / ${CHAT_TEXT_MAX}`);
    expect(screen.getByTestId("chat-count").hidden).toBe(false);
    await act(async () => {
      fireEvent.submit(input.form as HTMLFormElement);
    });
    expect(socket.emitted("chatMessage")).toEqual([{ text: "hello", type: "global" }]);
    expect(input.value).toBe("");
  });

  it("says plainly when messages are rate limited, and keeps the text", async () => {
    const socket = await fakeSocket({ connected: true });
    socket.answer("chatMessage", () => ({ ok: false, error: "too fast", code: ERROR_CODES.rateLimited }));
    render(<ChatBox visible />);
    const input = screen.getByTestId("chat-input") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "spam" } });
    await act(async () => {
      fireEvent.submit(input.form as HTMLFormElement);
    });
    expect(screen.getByRole("alert").textContent).toBe(
      "You are sending messages too fast. Wait a few seconds, then try again.",
    );
    expect(input.value).toBe("spam");
  });

  it("party chat needs a room; a lost connection disables sending", async () => {
    const socket = await fakeSocket({ connected: true });
    render(<ChatBox visible />);
    fireEvent.click(screen.getByTestId("chat-tab-party"));
    expect(screen.getByText("Join a room to talk with your group.")).toBeTruthy();
    expect((screen.getByTestId("chat-input") as HTMLInputElement).disabled).toBe(true);
    act(() => setRoom("garden-club"));
    expect((screen.getByTestId("chat-input") as HTMLInputElement).disabled).toBe(false);
    act(() => socket.status("disconnect"));
    expect((screen.getByTestId("chat-input") as HTMLInputElement).disabled).toBe(true);
  });
});
