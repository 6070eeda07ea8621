import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { fakeSocket } from "../../testing/fakeSocket.ts";
import { playerView } from "../../testing/fixtures.ts";
import { resetStores } from "../../testing/resetStores.ts";
import { addChatMessage } from "../stores/chatStore.ts";
import { setPlayer } from "../stores/playerStore.ts";
import { SocialPanel } from "./SocialPanel.tsx";
import "../i18n/index.ts";

beforeEach(resetStores);

describe("SocialPanel on a phone (a drawer)", () => {
  it("opens from the floating button with the unread count, has Room and Chat tabs, closes on Escape", () => {
    setPlayer(playerView());
    render(
      <MemoryRouter>
        <SocialPanel />
      </MemoryRouter>,
    );
    const fab = screen.getByTestId("social-open");
    expect(fab.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByTestId("chat-box")).toBeNull();
    act(() => addChatMessage({ username: "Bob", text: "hi", type: "global", timestamp: 1 }));
    expect(screen.getByTestId("social-unread").textContent).toBe("1");
    expect(fab.getAttribute("aria-label")).toBe("Group and chat, 1 unread message");

    fireEvent.click(fab);
    expect(screen.getByTestId("social-panel").getAttribute("data-open")).toBe("true");
    expect(document.activeElement).toBe(screen.getByTestId("social-close"));
    expect(screen.getByTestId("room-panel")).toBeTruthy();
    // the chat is on screen only on its tab: then the message counts as read
    expect(screen.getByTestId("social-unread").textContent).toBe("1");
    fireEvent.click(screen.getByTestId("social-tab-chat"));
    expect(screen.getByTestId("social-panel").getAttribute("data-tab")).toBe("chat");
    expect(screen.queryByTestId("social-unread")).toBeNull();

    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.getByTestId("social-panel").getAttribute("data-open")).toBe("false");
    expect(document.activeElement).toBe(fab);
  });

  it("says once, above the room and the chat, when the connection is lost", async () => {
    setPlayer(playerView());
    const socket = await fakeSocket({ connected: true });
    render(
      <MemoryRouter>
        <SocialPanel />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByTestId("social-open"));
    expect(screen.queryByTestId("socket-offline")).toBeNull();
    act(() => socket.status("disconnect"));
    expect(screen.getByTestId("socket-offline").textContent).toBe(
      "Connection lost (socket has been disconnected). Reconnecting…",
    );
    act(() => socket.status("connect"));
    expect(screen.queryByTestId("socket-offline")).toBeNull();
  });
});
