import type { GroupPlayer } from "@pickle-garden/shared";
import { emitWithAck, useRoomStore } from "@pickle-garden/web";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useActivityStore } from "./activityStore.ts";
import { enterInstanceRoom, reportDepartures } from "./instanceRoom.ts";

vi.mock("@pickle-garden/web", async (original) => ({
  ...(await original<typeof import("@pickle-garden/web")>()),
  emitWithAck: vi.fn(async () => ({ ok: true, verified: true, left: [] })),
}));

const ROOM = "discord:i-1";
const member = (discordId: string) => ({ discordId, username: discordId }) as GroupPlayer;
const participant = (id: string) => ({ id, username: id });

beforeEach(() => {
  vi.mocked(emitWithAck).mockClear();
  useActivityStore.setState({
    roomId: ROOM,
    selfId: "a",
    participants: [participant("a"), participant("b")],
  });
  useRoomStore.setState({ roomId: ROOM, players: [member("a"), member("b")] });
});

describe("departures", () => {
  it("asks the server to check when a room member is no longer among Discord's participants", () => {
    const stop = reportDepartures(ROOM);
    useActivityStore.setState({ participants: [participant("a"), participant("b"), participant("c")] });
    expect(emitWithAck).not.toHaveBeenCalled();
    useActivityStore.setState({ participants: [participant("a")] });
    expect(emitWithAck).toHaveBeenCalledWith("activityParticipants", { roomId: ROOM });
    stop();
    useActivityStore.setState({ participants: [] });
    expect(emitWithAck).toHaveBeenCalledTimes(1);
  });

  it("says nothing about the player itself, or outside the room", () => {
    const stop = reportDepartures(ROOM);
    useActivityStore.setState({ participants: [participant("b")] });
    useRoomStore.setState({ roomId: null });
    useActivityStore.setState({ participants: [] });
    expect(emitWithAck).not.toHaveBeenCalled();
    stop();
  });
});

describe("the instance's room", () => {
  it("is the player's room, marked as the instance's: the room panel offers no other and no leaving", () => {
    useRoomStore.setState({ roomId: null, players: [], instance: false });
    enterInstanceRoom(ROOM);
    expect(useActivityStore.getState().roomId).toBe(ROOM);
    expect(useRoomStore.getState()).toMatchObject({ roomId: ROOM, instance: true });
  });
});
