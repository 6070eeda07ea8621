import { CLIENT_EVENT_SCHEMAS, ERROR_CODES } from "@pickle-garden/shared";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR, emit, emitRaw, openSocket, type SecurityServer, startServer, WARN } from "./support.ts";

/** Sockets: every event goes through one limiter per connection; payloads are bounded in size and depth. */

let t: SecurityServer;
const sockets: Socket[] = [];
const open = async (id: string) => {
  const socket = await openSocket(t, id);
  sockets.push(socket);
  return socket;
};

beforeAll(async () => {
  t = await startServer();
  for (const id of ["flood", "deep", "bad", "big", "every"]) {
    await t.server.accounts.ensurePlayer({ discordId: id, username: id });
  }
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

const errorLines = () => t.logs.filter((l) => l.level >= ERROR);

describe("socket events", () => {
  it("a burst of 300 getRooms is cut, with an error acknowledgement naming the limit", async () => {
    const socket = await open("flood");
    const answers = await Promise.all(Array.from({ length: 300 }, () => emit(socket, "getRooms")));
    const refused = answers.filter((a) => (a as { code?: string }).code === ERROR_CODES.rateLimited);
    const served = answers.filter(Array.isArray);
    expect(served.length).toBeGreaterThanOrEqual(60);
    expect(served.length).toBeLessThan(100);
    expect(refused.length).toBe(300 - served.length);
    // a code and the limit as data, no text
    expect(refused[0]).toEqual({
      ok: false,
      code: ERROR_CODES.rateLimited,
      data: { burst: 60, perSecond: 10 },
    });
    // one warning for the flood, no error
    expect(
      t.logs.filter((l) => l.msg === "socket event rate limit reached" && l.discordId === "flood"),
    ).toHaveLength(1);
    expect(errorLines()).toEqual([]);
  });

  it("the limiter covers every client event, not only chat", async () => {
    for (const event of Object.keys(CLIENT_EVENT_SCHEMAS)) {
      const socket = await open("every");
      const answers = await Promise.all(
        Array.from({ length: 80 }, () => emit(socket, event, { roomId: "discord:1", text: "hi" })),
      );
      expect(
        answers.some((a) => (a as { code?: string }).code === ERROR_CODES.rateLimited),
        event,
      ).toBe(true);
      socket.close();
    }
  });

  it("a 20,000-deep value is refused before parsing: an error acknowledgement and a warning, never an error log", async () => {
    const socket = await open("deep");
    const deep = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;
    for (const event of ["changeLocation", "joinGroup"]) {
      const answer = await emitRaw(socket, `["${event}",{"roomId":"discord:1","player":{"x":${deep}}}]`);
      expect(answer).toEqual({ ok: false, code: ERROR_CODES.invalidRequest, data: { maxDepth: 10 } });
    }
    expect(t.logs.some((l) => l.level === WARN && l.msg === "socket payload too deep")).toBe(true);
    expect(errorLines()).toEqual([]);
    expect(await emit(socket, "getRooms")).toEqual(expect.any(Array));
  });

  it("a payload that fails its schema is an error acknowledgement and a warning", async () => {
    const socket = await open("bad");
    const answer = await emit(socket, "createRoom", { roomId: 42 });
    expect(answer).toEqual({ ok: false, code: ERROR_CODES.invalidRequest, data: { fields: ["roomId"] } });
    expect(
      t.logs.some((l) => l.level === WARN && l.msg === "bad socket payload" && l.discordId === "bad"),
    ).toBe(true);
    expect(errorLines()).toEqual([]);
  });

  it("a payload over 64 KB closes that connection and nothing else", async () => {
    const socket = await open("big");
    const closed = new Promise<string>((resolve) => socket.once("disconnect", resolve));
    socket.emit("chatMessage", { text: "x".repeat(70 * 1024) });
    expect(await closed).toBe("transport close");
    const again = await open("big");
    expect(await emit(again, "getRooms")).toEqual(expect.any(Array));
    expect(errorLines()).toEqual([]);
  });
});
