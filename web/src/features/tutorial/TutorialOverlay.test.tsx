import type { GatherSkill } from "@pickle-garden/shared";
import { configure, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import "../../i18n/index.ts";
import { json, testPlayer } from "../../../testing/testPlayer.ts";
import { NextGoalCard } from "../../pages/home/NextGoalCard.tsx";
import { clearPlayer, setPlayer, usePlayerStore } from "../../stores/playerStore.ts";
import { TutorialOverlay } from "./TutorialOverlay.tsx";
import { resetTutorialAutoOpen, TUTORIAL_REFRESH_EVENT } from "./tutorialActions.ts";

// the whole web suite runs in parallel: leave async assertions some slack
configure({ asyncUtilTimeout: 4000 });

type Body = { action: string; stepId?: string; path?: string };
let calls: Body[] = [];
let tutorialState: ReturnType<typeof tutorial> | null;

function tutorial(currentStep: string, done: string[] = [], chosenPath: GatherSkill | null = null) {
  return { currentStep, done, chosenPath, ui: { isOpen: true } };
}

beforeEach(() => {
  calls = [];
  resetTutorialAutoOpen();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === "/api/intents/tutorial") {
        const body = JSON.parse(String(init?.body)) as Body;
        calls.push(body);
        if (body.action === "open") tutorialState = tutorial("go-picklelogy");
        if (body.action === "choose-path")
          tutorialState = tutorial("lab-choose-path", ["go-picklelogy"], body.path as "mycology");
        // the server pushes the tutorial over the socket (playerPatch), then answers
        const player = usePlayerStore.getState().player;
        if (player) setPlayer({ ...player, tutorial: tutorialState });
        return json({ ok: true });
      }
      return json({ user: { ...usePlayerStore.getState().player, tutorial: tutorialState } });
    }),
  );
});
afterEach(() => {
  clearPlayer();
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <TutorialOverlay />
    </MemoryRouter>,
  );
}

describe("TutorialOverlay", () => {
  it("opens by itself for a new player and shows the first step with its anchor", async () => {
    tutorialState = null;
    testPlayer({ tutorial: null });
    const anchor = document.createElement("a");
    anchor.dataset.tour = "nav-picklelogy";
    document.body.append(anchor);
    renderAt("/");
    await screen.findByText("Welcome to Pickle Garden");
    expect(calls[0]).toEqual({ action: "open" });
    expect(screen.getByText(/Step 1 of 13/)).toBeTruthy();
    await waitFor(() => expect(anchor.getAttribute("data-guide-target")).toBe("active"));
    anchor.remove();
  });

  it("points at one element: the way to the lab before Melee is bought, the warrior after", async () => {
    const done = ["go-picklelogy", "lab-choose-path", "lab-buy-gather", "go-skill", "first-location"];
    const t = tutorial("combat-style", [...done, "gather-six", "craft-three", "equip-one"], "mining");
    tutorialState = t;
    testPlayer({ tutorial: t, featureFlags: { mining: true, smithing: true } });
    const anchors = ["nav-lab", "nav-inventory", "character-warrior"].map((name) => {
      const el = document.createElement("button");
      el.dataset.tour = name;
      document.body.append(el);
      return el;
    });
    const lab = anchors[0] as HTMLElement;
    const warrior = anchors[2] as HTMLElement;
    renderAt("/inventory");
    await waitFor(() => expect(lab.getAttribute("data-guide-target")).toBe("active"));
    usePlayerStore.setState((s) => ({
      player: s.player && {
        ...s.player,
        featureFlags: { ...s.player.featureFlags, melee: true, combat: true },
      },
    }));
    await waitFor(() => expect(warrior.getAttribute("data-guide-target")).toBe("active"));
    expect(document.querySelectorAll("[data-guide-target]")).toHaveLength(1);
    for (const el of anchors) el.remove();
  });

  it("ends with a word of congratulation and Home's next goal, and Finish closes it", async () => {
    const t = { ...tutorial("done", ["go-picklelogy"], "mining") };
    tutorialState = t;
    testPlayer({ tutorial: t });
    renderAt("/");
    render(
      <MemoryRouter>
        <NextGoalCard />
      </MemoryRouter>,
    );
    expect(screen.getByText("Well done, gardener!")).toBeTruthy();
    // the guide and Home give one answer (shared's nextGoal)
    const home = screen.getByTestId("next-goal-text").textContent;
    expect(home).toBe("Unlock Mining in the lab (0 RP)");
    expect(screen.getByTestId("tutorial-next-goal").textContent).toBe(`Next goal: ${home}`);
    fireEvent.click(screen.getByTestId("tutorial-finish"));
    await waitFor(() => expect(calls).toContainEqual({ action: "close" }));
  });

  it("completes a step when its page is visited", async () => {
    tutorialState = tutorial("go-picklelogy");
    testPlayer({ tutorial: tutorial("go-picklelogy") });
    renderAt("/skills/picklelogy");
    await waitFor(() => expect(calls).toContainEqual({ action: "complete-step", stepId: "go-picklelogy" }));
  });

  it("offers the three paths and sends the choice", async () => {
    tutorialState = tutorial("lab-choose-path", ["go-picklelogy"]);
    testPlayer({ tutorial: tutorial("lab-choose-path", ["go-picklelogy"]) });
    renderAt("/");
    for (const p of ["mining", "mycology", "botany"])
      expect(screen.getByTestId(`tutorial-path-${p}`)).toBeTruthy();
    fireEvent.click(screen.getByTestId("tutorial-path-mycology"));
    await waitFor(() => expect(calls).toContainEqual({ action: "choose-path", path: "mycology" }));
    await waitFor(() => expect(calls).toContainEqual({ action: "complete-step", stepId: "lab-choose-path" }));
  });

  it("renders each step in order with the chosen path's names, and jumps and skips", async () => {
    const t = tutorial(
      "first-location",
      ["go-picklelogy", "lab-choose-path", "lab-buy-gather", "go-skill"],
      "botany",
    );
    tutorialState = t;
    testPlayer({ tutorial: t });
    renderAt("/skills/botany");
    expect(screen.getByText("Your first location")).toBeTruthy();
    expect(screen.getByText(/Enter Fountain and start gathering\./)).toBeTruthy();
    expect(screen.getByText(/Step 5 of 13/)).toBeTruthy();
    fireEvent.change(screen.getByTestId("tutorial-jump"), { target: { value: "craft-three" } });
    await waitFor(() =>
      expect(calls).toContainEqual({
        action: "jump",
        currentStep: "craft-three",
        done: [
          "go-picklelogy",
          "lab-choose-path",
          "lab-buy-gather",
          "go-skill",
          "first-location",
          "gather-six",
        ],
        ui: { isOpen: true },
      }),
    );
    await waitFor(() => expect(screen.getByTestId("tutorial-skip").hasAttribute("disabled")).toBe(false));
    fireEvent.click(screen.getByTestId("tutorial-skip"));
    await waitFor(() => expect(calls).toContainEqual({ action: "skip" }));
  });

  /** The player at step go-skill, shown; returns the urls fetched since. */
  function renderAtGoSkill(): () => string[] {
    tutorialState = tutorial("go-skill", [], "mining");
    testPlayer({ tutorial: tutorial("go-skill", [], "mining") });
    renderAt("/");
    const fetch = globalThis.fetch as ReturnType<typeof vi.fn>;
    const before = fetch.mock.calls.length;
    return () => fetch.mock.calls.slice(before).map((c) => String(c[0]));
  }

  it("an action is one request, its change the socket's: the player is not fetched again", async () => {
    const urlsAfter = renderAtGoSkill();
    const skip = await screen.findByTestId("tutorial-skip");
    await waitFor(() => expect(skip.hasAttribute("disabled")).toBe(false));
    fireEvent.click(skip);
    await waitFor(() => expect(calls).toContainEqual({ action: "skip" }));
    // the action has finished once its button is enabled again
    await waitFor(() => expect(skip.hasAttribute("disabled")).toBe(false));
    expect(urlsAfter()).toEqual(["/api/intents/tutorial"]);
  });

  it("refetches the player on the tutorial:refresh window event", async () => {
    const urlsAfter = renderAtGoSkill();
    window.dispatchEvent(new Event(TUTORIAL_REFRESH_EVENT));
    await waitFor(() => expect(urlsAfter()).toEqual(["/api/user/get-user"]));
  });
});
