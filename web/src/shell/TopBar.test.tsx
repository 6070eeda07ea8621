import { act, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { groupMember, playerView } from "../../testing/fixtures.ts";
import { resetStores } from "../../testing/resetStores.ts";
import { setPlayer } from "../stores/playerStore.ts";
import { applyGroupUpdate, setInstanceRoom, setRoom } from "../stores/roomStore.ts";
import { setLanguage } from "../stores/settingsStore.ts";
import { TopBar } from "./TopBar.tsx";
import "../i18n/index.ts";

beforeEach(resetStores);
afterEach(() => setLanguage("en"));

const bar = () =>
  render(
    <MemoryRouter>
      <TopBar />
    </MemoryRouter>,
  );

describe("TopBar", () => {
  it("shows health and RP always, gold and mana only with their flags", () => {
    setPlayer(
      playerView({
        gold: 1234,
        health: 90,
        maxHealth: 110,
        lab: { rp: 12.5, earnedRpLifetime: 12.5, nodes: {} },
      }),
    );
    bar();
    expect(screen.getByTestId("stat-health").textContent).toContain("90/110");
    expect(screen.getByTestId("stat-rp").textContent).toContain("12.5");
    expect(screen.queryByTestId("stat-gold")).toBeNull();
    expect(screen.queryByTestId("stat-mana")).toBeNull();
    act(() =>
      setPlayer(
        playerView({ gold: 1234, mana: 15, maxMana: 20, featureFlags: { goldPouch: true, intellect: true } }),
      ),
    );
    expect(screen.getByTestId("stat-gold").textContent).toContain("1.2K");
    expect(screen.getByTestId("stat-mana").textContent).toContain("15/20");
  });

  it("guest badge with tooltip and Open Settings; none for a linked account", () => {
    setPlayer(playerView());
    bar();
    expect(screen.getByRole("tooltip").textContent).toMatch(/guest/i);
    expect(screen.getByRole("link", { name: "Open Settings" }).getAttribute("href")).toBe("/settings");
    act(() => setPlayer(playerView({ discordId: "1234", featureFlags: {} })));
    expect(screen.queryByTestId("guest-badge")).toBeNull();
  });

  it("activity card: resting links home; gathering links to its location with its cycle time", () => {
    setPlayer(playerView());
    bar();
    expect(screen.getByTestId("activity-card").getAttribute("href")).toBe("/");
    act(() =>
      setPlayer(
        playerView({
          currentAction: {
            skill: "mining",
            location: "garden",
            lastUpdate: 0,
            nodeId: 1,
            nodeHp: 1,
            nodeMaxHp: 2,
            nextHitAt: Date.now() + 1000,
          },
        }),
      ),
    );
    const card = screen.getByTestId("activity-card");
    expect(card.getAttribute("href")).toBe("/skills/mining/garden");
    expect(card.textContent).toContain("Mining · Garden");
    expect(card.textContent).toContain("3s / cycle");
    const fill = card.querySelector(".pg-cycle__fill") as HTMLElement;
    expect(fill.style.animationDuration).toBe("3000ms");
  });

  it("activity card while crafting: 'Smithing · Dirt Brick 1/3' from the server's slot", () => {
    setPlayer(
      playerView({
        currentAction: {
          skill: "smithing",
          location: "smithing",
          lastUpdate: 0,
          nodeId: null,
          nodeHp: 0,
          nodeMaxHp: 0,
          nextHitAt: null,
        },
        smithingSlots: [{ currentItem: 20001, startTime: Date.now(), remaining: 2, total: 3 }],
      }),
    );
    bar();
    const card = screen.getByTestId("activity-card");
    expect(card.textContent).toContain("Smithing · Dirt Brick 1/3");
    expect(card.getAttribute("href")).toBe("/skills/smithing");
  });

  it("room id and player count in a room", () => {
    setPlayer(playerView());
    bar();
    expect(screen.queryByTestId("room-badge")).toBeNull();
    act(() => {
      setRoom("garden-club");
      applyGroupUpdate({
        roomId: "garden-club",
        players: [groupMember("a", "Alice"), groupMember("b", "Bob", { skill: "none", location: "home" })],
      });
    });
    expect(screen.getByTestId("room-badge").textContent).toContain("Room garden-club");
    expect(screen.getByTestId("room-badge").textContent).toContain("2 players");
    // a long id may end in an ellipsis on a phone: the tooltip has it all
    expect(screen.getByTestId("room-badge").getAttribute("title")).toBe("Room garden-club · 2 players");
    // the party at a glance: each member's face, its name and activity on hover or focus
    const faces = screen.getAllByTestId("party-face");
    expect(faces.map((f) => f.getAttribute("aria-label"))).toEqual([
      "Alice: Gathering, Mining · Garden",
      "Bob: Resting",
    ]);
    expect(faces.map((f) => f.dataset.status)).toEqual(["gathering", "resting"]);
  });

  it("two guests who kept the default name show apart in the party strip, in the reader's language", () => {
    setPlayer(playerView({ discordId: "guest-me", username: "Guest Sprout" }));
    bar();
    act(() => {
      setRoom("garden-club");
      applyGroupUpdate({
        roomId: "garden-club",
        players: [groupMember("guest-me", "Guest Sprout"), groupMember("guest-you", "Guest Sprout")],
      });
    });
    const [mine = "", yours = ""] = screen
      .getAllByTestId("party-face")
      .map((f) => f.getAttribute("aria-label") ?? "");
    expect(mine).toMatch(/^Guest Sprout #[0-9a-f]{4} \(you\): Gathering/);
    expect(yours).toMatch(/^Guest Sprout #[0-9a-f]{4}: Gathering/);
    // the tags differ
    expect(mine.slice(0, 18)).not.toBe(yours.slice(0, 18));
    act(() => setLanguage("fr"));
    expect(screen.getAllByTestId("party-face")[1]?.getAttribute("aria-label")).toMatch(
      /^Pousse invitée #[0-9a-f]{4} : En récolte, Minage · Jardin/,
    );
  });

  it("a change for a member the page never got whole (before a reload's join answer) waits for the answer", () => {
    setPlayer(playerView({ discordId: "a" }));
    bar();
    act(() => {
      setRoom("garden-club");
      applyGroupUpdate({ roomId: "garden-club", players: [{ discordId: "b", health: 10 }] });
    });
    expect(screen.queryByTestId("party-strip")).toBeNull();
    act(() =>
      applyGroupUpdate({
        roomId: "garden-club",
        players: [groupMember("a", "Alice"), groupMember("b", "Bob")],
        members: ["a", "b"],
      }),
    );
    expect(screen.getAllByTestId("party-face")).toHaveLength(2);
  });

  it("in the Discord activity the room is named as the voice channel's, never by its discord: id", () => {
    setPlayer(playerView());
    bar();
    act(() => {
      setInstanceRoom("discord:123456789012345678");
      applyGroupUpdate({
        roomId: "discord:123456789012345678",
        players: [groupMember("a", "Alice")],
      });
    });
    const badge = screen.getByTestId("room-badge");
    expect(badge.textContent).toContain("Voice channel room");
    expect(badge.textContent).toContain("1 player");
    expect(badge.textContent).not.toContain("discord:");
  });

  it("user menu opens with Settings and Logout", () => {
    setPlayer(playerView({ username: "Pip" }));
    bar();
    act(() => screen.getByTestId("user-menu-button").click());
    expect(screen.getByRole("link", { name: "Settings" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Log out" })).toBeTruthy();
  });
});
