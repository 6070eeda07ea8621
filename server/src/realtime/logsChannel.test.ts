import type { ChatMessageOut } from "@pickle-garden/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GameClient, gameSocket } from "../../testing/gameSocket.ts";
import { startTestServer, type TestServer } from "../../testing/testServer.ts";
import type { TestClock } from "../clock.ts";
import { runIntent } from "../game/runIntent.ts";

interface Opened {
  socket: GameClient;
  live: ChatMessageOut[];
  history: Promise<ChatMessageOut[]>;
}

let t: TestServer;
const clients: GameClient[] = [];

beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_WRITES: "0" });
  for (const id of ["logs-a", "logs-b", "logs-c"])
    await t.server.accounts.ensurePlayer({ discordId: id, username: id });
});
afterAll(async () => {
  for (const c of clients) c.close();
  await t.close();
});

/** A real Socket.IO client; `history` is the logs channel replayed on connect. */
function open(discordId: string): Opened {
  const token = t.server.signer.sessionToken(discordId, t.server.clock.now(), []);
  const socket = gameSocket(t.url, { auth: { token } });
  clients.push(socket);
  const live: ChatMessageOut[] = [];
  socket.on("chatMessage", (m) => {
    if (m.type === "logs") live.push(m);
  });
  const history = new Promise<ChatMessageOut[]>((resolve) =>
    socket.on("chatHistory", ({ channel, messages }) => {
      if (channel === "logs") resolve(messages);
    }),
  );
  return { socket, live, history };
}

const waitFor = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
};

/** The player mining at the garden with a socket open, once its history came and it is online. */
async function miningOnline(discordId: string): Promise<Opened> {
  const service = t.server.service;
  await runIntent(service, "labBuy", discordId, { nodeId: "south:mining:unlock" });
  await runIntent(service, "updateAction", discordId, { skill: "mining", location: "garden" });
  const opened = open(discordId);
  await opened.history;
  await waitFor(() => service.isOnline(discordId));
  return opened;
}

describe("logs channel", () => {
  it("pushes the player's drops as structured logs lines and replays them to a new socket, to no one else", async () => {
    const service = t.server.service;
    await runIntent(service, "labBuy", "logs-a", { nodeId: "south:mining:unlock" });
    await runIntent(service, "updateAction", "logs-a", { skill: "mining", location: "garden" });
    const first = open("logs-a");
    expect(await first.history).toEqual([]);
    await waitFor(() => service.isOnline("logs-a"));
    (t.server.clock as TestClock).advance(60_000);
    await waitFor(() => first.live.some((m) => m.log?.kind === "drop"));
    const drop = first.live.find((m) => m.log?.kind === "drop")!;
    expect(drop).toMatchObject({ type: "logs", discordId: "logs-a", log: { kind: "drop", skill: "mining" } });
    expect(drop).not.toHaveProperty("text");
    expect(drop.log).toMatchObject({ itemId: expect.any(Number), quantity: expect.any(Number), lost: 0 });
    expect(drop.timestamp).toBeLessThanOrEqual(t.server.clock.now());

    first.socket.close();
    const again = open("logs-a");
    const history = await again.history;
    expect(history.length).toBeGreaterThanOrEqual(first.live.length);
    expect(history.slice(0, first.live.length)).toEqual(first.live);

    expect(await open("logs-b").history).toEqual([]);
  });

  it("keeps only the last 50 lines", async () => {
    const b = await miningOnline("logs-b");
    for (let i = 0; i < 40 && b.live.length <= 50; i++) {
      (t.server.clock as TestClock).advance(60_000);
      const seen = b.live.length;
      await waitFor(() => b.live.length > seen);
    }
    expect(b.live.length).toBeGreaterThan(50);
    const history = await open("logs-b").history;
    expect(history).toEqual(b.live.slice(-50));
  });

  it("logs each level reached, the gathering skill's and picklelogy's, from the rules' xpUpdate", async () => {
    const service = t.server.service;
    const c = await miningOnline("logs-c");
    const levelsOf = (lines: ChatMessageOut[], skill: string) =>
      lines.flatMap((m) => (m.log?.kind === "level" && m.log.skill === skill ? [m] : []));
    // read settles to now: the lines of that settle are on their way
    const skillsNow = () => service.read("logs-c", (p) => structuredClone(p.skills));
    let skills = await skillsNow();
    for (let i = 0; i < 100 && skills.picklelogy.level < 2; i++) {
      (t.server.clock as TestClock).advance(30_000);
      skills = await skillsNow();
    }
    expect(skills.picklelogy.level).toBe(2);
    await waitFor(
      () =>
        levelsOf(c.live, "picklelogy").length > 0 &&
        levelsOf(c.live, "mining").length >= skills.mining.level - 1,
    );
    // one line per level reached, none for the grants that reached no new level
    const reached = (skill: string, level: number) =>
      Array.from({ length: level - 1 }, (_, i) => ({ kind: "level", skill, level: i + 2 }));
    expect(levelsOf(c.live, "mining").map((m) => m.log)).toEqual(reached("mining", skills.mining.level));
    expect(levelsOf(c.live, "picklelogy").map((m) => m.log)).toEqual(reached("picklelogy", 2));
    // a code and its data, no server text: clients write it in the player's language
    for (const line of c.live) expect(line.text).toBeUndefined();
    // kept like every other line: a reload gets them back
    const history = await open("logs-c").history;
    expect(history).toEqual(c.live.slice(-50));
    expect(levelsOf(history, "picklelogy")).toHaveLength(1);
  });
});
