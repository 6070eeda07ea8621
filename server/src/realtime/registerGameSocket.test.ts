import {
  AckErrorSchema,
  CLIENT_EVENT_SCHEMAS,
  type ClientEventName,
  ERROR_CODES,
} from "@pickle-garden/shared";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connected, type GameClient, gameSocket, handshake } from "../../testing/gameSocket.ts";
import { startTestServer, type TestServer } from "../../testing/testServer.ts";
import type { TestClock } from "../clock.ts";
import { runIntent } from "../game/runIntent.ts";

let t: TestServer;
const clients: GameClient[] = [];

beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_WRITES: "0" });
  for (const id of ["sock-a", "sock-b", "sock-c", "sock-fuzz"])
    await t.server.accounts.ensurePlayer({ discordId: id, username: id });
});
afterAll(async () => {
  for (const c of clients) c.close();
  await t.close();
});

async function open(
  discordId: string,
  instances: string[] = [],
): Promise<{ socket: GameClient; states: unknown[] }> {
  const token = t.server.signer.sessionToken(discordId, t.server.clock.now(), instances);
  const socket = gameSocket(t.url, { auth: { token } });
  clients.push(socket);
  const states: unknown[] = [];
  socket.on("playerState", (s) => states.push(s));
  await connected(socket);
  return { socket, states };
}

const emit = (socket: GameClient, event: string, payload?: unknown) =>
  new Promise<Record<string, unknown>>((resolve) => {
    (
      socket.timeout(5000).emit as (
        e: string,
        p: unknown,
        cb: (err: unknown, a: Record<string, unknown>) => void,
      ) => void
    )(event, payload, (err, answer) => resolve(err ? { ok: false, error: String(err) } : answer));
  });

const waitFor = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe("game socket", () => {
  it("refuses a socket without a session", async () => {
    const socket = gameSocket(t.url);
    clients.push(socket);
    expect((await handshake(socket))?.message).toBe("SessionRequired");
  });

  it("brings the player online and pushes its view (without the generator state)", async () => {
    const { states } = await open("sock-a");
    await waitFor(() => states.length > 0);
    expect(states[0]).toMatchObject({ discordId: "sock-a" });
    expect(states[0]).not.toHaveProperty("rng");
    expect(t.server.service.isOnline("sock-a")).toBe(true);
  });

  it("answers a bad payload with an error acknowledgement and changes nothing", async () => {
    const { socket } = await open("sock-a");
    for (const [event, payload] of [
      ["createRoom", { roomId: "has spaces!" }],
      ["joinGroup", { roomId: 42 }],
      ["chatMessage", { text: "x".repeat(2401) }],
      ["chatMessage", { text: "   " }],
      ["changeLocation", "nope"],
      ["challengeBoss", { roomId: "r", bossId: 7 }],
      ["leaveGroup", null],
    ] as const) {
      const answer = await emit(socket, event, payload);
      // a code, and the fields that did not parse: never the server's words
      expect(answer, event).toMatchObject({ ok: false, code: ERROR_CODES.invalidRequest });
      expect(AckErrorSchema.strict().safeParse(answer).success, event).toBe(true);
    }
  });

  it("gates web rooms behind the multiplayer unlock; discord: rooms behind the instance grant; groupUpdate lists members", async () => {
    const a = await open("sock-a", ["discord:123"]);
    const b = await open("sock-b", ["discord:123"]);
    expect(await emit(a.socket, "createRoom", { roomId: "web-room" })).toMatchObject({ ok: false });
    const updates: unknown[] = [];
    a.socket.on("groupUpdate", (u) => updates.push(u));
    expect(await emit(a.socket, "joinGroup", { roomId: "discord:123" })).toMatchObject({ ok: true });
    const joined = await emit(b.socket, "joinGroup", {
      roomId: "discord:123",
      player: { discordId: "sock-b" },
    });
    expect((joined.players as { discordId: string }[]).map((p) => p.discordId).sort()).toEqual([
      "sock-a",
      "sock-b",
    ]);
    // a's join answer listed a; its next groupUpdate brings b, and the members both
    await waitFor(() => updates.some((u) => (u as { members?: string[] }).members?.length === 2));
    expect(
      await emit(b.socket, "joinGroup", { roomId: "discord:123", player: { discordId: "sock-a" } }),
    ).toMatchObject({
      ok: false,
    });
    const c = await open("sock-c");
    expect(await emit(c.socket, "joinGroup", { roomId: "discord:123" })).toMatchObject({ ok: false });
    const rooms = await new Promise<string[]>((resolve) => a.socket.emit("getRooms", resolve));
    expect(rooms).not.toContain("discord:123");
  });

  it("chat: global messages reach everyone with the server's username; history is kept; flooding is limited", async () => {
    const a = await open("sock-a");
    const b = await open("sock-b");
    const heard: { text?: string; username: string }[] = [];
    b.socket.on("chatMessage", (m) => heard.push(m));
    const answer = await emit(a.socket, "chatMessage", {
      username: "impostor",
      text: "hello garden",
      type: "global",
    });
    expect(answer.ok).toBe(true);
    await waitFor(() => heard.some((m) => m.text === "hello garden"));
    expect(heard.find((m) => m.text === "hello garden")?.username).toBe("sock-a");
    expect((await t.server.store.recentChat("global", 50)).some((m) => m.text === "hello garden")).toBe(true);
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await emit(a.socket, "chatMessage", { text: `spam ${i}` }));
    expect(answers.some((x) => x.ok === false && x.code === "request/rate_limited")).toBe(true);
  });

  it("pushes the simulation's events to an online player as its scheduler wakes it", async () => {
    const service = t.server.service;
    await runIntent(service, "labBuy", "sock-c", { nodeId: "south:mining:unlock" });
    await runIntent(service, "updateAction", "sock-c", { skill: "mining", location: "garden" });
    const { socket } = await open("sock-c");
    const seen: string[] = [];
    for (const event of ["xpUpdate", "gatheringUpdate", "gatheringNode"] as const) {
      socket.on(event, (payload: { playerId?: string }) => {
        if (event !== "gatheringNode") expect(payload.playerId).toBe("sock-c");
        seen.push(event);
      });
    }
    await waitFor(() => service.isOnline("sock-c"));
    (t.server.clock as TestClock).advance(60_000);
    await waitFor(
      () => seen.includes("xpUpdate") && seen.includes("gatheringUpdate") && seen.includes("gatheringNode"),
    );
  });

  it("fuzz: 200 bad payloads per event get an error acknowledgement and change nothing", async () => {
    const { socket } = await open("sock-fuzz");
    await t.server.service.flushAll();
    const before = JSON.stringify(await t.server.store.loadPlayer("sock-fuzz"));
    const bad = fc.oneof(
      fc.jsonValue(),
      fc.record({
        roomId: fc.oneof(
          fc.integer(),
          fc.string().filter((x) => !/^[A-Za-z0-9:_-]{1,120}$/.test(x)),
        ),
      }),
      fc.record({
        text: fc.oneof(fc.integer(), fc.constant(""), fc.string({ minLength: 2401, maxLength: 2500 })),
      }),
    );
    for (const event of [
      "createRoom",
      "joinGroup",
      "leaveGroup",
      "changeLocation",
      "challengeBoss",
      "chatMessage",
    ]) {
      const samples = fc.sample(bad, { numRuns: 400, seed: 7 });
      let sent = 0;
      for (const payload of samples) {
        const valid = CLIENT_EVENT_SCHEMAS[event as ClientEventName].safeParse(payload).success;
        if (valid) continue;
        const answer = await emit(socket, event, payload);
        expect(answer.ok, `${event} ${JSON.stringify(payload)}`).toBe(false);
        if (++sent >= 200) break;
      }
      expect(sent).toBeGreaterThanOrEqual(150);
    }
    await t.server.service.flushAll();
    expect(JSON.stringify(await t.server.store.loadPlayer("sock-fuzz"))).toBe(before);
  });

  it("the last socket leaving makes the player away", async () => {
    const { socket } = await open("sock-b");
    for (const c of clients) if (c.connected && c !== socket) c.close();
    socket.close();
    await waitFor(() => ["sock-a", "sock-b", "sock-c"].every((id) => !t.server.service.isOnline(id)));
  });
});
