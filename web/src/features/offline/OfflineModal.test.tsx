import { act, configure, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../../i18n/index.ts";
import { summary } from "../../../testing/offlineFixture.ts";
import { json, testPlayer } from "../../../testing/testPlayer.ts";
import { useOfflineStore } from "../../stores/offlineStore.ts";
import { clearPlayer } from "../../stores/playerStore.ts";
import { setSession } from "../../stores/sessionStore.ts";
import { OfflineModal, resetOfflineController } from "./OfflineModal.tsx";

// the whole web suite runs in parallel: leave async assertions some slack
configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  resetOfflineController();
  clearPlayer();
  setSession({ discordId: null, status: "loading" });
  useOfflineStore.setState({ status: "idle", summary: null, inventoryFull: false });
  vi.unstubAllGlobals();
});

describe("OfflineModal", () => {
  it("calls sync-offline with credentials, no cache and keepalive, and shows the gains and warnings", async () => {
    const fetch = vi.fn(async (url: string) =>
      url.includes("sync-offline")
        ? json(
            summary({
              gathering: { ...summary().gathering!, lost: 12 },
              lostItems: [{ id: 10002, quantity: 12 }],
              craftStoppedForInventory: true,
            }),
          )
        : json({ success: true, results: [], inventory: [], slots: [] }),
    );
    vi.stubGlobal("fetch", fetch);
    testPlayer({ inventory: [{ id: 10001, stack: 500 }], inv_size: 1 });
    setSession({ discordId: "guest-test", status: "authenticated" });
    render(<OfflineModal />);
    await screen.findByTestId("offline-modal");
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/user/sync-offline");
    expect(init.credentials).toBe("include");
    expect(init.cache).toBe("no-store");
    expect(init.keepalive).toBe(true);
    // what was lost and why, said once (the full inventory is that same why: no second warning)
    expect(screen.getByTestId("offline-lost").textContent).toBe(
      "Lost while you were away: 12 × Clay. Each kind of item needs a slot of its own, and your inventory had none free. Sell or discard something, or buy a slot, to keep them next time.",
    );
    expect(screen.getAllByRole("alert").filter((a) => /lost|full/i.test(a.textContent ?? ""))).toHaveLength(
      1,
    );
    expect(screen.getByTestId("offline-craft-stopped")).toBeTruthy();
    expect(screen.queryByTestId("offline-full")).toBeNull();
    // levels gained per skill, from → to, with a bar: mining at level 5 with 700 xp, 160 of them while away (540 was level 4)
    const mining = screen.getByTestId("offline-level-mining");
    expect(mining.textContent).toContain("Mining 4 → 5");
    expect(mining.querySelector('[role="progressbar"]')).toBeTruthy();
    // no cancel request from the page: the server cancels crafting itself
    expect(fetch.mock.calls.every(([u]) => String(u).includes("sync-offline"))).toBe(true);
    expect(screen.getByTestId("offline-gathering").textContent).toContain("Mining at Garden");
    expect(screen.getByTestId("offline-gathering").textContent).toContain("40 × Dirt");
    expect(screen.getByTestId("offline-gathering").querySelector("svg")).toBeTruthy();
    expect(screen.getByText("You were away for 2 hours.")).toBeTruthy();
    fireEvent.click(screen.getByTestId("offline-continue"));
    await waitFor(() => expect(screen.queryByTestId("offline-modal")).toBeNull());
    expect(useOfflineStore.getState().status).toBe("done");
    // closing fetches nothing: the socket it starts pushes the player's view
    expect(fetch.mock.calls.map(([u]) => String(u))).toEqual(["/api/user/sync-offline"]);
  });

  it("warns only about what happened: nothing lost and no crafting shows no warning and no crafting text", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(summary())),
    );
    testPlayer();
    setSession({ discordId: "guest-test", status: "authenticated" });
    render(<OfflineModal />);
    const modal = await screen.findByTestId("offline-modal");
    expect(screen.queryByTestId("offline-lost")).toBeNull();
    expect(screen.queryByTestId("offline-craft-stopped")).toBeNull();
    expect(screen.queryByTestId("offline-full")).toBeNull();
    expect(screen.queryByTestId("offline-crafting")).toBeNull();
    expect(modal.textContent).not.toMatch(/craft|lost/i);
    expect(screen.getByTestId("offline-level-mining").textContent).toContain("Mining 4 → 5");
  });

  it("runs again only after the tab was hidden 2 s or more", async () => {
    const fetch = vi.fn(async (_url: string) => json(summary()));
    vi.stubGlobal("fetch", fetch);
    testPlayer();
    setSession({ discordId: "guest-test", status: "authenticated" });
    render(<OfflineModal />);
    await screen.findByTestId("offline-modal");
    fireEvent.click(screen.getByTestId("offline-continue"));
    const syncCalls = () =>
      fetch.mock.calls.filter((c) => String((c as unknown[])[0]).includes("sync-offline")).length;
    expect(syncCalls()).toBe(1);

    const realNow = Date.now;
    let now = realNow();
    vi.spyOn(Date, "now").mockImplementation(() => now);
    const setVisibility = (v: DocumentVisibilityState) => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => v });
      document.dispatchEvent(new Event("visibilitychange"));
    };
    await act(async () => {
      setVisibility("hidden");
      now += 3000;
      setVisibility("visible");
    });
    await screen.findByTestId("offline-modal");
    expect(syncCalls()).toBe(2);
  });

  it("runs for the loaded player when the session is a bearer token (Discord activity, no session id)", async () => {
    const fetch = vi.fn(async (_url: string) => json(summary({ awaySince: null })));
    vi.stubGlobal("fetch", fetch);
    testPlayer();
    setSession({ discordId: null, status: "authenticated", transport: "token" });
    render(<OfflineModal />);
    await waitFor(() => expect(useOfflineStore.getState().status).toBe("done"));
    expect(String(fetch.mock.calls[0]?.[0])).toContain("sync-offline");
    setSession({ transport: "cookie" });
  });
});
