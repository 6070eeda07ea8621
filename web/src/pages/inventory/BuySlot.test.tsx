import { configure, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../../i18n/index.ts";
import { json, testPlayer } from "../../../testing/testPlayer.ts";
import { i18n } from "../../i18n/index.ts";
import { clearPlayer, setPlayer, usePlayerStore } from "../../stores/playerStore.ts";
import { BuySlot } from "./BuySlot.tsx";

configure({ asyncUtilTimeout: 4000 });

const withPouch = (gold: number) => {
  const base = testPlayer();
  return testPlayer({ gold, featureFlags: { ...base.featureFlags, goldPouch: true } });
};

afterEach(async () => {
  clearPlayer();
  vi.unstubAllGlobals();
  await i18n.changeLanguage("en");
});

describe("BuySlot", () => {
  it("is hidden before the gold pouch", () => {
    testPlayer({ gold: 1000 });
    render(<BuySlot />);
    expect(screen.queryByTestId("buy-slot")).toBeNull();
  });

  it("shows the next slot's price, disabled with what is missing when short of gold", () => {
    withPouch(40);
    render(<BuySlot />);
    const button = screen.getByRole("button", { name: "Buy one more slot for 100 gold" });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("60 gold more needed")).toBeTruthy();
  });

  it("posts the intent; the server's player comes over the socket, in French too", async () => {
    await i18n.changeLanguage("fr");
    const p = withPouch(150);
    const bought = {
      ...p,
      gold: 50,
      inv_size: p.inv_size + 1,
      inventory: [...p.inventory, { id: -1, stack: 0 }],
    };
    // the server pushes the player's change over the socket (playerPatch), then answers { ok }
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => {
      setPlayer(bought);
      return json({ ok: true });
    });
    vi.stubGlobal("fetch", fetch);
    render(<BuySlot />);
    fireEvent.click(screen.getByRole("button", { name: "Acheter un emplacement de plus pour 100 or" }));
    await waitFor(() => expect(usePlayerStore.getState().player?.gold).toBe(50));
    expect(String(fetch.mock.calls[0]?.[0])).toContain("/api/intents/buySlot");
    expect(screen.getByRole("button", { name: "Acheter un emplacement de plus pour 400 or" })).toBeTruthy();
  });
});
