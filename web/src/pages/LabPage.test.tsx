import { act, configure, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import "../i18n/index.ts";
import { json, testPlayer } from "../../testing/testPlayer.ts";
import { buyLabNode } from "../calls/labActions.ts";
import { useLabBuyStore } from "../stores/labBuyStore.ts";
import { clearPlayer, setPlayer, usePlayerStore } from "../stores/playerStore.ts";
import LabPage from "./LabPage.tsx";

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
    await act(async () => {
      // the server's refusal: a 422 with a code this client has no words for
      answer(json({ ok: false, code: "lab/unheard_of", error: "Server said no" }, 422));
    });
    await waitFor(() => expect(screen.getByTestId("lab-error").textContent).toBe("Buy failed"));
    expect(screen.getByTestId(`lab-node-${GOLD}`).dataset.status).toBe("available");
    expect(screen.getByTestId("lab-rp").textContent).toBe("60 RP");
  });

  it("reads a refusal by its rule code, never by the server's English text", async () => {
    testPlayer({ lab: { rp: 60, earnedRpLifetime: 60, nodes: { root: { level: 1, boughtAt: 0 } } } });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        json({ ok: false, code: "lab/cannot_buy", error: "Something only the server says" }, 422),
      ),
    );
    renderLab();
    fireEvent.click(screen.getByTestId(`lab-node-${GOLD}`));
    fireEvent.click(screen.getByTestId("lab-buy"));
    await waitFor(() => expect(screen.getByTestId("lab-error").textContent).toBe("Cannot buy"));
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

  it("disables Buy with the RP missing; says 'Cannot buy' without calling the server, and 'No player' without a player", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    testPlayer({ lab: { rp: 12.5, earnedRpLifetime: 12.5, nodes: { root: { level: 1, boughtAt: 0 } } } });
    renderLab();
    fireEvent.click(screen.getByTestId(`lab-node-${GOLD}`));
    const buy = screen.getByTestId("lab-buy") as HTMLButtonElement;
    expect(buy.disabled).toBe(true);
    expect(buy.textContent).toBe("Buy Gold Pouch: 37.5 RP missing");
    await act(() => buyLabNode(GOLD));
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

  it("a buy is one request answered { ok }: the player's change is the socket's, no get-user after it", async () => {
    const p = testPlayer({
      tutorial: { currentStep: "lab-buy-gather", done: [], chosenPath: "mining", ui: { isOpen: true } },
    });
    const lab = { ...p.lab, nodes: { ...p.lab.nodes, [MINING]: { level: 1, boughtAt: 5 } } };
    const tutorial = { ...p.tutorial!, currentStep: "go-skill", done: ["lab-buy-gather"] };
    // the server pushes the change over the socket before it answers (the store's playerPatch)
    const fetch = vi.fn(async (_url: string) => {
      setPlayer({
        ...p,
        lab,
        featureFlags: { ...p.featureFlags, mining: true },
        tutorial,
        miningSpeed: 2500,
      });
      return json({ ok: true });
    });
    vi.stubGlobal("fetch", fetch);
    renderLab();
    fireEvent.click(screen.getByTestId(`lab-node-${MINING}`));
    expect(screen.getByTestId("lab-buy").getAttribute("data-tour")).toBe("lab-buy-mining");
    fireEvent.click(screen.getByTestId("lab-buy"));
    await waitFor(() => expect(screen.getByTestId("lab-success")).toBeTruthy());
    expect(usePlayerStore.getState().player).toMatchObject({
      featureFlags: { mining: true },
      tutorial: { currentStep: "go-skill" },
      miningSpeed: 2500,
    });
    expect(screen.getByTestId(`lab-node-${MINING}`).dataset.status).toBe("maxed");
    expect(fetch.mock.calls.map((c) => String(c[0]))).toEqual(["/api/intents/labBuy"]);
  });

  it("fades the 'Bought …' banner out, then takes it away", () => {
    vi.useFakeTimers();
    try {
      testPlayer();
      useLabBuyStore.setState({ result: { kind: "ok", nodeId: GOLD } });
      renderLab();
      const banner = screen.getByTestId("lab-success");
      expect(banner.textContent).toBe("Bought Gold Pouch.");
      expect(banner.className).toContain("pg-alert--fading");
      act(() => vi.advanceTimersByTime(3900));
      expect(screen.queryByTestId("lab-success")).not.toBeNull();
      act(() => vi.advanceTimersByTime(200));
      expect(screen.queryByTestId("lab-success")).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("drops a bought lock node's padlock and says what it unlocked", () => {
    const QUEST = "east:utility:quest";
    testPlayer({
      lab: {
        rp: 0,
        earnedRpLifetime: 250,
        nodes: { root: { level: 1, boughtAt: 0 }, [GOLD]: { level: 1, boughtAt: 1 } },
      },
    });
    const { unmount } = renderLab();
    const locked = screen.getByTestId(`lab-node-${QUEST}`);
    expect(locked.className).toContain("is-flag-locked");
    expect(locked.querySelector("svg")).not.toBeNull();
    unmount();
    testPlayer({
      lab: {
        rp: 0,
        earnedRpLifetime: 250,
        nodes: {
          root: { level: 1, boughtAt: 0 },
          [GOLD]: { level: 1, boughtAt: 1 },
          [QUEST]: { level: 1, boughtAt: 2 },
        },
      },
    });
    renderLab();
    const bought = screen.getByTestId(`lab-node-${QUEST}`);
    expect(bought.className).not.toContain("is-flag-locked");
    expect(bought.querySelector("svg")).toBeNull();
    expect(bought.querySelector(".pg-lab__meta")?.textContent).toBe("Unlocked");
    fireEvent.click(bought);
    expect(screen.getByTestId("lab-unlocked").textContent).toBe("Unlocked: quests.");
  });

  it("zooms the tree in and out about the middle", () => {
    testPlayer();
    renderLab();
    const tree = screen.getByTestId("lab-tree");
    expect(tree.dataset.zoom).toBe("1");
    fireEvent.click(screen.getByTestId("lab-zoom-in"));
    expect(tree.dataset.zoom).toBe("1.25");
    expect(tree.querySelector<HTMLElement>(".pg-lab__tree")?.style.transform).toBe("scale(1.25)");
    fireEvent.click(screen.getByTestId("lab-zoom-out"));
    fireEvent.click(screen.getByTestId("lab-zoom-out"));
    expect(tree.dataset.zoom).toBe("0.75");
    fireEvent.click(screen.getByTestId("lab-zoom-reset"));
    expect(tree.dataset.zoom).toBe("1");
  });
});
