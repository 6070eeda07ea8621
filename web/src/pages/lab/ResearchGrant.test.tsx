import { LAB_NODES } from "@pickle-garden/shared";
import { configure, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../../i18n/index.ts";
import { json, testPlayer } from "../../../testing/testPlayer.ts";
import { clearPlayer, setPlayer, usePlayerStore } from "../../stores/playerStore.ts";
import { setLanguage } from "../../stores/settingsStore.ts";
import { ResearchGrant } from "./ResearchGrant.tsx";

configure({ asyncUtilTimeout: 4000 });

const withPouch = (gold: number) => {
  const base = testPlayer();
  return testPlayer({ gold, featureFlags: { ...base.featureFlags, goldPouch: true } });
};

afterEach(() => {
  clearPlayer();
  vi.unstubAllGlobals();
  setLanguage("en");
});

describe("ResearchGrant", () => {
  it("is hidden before the gold pouch", () => {
    testPlayer({ gold: 1000 });
    render(<ResearchGrant />);
    expect(screen.queryByTestId("research-grant")).toBeNull();
  });

  it("prices one and ten grants from the total level, disabled with what is missing when short", () => {
    withPouch(100); // 12 skills at level 1: 120 gold a grant
    render(<ResearchGrant />);
    const one = screen.getByRole("button", { name: "Fund 1 grant: 120 gold for 4.8 RP" });
    expect((one as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole("button", { name: "Fund 10 grants: 1,200 gold for 48 RP" })).toBeTruthy();
    expect(screen.getByText("20 gold more needed for one grant")).toBeTruthy();
  });

  it("posts the count; the server's player comes over the socket, in French too", async () => {
    setLanguage("fr");
    const p = withPouch(500);
    const funded = { ...p, gold: 380, lab: { ...p.lab, rp: p.lab.rp + 4.8 } };
    // the server pushes the player's change over the socket (playerPatch), then answers { ok }
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => {
      setPlayer(funded);
      return json({ ok: true });
    });
    vi.stubGlobal("fetch", fetch);
    render(<ResearchGrant />);
    const ten = screen.getByRole("button", { name: /^Financer 10 bourses : 1\s200 or pour 48 PR$/ });
    expect((ten as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Financer 1 bourse : 120 or pour 4,8 PR" }));
    await waitFor(() => expect(usePlayerStore.getState().player?.gold).toBe(380));
    expect(String(fetch.mock.calls[0]?.[0])).toContain("/api/intents/fundResearch");
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({ grants: 1 });
    // the grant is confirmed where it was asked (and in a toast)
    expect((await screen.findByTestId("research-grant-done")).textContent).toBe(
      "Bourse financée : 120 or devenus 4,8 PR.",
    );
  });

  it("says so when the lab is complete", () => {
    const p = withPouch(1e6);
    const nodes = Object.fromEntries(
      Object.entries(LAB_NODES).map(([id, n]) => [id, { level: n.maxLevel, boughtAt: 0 }]),
    );
    testPlayer({ ...p, lab: { ...p.lab, nodes } });
    render(<ResearchGrant />);
    expect(screen.getByText(/The lab is complete/)).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });
});
