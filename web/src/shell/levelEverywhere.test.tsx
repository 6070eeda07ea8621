import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { playerView } from "../../testing/fixtures.ts";
import { resetStores } from "../../testing/resetStores.ts";
import HomePage from "../pages/HomePage.tsx";
import { SkillHeader } from "../pages/skill/SkillHeader.tsx";
import { setPlayer } from "../stores/playerStore.ts";
import { Sidebar } from "./Sidebar.tsx";
import { TopBar } from "./TopBar.tsx";
import "../i18n/index.ts";

beforeEach(resetStores);

/** A warrior at melee 2 wearing a tier-1 sword (+2 melee levels), health 3 with a tier-1 helmet (+1). */
function geared() {
  const p = playerView({ featureFlags: { combat: true, melee: true }, activeCharacter: "warrior" });
  p.skills.melee = { level: 2, xp: 150 };
  p.skills.health = { level: 3, xp: 300 };
  p.equipmentSlots.melee.mainhand = { id: 30107, stack: 1 };
  p.equipmentSlots.melee.head = { id: 30101, stack: 1 };
  return p;
}

describe("one truth: a skill's level reads the same on every screen", () => {
  it("sidebar, skill page and home all write 'base (+gear)'; the top bar's number is labelled total level", () => {
    const p = geared();
    setPlayer(p);
    render(
      <MemoryRouter>
        <TopBar />
        <Sidebar />
        <SkillHeader skill="melee" />
        <HomePage />
      </MemoryRouter>,
    );
    expect(screen.getByTestId("nav-level-melee").textContent).toBe("2 (+2)");
    expect(screen.getByTestId("nav-level-health").textContent).toBe("3 (+1)");
    expect(screen.getByTestId("nav-level-picklelogy").textContent).toBe("1");
    expect(screen.getByTestId("skill-level").textContent).toBe("Level 2 (+2)");
    // the brackets are explained where the skill is shown at length
    expect(screen.getByTestId("skill-gear-bonus").textContent).toBe(
      "(+2) comes from your equipped gear: your level is 2, and it counts as 4 while you wear it.",
    );
    const home = screen.getByTestId("home-page");
    const card = (name: string) => within(home).getByRole("link", { name: new RegExp(`^${name}`) });
    expect(card("Melee").textContent).toContain("2 (+2)");
    expect(card("Health").textContent).toContain("3 (+1)");
    // the top bar's number is the sum of the base levels, and says so
    const total = Object.values(p.skills).reduce((a, s) => a + s.level, 0);
    expect(screen.getByTestId("total-level").textContent).toBe(`Total level ${total}`);
    expect(within(home).getByText(`· Total level ${total}`)).toBeTruthy();
  });

  it("an empty Home combat card is not shown before combat is unlocked", () => {
    setPlayer(playerView({ featureFlags: {} }));
    render(
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId("home-combat")).toBeNull();
    expect(screen.getByTestId("home-page").textContent).not.toContain("Welcome back");
  });
});
