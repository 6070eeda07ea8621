import { weeklyGoal } from "@pickle-garden/shared";
import { act, configure, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../../i18n/index.ts";
import { json, testPlayer } from "../../../testing/testPlayer.ts";
import { clearPlayer } from "../../stores/playerStore.ts";
import { useQuestStore } from "../../stores/questStore.ts";
import { setLanguage } from "../../stores/settingsStore.ts";
import { WeeklyGoalCard } from "./WeeklyGoalCard.tsx";

configure({ asyncUtilTimeout: 4000 });

/**
 * The answer of GET /api/weekly-goal for a week 2900 and the week before it (target missed: a third), the
 * rewards in the player's amounts as the server answers them.
 */
function answer(previousShare: number, claimed: boolean) {
  return {
    current: { ...weeklyGoal(2900, 1234, 3, 4), reward: { gold: 5000, rp: 2000 } },
    share: 40,
    previous: {
      ...weeklyGoal(2899, 9000, 4, 10),
      reward: { gold: 1667, rp: 667 },
      share: previousShare,
      claimed,
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  useQuestStore.setState({ weekly: null, weeklyError: false });
  clearPlayer();
  setLanguage("en");
});

describe("WeeklyGoalCard", () => {
  it("says last week's reward was received, with its amounts", async () => {
    testPlayer();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(answer(800, true))),
    );
    render(<WeeklyGoalCard />);
    expect(await screen.findByText("Last week's reward received: 1,667 gold and 667 RP.")).toBeTruthy();
  });

  it("says an earned reward comes with the load, and reads the goal again once the load granted it", async () => {
    const player = testPlayer();
    const fetch = vi.fn(async () => json(answer(800, false)));
    vi.stubGlobal("fetch", fetch);
    render(<WeeklyGoalCard />);
    expect(
      await screen.findByText("Last week's reward, 1,667 gold and 667 RP, comes with your next visit."),
    ).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);

    fetch.mockImplementation(async () => json(answer(800, true)));
    act(() => testPlayer({ quests: { ...player.quests, weeklyClaimed: 2899 } }));
    expect(await screen.findByText("Last week's reward received: 1,667 gold and 667 RP.")).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("says the share fell short when it did, in French too", async () => {
    setLanguage("fr");
    testPlayer();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(answer(120, false))),
    );
    render(<WeeklyGoalCard />);
    expect(
      await screen.findByText(
        "La semaine dernière : votre part était de 120, sous les 500 qui donnent la récompense.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("tells a newcomer nothing of last week, and counts gardeners with the plural their number takes", async () => {
    testPlayer();
    const fetch = vi.fn(async () =>
      json({
        ...answer(0, false),
        current: { ...weeklyGoal(2900, 1234, 1, 4), reward: { gold: 5000, rp: 2000 } },
      }),
    );
    vi.stubGlobal("fetch", fetch);
    const { unmount } = render(<WeeklyGoalCard />);
    expect(await screen.findByText(/· 1 gardener so far$/)).toBeTruthy();
    expect(screen.queryByTestId("weekly-previous")).toBeNull();
    unmount();
    setLanguage("fr");
    fetch.mockImplementation(async () => json(answer(0, false)));
    render(<WeeklyGoalCard />);
    expect(await screen.findByText(/· 3 jardiniers pour l'instant$/)).toBeTruthy();
    expect(screen.queryByTestId("weekly-previous")).toBeNull();
  });
});
