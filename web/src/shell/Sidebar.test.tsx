import { TUTORIAL_PATHS } from "@pickle-garden/shared";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { Link, MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { groupMember, playerView } from "../../testing/fixtures.ts";
import { resetStores } from "../../testing/resetStores.ts";
import {
  anchorSelector,
  FINALE,
  pathInfo,
  stepGuide,
  TUTORIAL_STEP_IDS,
} from "../features/tutorial/tutorialSteps.ts";
import { setPlayer } from "../stores/playerStore.ts";
import { applyGroupUpdate, setRoom } from "../stores/roomStore.ts";
import { setDrawerOpen, useUiStore } from "../stores/uiStore.ts";
import { Sidebar } from "./Sidebar.tsx";
import { CLOSE_DRAWER_EVENT } from "./sidebarModel.ts";
import { TopBar } from "./TopBar.tsx";
import "../i18n/index.ts";

beforeEach(resetStores);

function renderSidebar() {
  return render(
    <MemoryRouter initialEntries={["/"]}>
      <TopBar />
      <Sidebar />
      <Link to="/inventory">go to inventory</Link>
    </MemoryRouter>,
  );
}

const skillLinks = () =>
  screen
    .queryAllByTestId(/^nav-skill-/)
    .map((el) => el.getAttribute("data-testid")!.replace("nav-skill-", ""));

describe("Sidebar", () => {
  it("shows picklelogy alone for a new player", () => {
    setPlayer(playerView());
    renderSidebar();
    expect(skillLinks()).toEqual(["picklelogy"]);
    expect(screen.queryByTestId("nav-combat")).toBeNull();
    expect(screen.getByTestId("nav-inventory").textContent).toContain("1/20");
    expect(screen.getByText("Socials")).toBeTruthy();
  });

  it("lists the room's members under Socials; the spec's empty line only without a room", () => {
    setPlayer(playerView({ discordId: "me" }));
    renderSidebar();
    expect(screen.getByText("Nothing here yet.")).toBeTruthy();
    act(() => {
      setRoom("garden-club");
      applyGroupUpdate({
        roomId: "garden-club",
        players: [
          groupMember("me", "Alice"),
          groupMember("b", "Bob", { skill: "combat", location: "aphid_nest" }),
        ],
      });
    });
    expect(screen.queryByText("Nothing here yet.")).toBeNull();
    const rows = screen.getByTestId("sidebar-members").querySelectorAll("li");
    expect([...rows].map((r) => r.textContent)).toEqual(["AAlice (you)Gathering", "BBobFighting"]);
    act(() => setRoom(null));
    expect(screen.getByText("Nothing here yet.")).toBeTruthy();
  });

  it("gates skills and combat rows by their flags", () => {
    setPlayer(
      playerView({
        featureFlags: { mining: true, smithing: true, combat: true, melee: true, intellect: true },
        modifiers: { "inv_size:+": 5 },
      }),
    );
    renderSidebar();
    expect(skillLinks()).toEqual(["picklelogy", "mining", "smithing", "health", "intellect", "melee"]);
    expect(screen.getByTestId("nav-combat")).toBeTruthy();
    expect(screen.getByTestId("nav-inventory").textContent).toContain("1/25");
  });

  it("shows level, bonus from gear, max 99 and an xp bar with a tooltip", () => {
    const p = playerView({ featureFlags: { combat: true, melee: true }, activeCharacter: "warrior" });
    p.skills.melee = { level: 2, xp: 150 };
    p.equipmentSlots.melee.mainhand = { id: 30107, stack: 1 };
    setPlayer(p);
    renderSidebar();
    const row = screen.getByTestId("nav-skill-melee");
    expect(screen.getByTestId("nav-level-melee").textContent).toBe("2 (+2)");
    const bar = row.querySelector('[role="progressbar"]')!;
    expect(bar.getAttribute("aria-valuenow")).toBe(String(Math.round((50 / 126) * 100)));
    const tip = document.getElementById(row.getAttribute("aria-describedby")!)!;
    expect(tip.textContent).toContain("Melee — level 4 of 99 (base 2)");
  });

  it("the drawer opens from the menu button and closes on Escape", () => {
    setPlayer(playerView());
    renderSidebar();
    const menu = screen.getByRole("button", { name: "Open navigation" });
    fireEvent.click(menu);
    expect(useUiStore.getState().drawerOpen).toBe(true);
    expect(screen.getByTestId("sidebar").getAttribute("data-open")).toBe("true");
    fireEvent.keyDown(document, { key: "Escape" });
    expect(useUiStore.getState().drawerOpen).toBe(false);
    expect(screen.getByTestId("sidebar").getAttribute("data-open")).toBe("false");
  });

  it("the drawer closes on route change and on the close event", () => {
    setPlayer(playerView());
    renderSidebar();
    act(() => setDrawerOpen(true));
    fireEvent.click(screen.getByText("go to inventory"));
    expect(useUiStore.getState().drawerOpen).toBe(false);
    act(() => setDrawerOpen(true));
    act(() => {
      window.dispatchEvent(new Event(CLOSE_DRAWER_EVENT));
    });
    expect(useUiStore.getState().drawerOpen).toBe(false);
  });

  it("carries the tutorial's data-tour anchors on its entries and on the settings button", () => {
    const flags = ["mining", "mycology", "botany", "smithing", "tanning", "tailoring", "combat"];
    setPlayer(
      playerView({ featureFlags: { isGuest: true, ...Object.fromEntries(flags.map((f) => [f, true])) } }),
    );
    renderSidebar();
    const anchors = [
      "nav-picklelogy",
      "nav-mining",
      "nav-mycology",
      "nav-botany",
      "nav-smithing",
      "nav-tanning",
      "nav-tailoring",
      "nav-lab",
      "nav-inventory",
      "nav-combat",
      "nav-settings",
    ];
    for (const anchor of anchors) {
      expect(document.querySelectorAll(anchorSelector(anchor)), anchor).toHaveLength(1);
    }
    expect(document.querySelector(anchorSelector("nav-lab"))?.getAttribute("href")).toBe("/lab");
    expect(document.querySelector(anchorSelector("nav-settings"))?.getAttribute("href")).toBe("/settings");
    // every nav anchor a step can point at, on every path, before and after its unlocks, is one of them
    const fresh = playerView({ featureFlags: { isGuest: true } });
    const unlocked = playerView({
      featureFlags: Object.fromEntries(
        [...flags, "melee", "magic", "ranged", "goldPouch"].map((f) => [f, true]),
      ),
    });
    for (const path of TUTORIAL_PATHS) {
      for (const step of [...TUTORIAL_STEP_IDS, FINALE]) {
        for (const player of [fresh, unlocked]) {
          const guide = stepGuide(step, pathInfo(path), player);
          expect(guide.targets.length, `${path} ${step}`).toBeGreaterThan(0);
          for (const anchor of guide.targets.filter((a) => a.startsWith("nav-")))
            expect(anchors, `${path} ${step}`).toContain(anchor);
        }
      }
    }
  });

  it("puts the settings anchor on the account menu for a linked account", () => {
    setPlayer(playerView({ discordId: "123456789", featureFlags: {} }));
    renderSidebar();
    expect(screen.getByTestId("user-menu-button").getAttribute("data-tour")).toBe("nav-settings");
  });
});
