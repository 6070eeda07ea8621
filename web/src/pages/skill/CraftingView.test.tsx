import { configure, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../../i18n/index.ts";
import { clearPlayer, usePlayerStore } from "../../stores/playerStore.ts";
import { clearMessages, useUiStore } from "../../stores/uiStore.ts";
import { json, testPlayer } from "../ui/testing.ts";
import { CraftingView } from "./CraftingView.tsx";

// the whole web suite runs in parallel: leave async assertions some slack
configure({ asyncUtilTimeout: 4000 });

const flags = { smithing: true, "smithing:slot:1": true, "smithing:slot:2": true };
const idle = { currentItem: null, startTime: 0, remaining: 0 };

afterEach(() => {
  clearPlayer();
  clearMessages();
  vi.unstubAllGlobals();
});

function renderView() {
  return render(
    <MemoryRouter>
      <CraftingView skill="smithing" />
    </MemoryRouter>,
  );
}

describe("CraftingView", () => {
  it("shows every unlocked slot and names the locked ones", () => {
    const p = testPlayer();
    testPlayer({ featureFlags: { ...p.featureFlags, ...flags } });
    renderView();
    expect(screen.getByTestId("craft-start-1")).toBeTruthy();
    expect(screen.getByTestId("craft-start-2")).toBeTruthy();
    expect(screen.getByTestId("craft-slot-3").textContent).toContain(
      "Slot 3 is locked. Unlock it in the lab.",
    );
  });

  it("crafts through the server and shows the spec's text when it refuses", async () => {
    const p = testPlayer();
    testPlayer({ featureFlags: { ...p.featureFlags, ...flags } });
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === "/api/user/craft") {
        expect(JSON.parse(String(init?.body))).toEqual({
          craftingSkill: "smithing",
          itemId: 20001,
          slotId: 1,
          quantity: 3,
        });
        return json({
          error: "Not enough of Dirt",
          inventory: p.inventory,
          remaining: 0,
          lastUpdate: 1,
          slots: [idle, idle, idle, idle],
        });
      }
      return json({ user: usePlayerStore.getState().player });
    });
    vi.stubGlobal("fetch", fetch);
    renderView();
    fireEvent.change(screen.getByTestId("craft-qty-2"), { target: { value: "3" } });
    fireEvent.click(screen.getByTestId("craft-start-2"));
    await waitFor(() =>
      expect(useUiStore.getState().messages.map((m) => m.text)).toContain(
        "❌ Crafting Dirt Brick in Smithing slot 2 cancelled: Not enough of Dirt",
      ),
    );
    expect(screen.getByTestId("craft-log").textContent).toContain("Not enough of Dirt");
  });

  it("shows a running slot's item and batch progress and cancels it", async () => {
    const p = testPlayer();
    testPlayer({
      featureFlags: { ...p.featureFlags, ...flags },
      smithingSlots: [{ currentItem: 20001, startTime: Date.now(), remaining: 2 }, idle, idle, idle],
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) =>
        url === "/api/user/cancel-craft"
          ? json({ success: true, updatedSlotId: 0, inventory: p.inventory, slots: [idle, idle, idle, idle] })
          : json({ user: usePlayerStore.getState().player }),
      ),
    );
    renderView();
    expect(screen.getByText("2 remaining")).toBeTruthy();
    const batch = screen.getByTestId("craft-batch-progress-1");
    expect(batch.getAttribute("role")).toBe("progressbar");
    expect(batch.getAttribute("aria-valuemax")).toBe("2");
    expect(screen.getByTestId("craft-item-progress-1").getAttribute("role")).toBe("progressbar");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() =>
      expect(useUiStore.getState().messages.map((m) => m.text)).toContain(
        "Dirt Brick Smithing in slot 1 cancelled → (none)",
      ),
    );
    await waitFor(() => expect(screen.getByTestId("craft-start-1")).toBeTruthy());
  });
});
