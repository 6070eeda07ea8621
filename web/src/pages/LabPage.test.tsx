import { act, configure, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import "../i18n/index.ts";
import { clearPlayer, usePlayerStore } from "../stores/playerStore.ts";
import LabPage from "./LabPage.tsx";
import { buyLabNode, useLabBuyStore } from "./lab/labBuyStore.ts";
import { json, testPlayer } from "./ui/testing.ts";

// the whole web suite runs in parallel: leave async assertions some slack
configure({ asyncUtilTimeout: 4000 });

const MINING = "south:mining:unlock";
const GOLD = "east:utility:gold-pouch";

function renderLab() {
  return render(
    <MemoryRouter>
      <LabPage />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  useLabBuyStore.setState({ pending: {}, result: null });
});
afterEach(() => {
  clearPlayer();
  vi.unstubAllGlobals();
});

describe("LabPage", () => {
  it("draws the tree with intellect north of the root and the skill unlocks south", () => {
    testPlayer();
    renderLab();
    const top = (id: string) => Number.parseFloat(screen.getByTestId(`lab-node-${id}`).style.top);
    expect(top("north:intellect:unlock")).toBeLessThan(top("root"));
    expect(top(MINING)).toBeGreaterThan(top("root"));
    expect(screen.getByTestId(`lab-node-${MINING}`).getAttribute("data-tour")).toBe("lab-node-mining");
    expect(screen.getByTestId(`lab-node-${MINING}`).dataset.status).toBe("available");
    expect(screen.getByTestId("lab-node-south:smithing:unlock").dataset.status).toBe("locked");
  });

  it("buys optimistically and rolls back with 'Buy failed' when the server refuses", async () => {
    testPlayer({ lab: { rp: 60, earnedRpLifetime: 60, nodes: { root: { level: 1, boughtAt: 0 } } } });
    let answer!: (r: Response) => void;
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>((r) => (answer = r))),
    );
    renderLab();
    fireEvent.click(screen.getByTestId(`lab-node-${GOLD}`));
    fireEvent.click(screen.getByTestId("lab-buy"));
    // optimistic: owned and RP taken at once
    await waitFor(() => expect(screen.getByTestId(`lab-node-${GOLD}`).dataset.status).toBe("maxed"));
    expect(screen.getByTestId("lab-rp").textContent).toBe("10 RP");
    const p = usePlayerStore.getState().player!;
    await act(async () => {
      answer(
        json({
          success: false,
          error: "Server said no",
          lab: p.lab,
          featureFlags: p.featureFlags,
          modifiers: p.modifiers,
          updatedInventory: p.inventory,
          activeCharacter: p.activeCharacter,
        }),
      );
    });
    await waitFor(() => expect(screen.getByTestId("lab-error").textContent).toBe("Buy failed"));
    expect(screen.getByTestId(`lab-node-${GOLD}`).dataset.status).toBe("available");
    expect(screen.getByTestId("lab-rp").textContent).toBe("60 RP");
  });

  it("rolls back with 'Network error' when the call cannot be made", async () => {
    testPlayer({ lab: { rp: 60, earnedRpLifetime: 60, nodes: { root: { level: 1, boughtAt: 0 } } } });
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    renderLab();
    fireEvent.click(screen.getByTestId(`lab-node-${GOLD}`));
    fireEvent.click(screen.getByTestId("lab-buy"));
    await waitFor(() => expect(screen.getByTestId("lab-error").textContent).toBe("Network error"));
    expect(screen.getByTestId("lab-rp").textContent).toBe("60 RP");
  });

  it("says 'Cannot buy' without calling the server when the rules refuse, and 'No player' without a player", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    testPlayer(); // 0 RP
    renderLab();
    fireEvent.click(screen.getByTestId(`lab-node-${GOLD}`));
    fireEvent.click(screen.getByTestId("lab-buy"));
    await waitFor(() => expect(screen.getByTestId("lab-error").textContent).toBe("Cannot buy"));
    expect(fetch).not.toHaveBeenCalled();
    clearPlayer();
    await buyLabNode(GOLD);
    expect(useLabBuyStore.getState().result).toEqual({
      kind: "error",
      key: "shell:messages.noPlayer",
      nodeId: GOLD,
    });
  });

  it("keeps the server's answer on success (the free mining unlock)", async () => {
    const p = testPlayer();
    const lab = { ...p.lab, nodes: { ...p.lab.nodes, [MINING]: { level: 1, boughtAt: 5 } } };
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) =>
        url.includes("/api/lab/buy")
          ? json({
              success: true,
              lab,
              featureFlags: { ...p.featureFlags, mining: true },
              modifiers: {},
              updatedInventory: p.inventory,
              activeCharacter: "seed",
            })
          : json({ user: { ...p, lab, featureFlags: { ...p.featureFlags, mining: true } } }),
      ),
    );
    renderLab();
    fireEvent.click(screen.getByTestId(`lab-node-${MINING}`));
    expect(screen.getByTestId("lab-buy").getAttribute("data-tour")).toBe("lab-buy-mining");
    fireEvent.click(screen.getByTestId("lab-buy"));
    await waitFor(() => expect(screen.getByTestId("lab-success")).toBeTruthy());
    expect(usePlayerStore.getState().player?.featureFlags.mining).toBe(true);
    expect(screen.getByTestId(`lab-node-${MINING}`).dataset.status).toBe("maxed");
  });
});
