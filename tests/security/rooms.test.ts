import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClock } from "../../server/src/clock.ts";
import { labBuy } from "../../server/src/game/craftCalls.ts";
import { emit, openSocket, type SecurityServer, startServer } from "./support.ts";

/** Rooms (issue 9): a player creates a bounded number of rooms an hour; a room with nobody left goes away. */

let t: SecurityServer;
const sockets: Socket[] = [];
const open = async (id: string) => {
  const socket = await openSocket(t, id);
  sockets.push(socket);
  return socket;
};
const rooms = (socket: Socket) => new Promise<string[]>((resolve) => socket.emit("getRooms", resolve));

beforeAll(async () => {
  t = await startServer({ ROOM_CREATES_PER_HOUR: "3" });
  for (const id of ["maker", "joiner"]) {
    await t.server.accounts.ensurePlayer({ discordId: id, username: id });
    const loaded = await t.server.store.loadPlayer(id);
    loaded!.doc.player.lab.rp = 1000;
    await t.server.store.savePlayer(loaded!.doc, loaded!.version, loaded!.fence);
    await labBuy(t.server.service, id, "west:meta:multiplayer");
  }
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

describe("rooms", () => {
  it("caps the rooms one player creates in an hour; the allowance comes back an hour later", async () => {
    const socket = await open("maker");
    for (const id of ["r1", "r2", "r3"])
      expect(await emit(socket, "createRoom", { roomId: id })).toMatchObject({ ok: true });
    expect(await emit(socket, "createRoom", { roomId: "r4" })).toMatchObject({
      ok: false,
      code: "request/rate_limited",
    });
    // joining a missing room creates it: counted the same way
    expect(await emit(socket, "joinGroup", { roomId: "r5" })).toMatchObject({
      ok: false,
      code: "request/rate_limited",
    });
    expect(await rooms(socket)).not.toContain("r4");
    // an existing room costs nothing to create again or join
    expect(await emit(socket, "createRoom", { roomId: "r1" })).toMatchObject({ ok: true });
    const other = await open("joiner");
    expect(await emit(other, "createRoom", { roomId: "theirs" })).toMatchObject({ ok: true });
    (t.server.clock as TestClock).advance(3_600_001);
    expect(await emit(socket, "createRoom", { roomId: "r4" })).toMatchObject({ ok: true });
  });

  it("removes a room when its last member leaves, and a created room nobody joins after a minute", async () => {
    const socket = await open("joiner");
    await emit(socket, "joinGroup", { roomId: "brief" });
    expect(await rooms(socket)).toContain("brief");
    expect(await emit(socket, "leaveGroup", { roomId: "brief" })).toEqual({ ok: true });
    expect(await rooms(socket)).not.toContain("brief");
    await emit(socket, "createRoom", { roomId: "nobody" });
    expect(await rooms(socket)).toContain("nobody");
    (t.server.clock as TestClock).advance(61_000);
    expect(await rooms(socket)).not.toContain("nobody");
  });
});
