import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClock } from "../../server/src/clock.ts";
import { runIntent } from "../../server/src/game/runIntent.ts";
import { emit, openSocket, type SecurityServer, startServer, waitFor } from "./support.ts";

/**
 * Rooms (issue 9): a player creates a bounded number of rooms an hour; a room with nobody left goes away.
 * Join and leave notices (issue 18) cannot flood a room or flush its chat history.
 */

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
  for (const id of ["maker", "joiner", "host", "spam1", "spam2", "late"]) {
    await t.server.accounts.ensurePlayer({ discordId: id, username: id });
    const loaded = await t.server.store.loadPlayer(id);
    loaded!.doc.player.lab.rp = 1000;
    await t.server.store.savePlayer(loaded!.doc, loaded!.version, loaded!.fence);
    await runIntent(t.server.service, "labBuy", id, { nodeId: "west:meta:multiplayer" });
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

describe("join and leave notices", () => {
  it("a loop of joins and leaves shows each looping player's first join and leave only, and leaves the chat history as it was", async () => {
    const host = await open("host");
    const heard: { username: string; text?: string; notice?: string }[] = [];
    host.on("chatMessage", (m: { username: string; text?: string; notice?: string }) => heard.push(m));
    expect(await emit(host, "joinGroup", { roomId: "quiet" })).toMatchObject({ ok: true });
    expect(await emit(host, "chatMessage", { text: "keep me", type: "party" })).toMatchObject({ ok: true });
    const spammers = await Promise.all(["spam1", "spam2"].map(open));
    await Promise.all(
      spammers.map(async (socket) => {
        for (let i = 0; i < 15; i++) {
          expect(await emit(socket, "joinGroup", { roomId: "quiet" })).toMatchObject({ ok: true });
          expect(await emit(socket, "leaveGroup", { roomId: "quiet" })).toEqual({ ok: true });
        }
      }),
    );
    const late = await open("late");
    const history = new Promise<{ text: string }[]>((resolve) =>
      late.once("chatHistory", (h: { messages: { text: string }[] }) => resolve(h.messages)),
    );
    expect(await emit(late, "joinGroup", { roomId: "quiet" })).toMatchObject({ ok: true });
    // sent after every spammer's line: once it is heard, so is everything before it
    await waitFor(() => heard.some((m) => m.username === "late"));
    const notices = heard.filter((m) => m.username.startsWith("spam"));
    expect(notices.map((m) => `${m.username} ${m.notice}`).sort()).toEqual([
      "spam1 joined",
      "spam1 left",
      "spam2 joined",
      "spam2 left",
    ]);
    // the kept history holds the chat only; the joiner sees it with the room's few notices
    const stored = await t.server.store.recentChat("party:quiet", 50);
    expect(stored.map((m) => m.text)).toEqual(["keep me"]);
    expect((await history).map((m) => m.text)).toContain("keep me");
    expect((await history).length).toBeLessThanOrEqual(1 + 10);
  });

  it("a minute later the same player's next join or leave is shown again", async () => {
    const socket = await open("spam1");
    const host = await open("host");
    const heard: string[] = [];
    host.on("chatMessage", (m: { username: string; notice?: string }) =>
      heard.push(`${m.username} ${m.notice}`),
    );
    (t.server.clock as TestClock).advance(61_000);
    expect(await emit(socket, "joinGroup", { roomId: "quiet" })).toMatchObject({ ok: true });
    await waitFor(() => heard.includes("spam1 joined"));
  });
});
