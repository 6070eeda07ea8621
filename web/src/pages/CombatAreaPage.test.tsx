import { act, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../i18n/index.ts";
import { testPlayer } from "../../testing/testPlayer.ts";
import { dispatchServerEvent } from "../api/serverEvents.ts";
import { clearPlayer } from "../stores/playerStore.ts";
import { useUiStore } from "../stores/uiStore.ts";
import CombatAreaPage from "./CombatAreaPage.tsx";

afterEach(() => {
  clearPlayer();
  vi.useRealTimers();
});

function renderArea(location = "aphid_nest") {
  return render(
    <MemoryRouter initialEntries={[`/skills/combat/${location}`]}>
      <Routes>
        <Route path="/skills/combat/:location" element={<CombatAreaPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("CombatAreaPage", () => {
  it("shows the monster with its HP and status, the player's bars and the spells", () => {
    const p = testPlayer();
    const now = Date.now();
    testPlayer({
      featureFlags: { ...p.featureFlags, combat: true, melee: true },
      activeCharacter: "warrior",
      health: 80,
      barrier: { remaining: 10, max: 20, nextReadyAt: 0 },
      currentAction: { ...p.currentAction, skill: "combat", location: "aphid_nest" },
      currentMonsters: [
        {
          id: 1,
          uid: "m1",
          hp: 60,
          maxHp: 100,
          nextAttackAt: now + 1000,
          status: { burn: { until: now + 4000, dps: 3, acc: 0, nextTickAt: now + 1000 } },
        },
      ],
    });
    renderArea();
    expect(screen.getByText("Aphid (level 1)")).toBeTruthy();
    const hp = screen.getByTestId("monster-hp");
    expect(hp.getAttribute("aria-valuenow")).toBe("60");
    expect(hp.getAttribute("aria-valuemax")).toBe("100");
    expect(screen.getByText(/Burning/)).toBeTruthy();
    expect(screen.getByTestId("player-health").getAttribute("aria-valuenow")).toBe("80");
    expect(screen.getByTestId("player-barrier").getAttribute("aria-valuenow")).toBe("10");
    expect(screen.getByTestId("spell-minor_heal")).toBeTruthy();
    expect(screen.getByTestId("combat-toggle").textContent).toBe("Leave the fight");
  });

  it("shows the death text with a countdown to the respawn", () => {
    vi.useFakeTimers();
    const now = Date.now();
    testPlayer({ dead: true, health: 0, deathInfo: { startedAt: now, respawnAt: now + 10_000 } });
    renderArea();
    expect(screen.getByText("You died! Wait 10 seconds before fighting again.")).toBeTruthy();
    expect(screen.getByTestId("death-countdown").textContent).toBe("Back in 10 s");
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.getByTestId("death-countdown").textContent).toBe("Back in 7 s");
  });

  it("shows the player's afflictions with their countdowns, and logs an onset once in 10 s", () => {
    const p = testPlayer();
    const now = Date.now();
    testPlayer({
      discordId: "me",
      featureFlags: { ...p.featureFlags, combat: true, melee: true },
      activeCharacter: "warrior",
      currentAction: { ...p.currentAction, skill: "combat", location: "wasp_nest" },
      currentMonsters: [{ id: 7, uid: "w1", hp: 6000, maxHp: 6000, nextAttackAt: now + 1000, status: {} }],
      combat: {
        ...p.combat,
        afflictions: {
          poison: { until: now + 4500, dps: 15, nextTickAt: now + 1000 },
          weaken: { until: now + 3000, pct: 15 },
        },
      },
    });
    renderArea("wasp_nest");
    expect(screen.getByTestId("player-affliction-poison").textContent).toBe("Poisoned −15/s 5s");
    expect(screen.getByTestId("player-affliction-weaken").textContent).toBe("Weakened −15 % 3s");
    expect(screen.queryByTestId("player-affliction-slow")).toBeNull();
    const lines = () => useUiStore.getState().messages.filter((m) => m.text.includes("poisoned you"));
    const before = lines().length;
    act(() => {
      dispatchServerEvent("popup", { type: "poison", value: 15, target: "player", playerId: "me" });
      dispatchServerEvent("popup", { type: "poison", value: 15, target: "player", playerId: "me" });
      // another member's, or a monster's own stun, are not this player's afflictions
      dispatchServerEvent("popup", { type: "poison", value: 15, target: "player", playerId: "other" });
      dispatchServerEvent("popup", { type: "stun", value: 0, target: "w1", playerId: "me" });
    });
    expect(lines().length - before).toBe(1);
    expect(lines().at(-1)!.text).toBe("Wasp poisoned you: −15 health a second.");
    expect(useUiStore.getState().messages.some((m) => m.text.includes("stunned you"))).toBe(false);
  });

  it("names an unknown area", () => {
    testPlayer();
    renderArea("moon");
    expect(screen.getByRole("alert").textContent).toBe("Unknown combat location: moon");
  });
});
