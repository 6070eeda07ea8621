import { newPlayer, type PlayerView } from "@pickle-garden/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearerApi, startTestServer, storedPlayerToken, type TestServer } from "../../testing/testServer.ts";
import { TestClock } from "../clock.ts";

/**
 * Scenario tests through real HTTP with a frozen test clock (time moves only when the test says), so two
 * players created with the same seed and played through the same settle times must end identical.
 */

const T0 = Date.UTC(2026, 5, 1);
let t: TestServer;
let clock: TestClock;

beforeAll(async () => {
  clock = new TestClock(() => T0);
  t = await startTestServer({ RATE_LIMIT_WRITES: "0" }, { clock });
});
afterAll(async () => {
  await t.close();
});

/** A player with a fixed seed (twins share it), and a bearer token for it. */
async function twin(discordId: string): Promise<string> {
  const player = newPlayer({ discordId, username: "Twin", now: clock.now(), seed: 1234 });
  return storedPlayerToken(t, player);
}

const api = (token: string, method: string, path: string, body?: unknown) =>
  bearerApi(t.url, token, method, path, body);

const user = async (token: string) => (await api(token, "GET", "/user/get-user")).body.user as PlayerView;

/** Everything that matters about a player's progress (ids and names aside). */
function progress(v: PlayerView) {
  const { discordId: _d, username: _u, ...rest } = v;
  return rest;
}

async function startMining(token: string) {
  expect((await api(token, "POST", "/lab/buy", { nodeId: "south:mining:unlock" })).status).toBe(200);
  expect(
    (await api(token, "POST", "/user/update-action", { skill: "mining", location: "garden" })).status,
  ).toBe(200);
}

describe("scenarios", () => {
  it("a cheater ends with exactly what an honest player has", async () => {
    const honest = await twin("honest");
    const cheater = await twin("cheater");
    await startMining(honest);
    await startMining(cheater);
    for (let step = 0; step < 12; step++) {
      clock.advance(10 * 60_000);
      await user(honest);
      const cheats = await Promise.all([
        api(cheater, "POST", "/user/update-xp", { skill: "mining", gainedXp: 1_000_000 }),
        api(cheater, "POST", "/user/update-xp", { skill: "picklelogy", gainedXp: 5e9 }),
        api(cheater, "POST", "/user/update-health", { health: 1e6, maxHealth: 1e6, barrierRemaining: 999 }),
        api(cheater, "POST", "/user/update-mana", { mana: 1e6, maxMana: 1e6 }),
        api(cheater, "POST", "/user/update-monsters", { monsters: [{ id: 1, hp: 0 }] }),
        api(cheater, "POST", "/user/send-item", { skill: "mining", nodeId: 6 }),
        api(cheater, "POST", "/user/send-item", { skill: "mining", nodeId: 999 }),
        api(cheater, "POST", "/user/send-item", { skill: "combat", monsterId: 1 }),
        api(cheater, "POST", "/user/update-action", {
          skill: "mining",
          location: "garden",
          nodeHp: 0,
          nodeId: 6,
        }),
      ]);
      expect(cheats.every((c) => c.status < 500)).toBe(true);
    }
    const h = await user(honest);
    const c = await user(cheater);
    expect(h.skills.mining.xp).toBeGreaterThan(0);
    expect(progress(c)).toEqual(progress(h));
  });

  it("two sessions of one player issuing intents at once: no duplicated and no lost gains", async () => {
    const single = await twin("single");
    const shared = await twin("shared");
    const second = t.server.signer.sessionToken("shared", clock.now() + 1);
    await startMining(single);
    await startMining(shared);
    for (let step = 0; step < 10; step++) {
      clock.advance(7 * 60_000 + 1_234);
      await Promise.all([user(single), api(single, "GET", "/user/sync-offline")]);
      await Promise.all(
        [shared, second].flatMap((tok) => [
          user(tok),
          api(tok, "GET", "/user/sync-offline"),
          api(tok, "POST", "/user/update-action", { skill: "mining", location: "garden" }),
          api(tok, "POST", "/user/update-xp", { skill: "mining", gainedXp: 10 }),
          api(tok, "POST", "/lab/buy", { nodeId: "south:mining:unlock" }),
        ]),
      );
    }
    expect(progress(await user(shared))).toEqual(progress(await user(single)));
  });

  it("authorization: a player reaches only its own state", async () => {
    const a = await twin("auth-a");
    await twin("auth-b");
    const before = await t.server.store.loadPlayer("auth-b");
    // naming another player anywhere in a body changes nothing for them
    await api(a, "POST", "/user/update-action", { skill: "none", location: "home", discordId: "auth-b" });
    await api(a, "POST", "/user/update-xp", { skill: "mining", gainedXp: 5, playerId: "auth-b" });
    expect((await user(a)).discordId).toBe("auth-a");
    await t.server.service.flushAll();
    expect(await t.server.store.loadPlayer("auth-b")).toEqual(before);
    // a forged or foreign token gets nothing
    const forged = await fetch(`${t.url}/api/user/get-user`, { headers: { authorization: "Bearer auth-b" } });
    expect(forged.status).toBe(401);
    expect((await api(a, "GET", "/admin/panels")).status).toBe(403);
  });
});
