import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import "../i18n/index.ts";
import { testPlayer } from "../../testing/testPlayer.ts";
import { clearPlayer } from "../stores/playerStore.ts";
import { setLanguage } from "../stores/settingsStore.ts";
import CombatPage from "./CombatPage.tsx";

afterEach(() => {
  clearPlayer();
  setLanguage("en");
});

/** A mage with combat at level 55: the wasp nest open, the log pile not yet. */
function mage55() {
  const p = testPlayer();
  testPlayer({
    activeCharacter: "mage",
    featureFlags: { ...p.featureFlags, combat: true, magic: true },
    skills: { ...p.skills, magic: { level: 55, xp: 300_000 }, health: { level: 55, xp: 300_000 } },
  });
  render(
    <MemoryRouter>
      <CombatPage />
    </MemoryRouter>,
  );
}

describe("CombatPage", () => {
  it("lists the areas past level 40, each card saying what it takes for the player's class", () => {
    mage55();
    expect(screen.getByTestId("location-wasp_nest").tagName).toBe("A");
    expect(screen.getByTestId("location-log_pile").textContent).toContain("Requires level 62");
    expect(screen.getByTestId("takes-wasp_nest").textContent).toBe(
      "Takes tier-7 gear: its offhand's Spore Burst (with Intellect), its chest's barrier and its helmet's ward. In lesser gear you lose here.",
    );
    expect(screen.getByTestId("takes-hornet_hive").textContent).toContain("Mycelium Surge");
    expect(screen.queryByTestId("takes-swamp")).toBeNull();
    // each new insect's affliction and its counter (monsters 7–10), none on the seed's insects
    expect(screen.getByTestId("affliction-8").textContent).toBe(
      "Stag Beetle: its attacks weaken you (your swings deal 30 % less for 6 s); a tier-8 helmet or better halves it.",
    );
    expect(screen.getByTestId("affliction-10").textContent).toBe(
      "Hornet: its attacks stun you (your next swing waits 1 s); a tier-10 helmet or better halves it.",
    );
    expect(screen.queryByTestId("affliction-6")).toBeNull();
  });

  it("says it in French too", () => {
    setLanguage("fr");
    mage55();
    expect(screen.getByTestId("location-wasp_nest").textContent).toContain("Nid de guêpes");
    expect(screen.getByTestId("takes-wasp_nest").textContent).toContain("Salve de spores");
    expect(screen.getByTestId("affliction-9").textContent).toContain("ses attaques vous ralentissent");
  });
});
