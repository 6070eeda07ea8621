import { cleanup, configure, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../../i18n/index.ts";
import { craftStoppedLine } from "../../../testing/fixtures.ts";
import { json, testPlayer } from "../../../testing/testPlayer.ts";
import { dispatchServerEvent } from "../../api/serverEvents.ts";
import { startRoomSync } from "../../session/rooms.ts";
import { clearPlayer, setPlayer, usePlayerStore } from "../../stores/playerStore.ts";
import { clearMessages, useUiStore } from "../../stores/uiStore.ts";
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

  it("one request per intent: a refused craft shows its code's text, nothing else is called", async () => {
    const p = testPlayer();
    testPlayer({ featureFlags: { ...p.featureFlags, ...flags } });
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      expect(url).toBe("/api/intents/craft");
      expect(JSON.parse(String(init?.body))).toEqual({
        craftingSkill: "smithing",
        itemId: 20001,
        slotId: 1,
        quantity: 3,
      });
      return json({ ok: false, error: "not enough of Dirt", code: "craft/not_enough_materials" }, 422);
    });
    vi.stubGlobal("fetch", fetch);
    renderView();
    fireEvent.change(screen.getByTestId("craft-qty-2"), { target: { value: "3" } });
    fireEvent.click(screen.getByTestId("craft-start-2"));
    await waitFor(() =>
      expect(screen.getByTestId("craft-log").textContent).toContain("Not enough materials for Dirt Brick."),
    );
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("a started craft is one request; the batch reads from the server's slot, so a reload keeps 1/3", async () => {
    const p = testPlayer();
    const started = testPlayer({ featureFlags: { ...p.featureFlags, ...flags } });
    const running = { currentItem: 20001, startTime: Date.now(), remaining: 3, total: 3 };
    // the server pushes the slots over the socket (playerPatch), then answers { ok }
    const fetch = vi.fn(async () => {
      setPlayer({ ...started, smithingSlots: [running, idle, idle, idle] });
      return json({ ok: true });
    });
    vi.stubGlobal("fetch", fetch);
    const view = renderView();
    fireEvent.change(screen.getByTestId("craft-qty-1"), { target: { value: "3" } });
    fireEvent.click(screen.getByTestId("craft-start-1"));
    await waitFor(() => expect(screen.getByTestId("craft-batch-progress-1").textContent).toContain("0/3"));
    expect(fetch).toHaveBeenCalledTimes(1);
    // a reload: a fresh page from the server's player, one craft done
    view.unmount();
    clearPlayer();
    testPlayer({
      featureFlags: { ...p.featureFlags, ...flags },
      smithingSlots: [{ ...running, remaining: 2 }, idle, idle, idle],
    });
    renderView();
    expect(screen.getByTestId("craft-batch-progress-1").textContent).toContain("1/3");
  });

  it("shows a running slot's item and batch progress; a cancel is one request and logged as information", async () => {
    const p = testPlayer();
    testPlayer({
      featureFlags: { ...p.featureFlags, ...flags },
      smithingSlots: [
        { currentItem: 20001, startTime: Date.now(), remaining: 2, total: 3 },
        idle,
        idle,
        idle,
      ],
    });
    const fetch = vi.fn(async (url: string) => {
      expect(url).toBe("/api/intents/cancelCraft");
      const player = usePlayerStore.getState().player!;
      setPlayer({ ...player, smithingSlots: [idle, idle, idle, idle] });
      return json({ ok: true });
    });
    vi.stubGlobal("fetch", fetch);
    const off = startRoomSync();
    renderView();
    expect(screen.getByText("2 remaining")).toBeTruthy();
    const batch = screen.getByTestId("craft-batch-progress-1");
    expect(batch.getAttribute("role")).toBe("progressbar");
    expect(batch.getAttribute("aria-valuemax")).toBe("3");
    expect(batch.textContent).toContain("1/3");
    expect(screen.getByTestId("craft-item-progress-1").getAttribute("role")).toBe("progressbar");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.getByTestId("craft-start-1")).toBeTruthy());
    // the server's logs line for the cancel
    dispatchServerEvent("chatMessage", craftStoppedLine("cancelled", 2));
    off();
    await waitFor(() =>
      expect(screen.getByTestId("craft-log").textContent).toContain(
        "Cancelled Dirt Brick in Smithing slot 1",
      ),
    );
    expect(screen.getByTestId("craft-log").textContent).not.toMatch(/error|❌/i);
    expect(useUiStore.getState().messages.every((m) => m.tone !== "error")).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("two busy slots offer 'Cancel all', one intent for the skill; the slots come back by the socket", async () => {
    const p = testPlayer();
    const running = { currentItem: 20001, startTime: Date.now(), remaining: 2, total: 3 };
    testPlayer({
      featureFlags: { ...p.featureFlags, ...flags },
      smithingSlots: [running, running, idle, idle],
    });
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      expect(url).toBe("/api/intents/cancelAllCrafts");
      expect(JSON.parse(String(init?.body))).toEqual({ craftingSkill: "smithing" });
      const player = usePlayerStore.getState().player!;
      setPlayer({ ...player, smithingSlots: [idle, idle, idle, idle] });
      return json({ ok: true });
    });
    vi.stubGlobal("fetch", fetch);
    renderView();
    fireEvent.click(screen.getByRole("button", { name: "Cancel all 2 crafts" }));
    await waitFor(() => expect(screen.queryByTestId("craft-cancel-all")).toBeNull());
    expect(screen.getByTestId("craft-start-1")).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("a batch needs one craft's materials to start (the rule's check): a short batch is not refused here", () => {
    const p = testPlayer();
    const oneDirt = p.inventory.map((e, i) => (i === 0 ? { id: 10001, stack: 1 } : e));
    testPlayer({ featureFlags: { ...p.featureFlags, ...flags }, inventory: oneDirt });
    renderView();
    fireEvent.change(screen.getByTestId("craft-item-1"), { target: { value: "20001" } });
    fireEvent.change(screen.getByTestId("craft-qty-1"), { target: { value: "3" } });
    const form = screen.getByTestId("craft-start-1").closest("form") as HTMLElement;
    // the whole batch's needs are shown, the first craft can start: no warning
    expect(form.textContent).toContain("3 × Dirt");
    expect(form.textContent).not.toContain("Not enough materials.");

    cleanup();
    testPlayer({ featureFlags: { ...p.featureFlags, ...flags } });
    renderView();
    fireEvent.change(screen.getByTestId("craft-item-1"), { target: { value: "20001" } });
    const empty = screen.getByTestId("craft-start-1").closest("form") as HTMLElement;
    expect(empty.textContent).toContain("Not enough materials.");
  });
});
