import { act, configure, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import "../../i18n/index.ts";
import { json } from "../../../testing/testPlayer.ts";
import { pollActivePanel, usePanelStore } from "../../stores/panelStore.ts";
import { setSession } from "../../stores/sessionStore.ts";
import { PanelOverlay } from "./PanelOverlay.tsx";

// the whole web suite runs in parallel: leave async assertions some slack
configure({ asyncUtilTimeout: 4000 });

const poll = (version: number, dismissible = true) => ({
  panel: {
    _id: "spring",
    version,
    type: "poll",
    title: `Spring vote v${version}`,
    body: "Which seed next?",
    dismissible,
    options: [
      { id: "tomato", label: "Tomato" },
      { id: "basil", label: "Basil" },
    ],
  },
  votes: { tomato: 2, basil: 1 },
});

let answer: unknown;
beforeEach(() => {
  usePanelStore.setState({ panel: null, votes: {}, closed: [], error: null });
  answer = poll(1);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith("/vote")) return json({ ok: true, votes: { tomato: 3, basil: 1 } });
      if (url.endsWith("/dismiss")) return json({ ok: true });
      expect(init?.cache).toBe("no-store");
      return json(answer);
    }),
  );
  setSession({ status: "authenticated", discordId: "guest-test" });
});
afterEach(() => {
  setSession({ status: "loading", discordId: null });
  vi.unstubAllGlobals();
});

describe("PanelOverlay", () => {
  it("closes on a vote and reappears when the version changes", async () => {
    render(<PanelOverlay />);
    await screen.findByText("Spring vote v1");
    expect(screen.getByText("2 votes")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Vote for Tomato" }));
    await waitFor(() => expect(screen.queryByTestId("panel-overlay")).toBeNull());
    // polled again: same version stays closed
    await act(() => pollActivePanel());
    expect(screen.queryByTestId("panel-overlay")).toBeNull();
    // the admin edits it: version 2 shows again
    answer = poll(2);
    await act(() => pollActivePanel());
    expect(await screen.findByText("Spring vote v2")).toBeTruthy();
  });

  it("offers dismiss only when dismissible, and polls when the tab becomes visible", async () => {
    answer = poll(1, false);
    render(<PanelOverlay />);
    await screen.findByText("Spring vote v1");
    expect(screen.queryByTestId("panel-dismiss")).toBeNull();
    answer = { ...poll(3, true), panel: { ...poll(3, true).panel, type: "message", options: [] } };
    await act(async () => {
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await screen.findByText("Spring vote v3");
    expect(screen.queryByRole("button", { name: /Vote for/ })).toBeNull();
    fireEvent.click(screen.getByTestId("panel-dismiss"));
    await waitFor(() => expect(screen.queryByTestId("panel-overlay")).toBeNull());
  });
});
