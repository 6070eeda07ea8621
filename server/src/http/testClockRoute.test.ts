import { newPlayer, type OfflineSummary } from "@pickle-garden/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connected, gameSocket } from "../../testing/gameSocket.ts";
import { bearerApi, startTestServer, storedPlayerToken, type TestServer } from "../../testing/testServer.ts";
import { TestClock } from "../clock.ts";

/**
 * A move of the test clock is that time passing: a player who left a moment ago is dropped first (as a
 * minute of real time would drop it), so its next load settles the jump offline and the welcome-back
 * counts the whole jump.
 */

const T0 = Date.UTC(2026, 5, 1);
const HOUR = 3_600_000;
let t: TestServer;
let clock: TestClock;

beforeAll(async () => {
  clock = new TestClock(() => T0);
  t = await startTestServer({ RATE_LIMIT_WRITES: "0" }, { clock });
});
afterAll(async () => {
  await t.close();
});

async function miner(discordId: string): Promise<string> {
  const player = newPlayer({ discordId, username: "Miner", now: clock.now(), seed: 7 });
  const token = await storedPlayerToken(t, player);
  expect((await bearerApi(t.url, token, "POST", "/lab/buy", { nodeId: "south:mining:unlock" })).status).toBe(
    200,
  );
  const go = await bearerApi(t.url, token, "POST", "/user/update-action", {
    skill: "mining",
    location: "garden",
  });
  expect(go.status).toBe(200);
  return token;
}

const jump = (advanceMs: number) =>
  fetch(`${t.url}/api/test/clock`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ advanceMs }),
  });

describe("POST /api/test/clock", () => {
  it("drops a player who left seconds ago, so the jump is time away in full", async () => {
    const token = await miner("clock-leaver");
    const socket = await connected(gameSocket(t.url, { auth: { token } }));
    clock.advance(10_000);
    socket.disconnect();
    await expect.poll(() => t.server.service.isOnline("clock-leaver")).toBe(false);
    const left = clock.now();
    expect(await (await jump(0)).json()).toMatchObject({ dropped: 1 });
    expect((await jump(25 * HOUR)).status).toBe(200);
    expect(t.server.service.peekLive("clock-leaver")).toBeNull();
    const back = await bearerApi(t.url, token, "GET", "/user/sync-offline");
    const summary = back.body as unknown as OfflineSummary;
    expect(summary.awaySince).toBe(left);
    expect(summary.awayMs).toBe(25 * HOUR);
    expect(summary.gathering?.cycles).toBeGreaterThan(25 * 1000);
  });

  it("keeps a player whose socket is open in memory (its time passes online)", async () => {
    const token = await miner("clock-stayer");
    const socket = await connected(gameSocket(t.url, { auth: { token } }));
    try {
      await expect.poll(() => t.server.service.isOnline("clock-stayer")).toBe(true);
      expect((await jump(60_000)).status).toBe(200);
      expect(t.server.service.peekLive("clock-stayer")).not.toBeNull();
    } finally {
      socket.disconnect();
    }
  });
});
