import { render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import "../i18n/index.ts";
import { testPlayer } from "../../testing/testPlayer.ts";
import { clearPlayer } from "../stores/playerStore.ts";
import { setLanguage } from "../stores/settingsStore.ts";
import SkillPage from "./SkillPage.tsx";

afterEach(() => clearPlayer());

function renderSkill(skill: string) {
  return render(
    <MemoryRouter initialEntries={[`/skills/${skill}`]}>
      <Routes>
        <Route path="/skills/:skill" element={<SkillPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("SkillPage", () => {
  it("lists a gathering skill's locations, the locked ones with their required level", () => {
    const p = testPlayer();
    testPlayer({
      featureFlags: { ...p.featureFlags, mining: true },
      skills: { ...p.skills, mining: { level: 5, xp: 800 } },
    });
    renderSkill("mining");
    const garden = screen.getByTestId("location-garden");
    expect(garden.tagName).toBe("A");
    expect(garden.getAttribute("href")).toBe("/skills/mining/garden");
    expect(garden.getAttribute("data-tour")).toBe("location-mining-garden");
    expect(screen.getByTestId("location-pond").tagName).toBe("A");
    const path = screen.getByTestId("location-path");
    expect(path.getAttribute("aria-disabled")).toBe("true");
    expect(path.textContent).toContain("Requires level 10");
  });

  it("sends a locked skill to the lab", () => {
    testPlayer();
    renderSkill("botany");
    expect(screen.getByText("This skill is not unlocked yet. Unlock it in the lab.")).toBeTruthy();
  });

  it("shows what picklelogy's levels open, reached or not, in English and French", () => {
    const p = testPlayer();
    testPlayer({ skills: { ...p.skills, picklelogy: { level: 63, xp: 500_000 } } });
    renderSkill("picklelogy");
    const list = screen.getByTestId("picklelogy-opens");
    expect(list.textContent).toContain("Level 50: Crafting Tier 4");
    expect(screen.getByTestId("opens-east:frontier:tier-8").textContent).toBe(
      "Level 62: Log Pile Field Notes open",
    );
    expect(screen.getByTestId("opens-east:frontier:tier-9").getAttribute("data-open")).toBe("false");
    expect(screen.getByTestId("opens-east:frontier:tier-10").textContent).toContain(
      "Hornet Hive Field Notes",
    );
  });

  it("says it in French too", async () => {
    setLanguage("fr");
    testPlayer();
    renderSkill("picklelogy");
    expect(screen.getByTestId("opens-east:frontier:tier-7").textContent).toBe(
      "Niveau 50 : Carnet de terrain : Nid de guêpes pas encore",
    );
    setLanguage("en");
  });
});
