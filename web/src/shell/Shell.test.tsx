import { act, configure, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { io } from "socket.io-client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { craftStoppedLine, playerView } from "../../testing/fixtures.ts";
import { type MockServer, mockServer } from "../../testing/mockServer.ts";
import { summary } from "../../testing/offlineFixture.ts";
import { resetStores } from "../../testing/resetStores.ts";
import { dispatchServerEvent } from "../api/serverEvents.ts";
import { resetOfflineController } from "../features/offline/OfflineModal.tsx";
import { resetTutorialAutoOpen } from "../features/tutorial/tutorialActions.ts";
import { useOfflineStore } from "../stores/offlineStore.ts";
import { setPlayer } from "../stores/playerStore.ts";
import { setSession } from "../stores/sessionStore.ts";
import { useUiStore } from "../stores/uiStore.ts";
import { Shell } from "./Shell.tsx";
import "../i18n/index.ts";

// the whole web suite runs in parallel: leave async assertions some slack
configure({ asyncUtilTimeout: 4000 });

let server: MockServer;
beforeEach(() => {
  resetStores();
  resetOfflineController();
  resetTutorialAutoOpen();
  useOfflineStore.setState({ status: "idle", summary: null, inventoryFull: false });
  vi.mocked(io).mockClear();
  server = mockServer();
  // a new player (no tutorial record), two hours of mining while away
  const user = playerView({ tutorial: null });
  server.on("GET /api/user/get-user", { user });
  server.on("GET /api/server-time", { now: Date.now() });
  server.on("GET /api/panels/active", { panel: null, votes: {} });
  server.on("POST /api/intents/tutorial", { ok: true });
  setSession({ status: "authenticated", discordId: user.discordId });
  setPlayer(user);
});
afterEach(() => {
  resetOfflineController();
  resetTutorialAutoOpen();
});

function renderShell() {
  return render(
    <MemoryRouter initialEntries={["/"]}>
      <Routes>
        <Route element={<Shell />}>
          <Route index element={<p>home page</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

const calls = (route: string) => server.calls.filter((c) => `${c.method} ${c.path}` === route);

describe("Shell start-up (spec §4 Offline)", () => {
  it("holds the socket, the tutorial and the panels until the offline modal closes", async () => {
    server.on("GET /api/user/sync-offline", summary());
    renderShell();
    expect(screen.getByText("home page")).toBeTruthy();
    await screen.findByTestId("offline-modal");
    // give anything that should not start a chance to do so
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(useOfflineStore.getState().status).toBe("open");
    expect(io).not.toHaveBeenCalled();
    expect(calls("POST /api/intents/tutorial")).toHaveLength(0);
    expect(calls("GET /api/panels/active")).toHaveLength(0);

    fireEvent.click(screen.getByTestId("offline-continue"));
    await waitFor(() => expect(io).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(calls("POST /api/intents/tutorial")).toHaveLength(1));
    expect(JSON.parse(calls("POST /api/intents/tutorial")[0]!.body)).toEqual({ action: "open" });
    await waitFor(() => expect(calls("GET /api/panels/active").length).toBeGreaterThan(0));
    expect(screen.queryByTestId("offline-modal")).toBeNull();
  });

  it("starts once the sync finds nothing to show, and a later sync does not stop it", async () => {
    server.on("GET /api/user/sync-offline", summary({ awaySince: null }));
    renderShell();
    await waitFor(() => expect(useOfflineStore.getState().status).toBe("done"));
    await waitFor(() => expect(io).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId("offline-modal")).toBeNull();
    // a return to the tab syncs again: the socket stays up, nothing starts twice
    act(() => useOfflineStore.setState({ status: "syncing" }));
    act(() => useOfflineStore.setState({ status: "done" }));
    expect(io).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(calls("POST /api/intents/tutorial")).toHaveLength(1));
  });

  it("logs the craft texts on any page, once per event", async () => {
    server.on("GET /api/user/sync-offline", summary({ awaySince: null }));
    renderShell();
    await waitFor(() => expect(io).toHaveBeenCalled());
    // the logs channel's line (a craftUpdate push is the slot's state, logged once through this line)
    act(() => dispatchServerEvent("chatMessage", craftStoppedLine("finished", 0)));
    act(() =>
      dispatchServerEvent("craftUpdate", {
        skill: "smithing",
        slotId: 0,
        itemId: 20001,
        remaining: 0,
        kind: "stopped",
        reason: "finished",
        message: "Slot 1 finished crafting all items.",
      }),
    );
    expect(useUiStore.getState().messages.map((m) => m.text)).toEqual([
      "Slot 1 finished crafting all items.",
    ]);
  });
});
