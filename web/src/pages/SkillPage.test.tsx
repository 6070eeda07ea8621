import { render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import "../i18n/index.ts";
import { clearPlayer } from "../stores/playerStore.ts";
import SkillPage from "./SkillPage.tsx";
import { testPlayer } from "./ui/testing.ts";

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
});
