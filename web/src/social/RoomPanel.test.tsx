import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fakeSocket } from "../../testing/fakeSocket.ts";
import { groupMember, playerView } from "../../testing/fixtures.ts";
import { resetStores } from "../../testing/resetStores.ts";
import { i18n } from "../i18n/index.ts";
import { setPlayer } from "../stores/playerStore.ts";
import { applyGroupUpdate, setInstanceRoom, setRoom, useRoomStore } from "../stores/roomStore.ts";
import { GroupList } from "./GroupList.tsx";
import { RoomPanel } from "./RoomPanel.tsx";
import "../i18n/index.ts";

beforeEach(resetStores);
afterEach(async () => {
  await i18n.changeLanguage("en");
});

const panel = () =>
  render(
    <MemoryRouter>
      <RoomPanel />
      <GroupList />
    </MemoryRouter>,
  );

describe("RoomPanel", () => {
  it("without the Multiplayer node: says what is missing and links to the lab", () => {
    setPlayer(playerView());
    panel();
    expect(screen.getByTestId("room-locked").textContent).toContain(
      "Rooms need the Multiplayer node of the lab (100 RP).",
    );
    expect(screen.getByRole("link", { name: "Open the lab" }).getAttribute("href")).toBe("/lab");
    expect(screen.queryByTestId("room-create")).toBeNull();
  });

  it("lists the open rooms, checks a typed id, creates and joins", async () => {
    setPlayer(playerView({ featureFlags: { multiplayer: true } }));
    const socket = await fakeSocket({ connected: true });
    socket.answer("getRooms", () => ["garden-club"]);
    socket.answer("joinGroup", (payload) => ({
      ok: true,
      roomId: (payload as { roomId: string }).roomId,
      players: [groupMember("guest-abc123", "Guest Sprout")],
    }));
    panel();
    await screen.findByTestId("rooms-list");
    expect(screen.getByTestId("rooms-list").textContent).toContain("garden-club");

    fireEvent.change(screen.getByTestId("room-id-input"), { target: { value: "no spaces!" } });
    fireEvent.click(screen.getByTestId("room-create"));
    expect(screen.getByText("A room id is 1 to 64 letters, digits, :, _ or -.")).toBeTruthy();
    expect(socket.emitted("createRoom")).toEqual([]);

    fireEvent.change(screen.getByTestId("room-id-input"), { target: { value: "my-room" } });
    await act(async () => {
      fireEvent.click(screen.getByTestId("room-create"));
    });
    expect(socket.emitted("createRoom")).toEqual([{ roomId: "my-room" }]);
    expect(screen.getByTestId("room-current").textContent).toBe("In room my-room");
    expect(screen.getAllByTestId("group-member")).toHaveLength(1);

    await act(async () => {
      fireEvent.click(screen.getByTestId("room-leave"));
    });
    expect(socket.emitted("leaveGroup")).toEqual([{ roomId: "my-room", playerId: "guest-abc123" }]);
    expect(useRoomStore.getState().roomId).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByTestId("room-join-garden-club"));
    });
    expect(socket.emitted("joinGroup")).toContainEqual({ roomId: "garden-club" });
  });

  it("in the Discord activity: the voice channel's room, explained, with nothing to create, join or leave", async () => {
    // no Multiplayer node either: the activity's token grants its instance's room
    setPlayer(playerView({ discordId: "a" }));
    const socket = await fakeSocket({ connected: true });
    socket.answer("getRooms", () => ["garden-club"]);
    act(() => setInstanceRoom("discord:123"));
    panel();
    expect(screen.getByTestId("room-instance").textContent).toBe("Joining your voice channel's room…");
    expect(
      screen.getByText("Your friends in the voice channel appear here when they open the activity."),
    ).toBeTruthy();
    act(() =>
      applyGroupUpdate({
        roomId: "discord:123",
        players: [groupMember("a", "alice"), groupMember("b", "Bob")],
      }),
    );
    expect(screen.getByTestId("room-instance").textContent).toBe(
      "You play in your voice channel's room: everyone in the voice channel who opens the activity is here with you.",
    );
    expect(screen.getAllByTestId("group-member")).toHaveLength(2);
    for (const control of [
      "room-leave",
      "room-create",
      "room-join",
      "room-id-input",
      "rooms-list",
      "room-locked",
    ])
      expect(screen.queryByTestId(control)).toBeNull();
    expect(socket.emitted("getRooms")).toEqual([]);
    await act(() => i18n.changeLanguage("fr"));
    expect(screen.getByTestId("room-instance").textContent).toBe(
      "Ce salon suit votre salon vocal : toute personne du salon vocal qui ouvre l'activité y joue avec vous.",
    );
  });

  it("while disconnected: the buttons wait for the connection", async () => {
    setPlayer(playerView({ featureFlags: { multiplayer: true } }));
    const socket = await fakeSocket({ connected: true });
    panel();
    act(() => socket.status("disconnect"));
    expect((screen.getByTestId("room-create") as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("GroupList", () => {
  it("shows each member's avatar, name, health and activity with its progress", () => {
    setPlayer(playerView({ discordId: "a", featureFlags: { multiplayer: true } }));
    panel();
    expect(screen.getByText("Join a room to play with friends: you will see them here.")).toBeTruthy();
    act(() => {
      setRoom("garden-club");
      applyGroupUpdate({
        roomId: "garden-club",
        players: [groupMember("a", "alice"), groupMember("b", "Bob", { skill: "none", location: "home" })],
      });
    });
    const rows = screen.getAllByTestId("group-member");
    expect(rows.map((r) => r.getAttribute("data-player-id"))).toEqual(["a", "b"]);
    expect(rows[0]?.querySelector("[data-testid=member-avatar] text")?.textContent).toBe("A");
    expect(rows[0]?.textContent).toContain("alice (you)");
    const health = rows[0]?.querySelector("[data-testid=member-health]");
    expect(health?.getAttribute("aria-valuenow")).toBe("80");
    expect(health?.getAttribute("aria-valuemax")).toBe("110");
    expect(rows[0]?.querySelector("[data-testid=member-activity]")?.textContent).toBe("Mining · Garden");
    expect(rows[0]?.querySelector("[data-testid=member-progress]")?.getAttribute("aria-valuenow")).toBe("12");
    expect(rows[1]?.querySelector("[data-testid=member-activity]")?.textContent).toBe("Resting");
    expect(rows[1]?.querySelector("[data-testid=member-progress]")).toBeNull();
    expect(screen.getByText(/2 members/)).toBeTruthy();
  });

  it("shows a fighter's progress: the monster it fights, named in the player's language, and its HP", async () => {
    setPlayer(playerView({ discordId: "a", featureFlags: { multiplayer: true } }));
    panel();
    const fighter = {
      ...groupMember("b", "Bob", { skill: "combat", location: "black_ant_nest", nodeId: null, nodeHp: 0 }),
      fight: { monsterId: 2, hp: 37, maxHp: 120 },
    };
    act(() => {
      setRoom("garden-club");
      applyGroupUpdate({ roomId: "garden-club", players: [groupMember("a", "alice"), fighter] });
    });
    const bob = () => screen.getAllByTestId("group-member")[1]!;
    const bar = () => bob().querySelector("[data-testid=member-progress]");
    expect(bob().querySelector("[data-testid=member-activity]")?.textContent).toBe("Combat · Black Ant Nest");
    expect(bob().querySelector("[data-testid=member-monster]")?.textContent).toBe("Black Ant");
    expect(bar()?.getAttribute("aria-label")).toBe("Black Ant, fought by Bob");
    expect([bar()?.getAttribute("aria-valuenow"), bar()?.getAttribute("aria-valuemax")]).toEqual([
      "37",
      "120",
    ]);

    await act(() => i18n.changeLanguage("fr"));
    expect(bob().querySelector("[data-testid=member-monster]")?.textContent).toBe("Fourmi noire");
    expect(bar()?.getAttribute("aria-label")).toBe("Fourmi noire, adversaire de Bob");

    // the next update (merged over this one) says Bob stopped fighting: the bar goes
    act(() =>
      applyGroupUpdate({
        roomId: "garden-club",
        players: [groupMember("a", "alice"), { ...fighter, fight: null }],
      }),
    );
    expect(bob().querySelector("[data-testid=member-monster]")).toBeNull();
    expect(bar()).toBeNull();
  });
});
