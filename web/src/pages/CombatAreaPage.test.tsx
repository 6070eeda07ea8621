import { act, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../i18n/index.ts";
import { clearPlayer } from "../stores/playerStore.ts";
import CombatAreaPage from "./CombatAreaPage.tsx";
import { testPlayer } from "./ui/testing.ts";

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

  it("names an unknown area", () => {
    testPlayer();
    renderArea("moon");
    expect(screen.getByRole("alert").textContent).toBe("Unknown combat location: moon");
  });
});
