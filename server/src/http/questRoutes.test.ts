import {
  newPlayer,
  type OfflineSummary,
  type QuestBoardAnswer,
  type WeeklyGoalAnswer,
  weekOf,
  weekStart,
} from "@pickle-garden/shared";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, storedPlayerToken, type TestServer } from "../../testing/testServer.ts";

/** The quest board over real HTTP on loopback: unlock, progress through the test clock, claim, reroll. */

const HOUR = 3_600_000;
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_WRITES: "0" });
});
afterAll(async () => {
  await t.close();
});

async function storedPlayer(discordId: string): Promise<string> {
  const now = t.server.clock.now();
  const fresh = newPlayer({ discordId, username: discordId, now, seed: 11 });
  return storedPlayerToken(t, { ...fresh, lab: { ...fresh.lab, rp: 1000 } });
}

async function api<T = Record<string, unknown>>(token: string | null, path: string, body?: unknown) {
  const res = await fetch(`${t.url}/api${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T & { code?: string } };
}
const board = async (token: string) => (await api<QuestBoardAnswer>(token, "/quests")).body;

/** A miner with the quest node, its three dailies finished by eight hours of mining on the test clock. */
async function minerWithFinishedQuests(discordId: string): Promise<string> {
  const token = await storedPlayer(discordId);
  for (const nodeId of ["east:utility:gold-pouch", "east:utility:quest", "south:mining:unlock"])
    expect((await api(token, "/lab/buy", { nodeId })).status).toBe(200);
  expect((await api(token, "/user/update-action", { skill: "mining", location: "garden" })).status).toBe(200);
  await api(null, "/test/clock", { advanceMs: 10 });
  const drawn = await board(token);
  expect(drawn.unlocked).toBe(true);
  expect(drawn.board.daily).toHaveLength(3);
  expect(drawn.board.daily.every((q) => q.progress === 0 && q.kind === "gather")).toBe(true);
  await api(null, "/test/clock", { advanceMs: 8 * HOUR });
  return token;
}

describe("POST /api/intents/claimQuest", () => {
  it("pays a finished quest once, however many claims race for it", async () => {
    const token = await minerWithFinishedQuests("claimer");
    const before = await board(token);
    expect(before.board.daily.every((q) => q.progress === q.count && !q.claimed)).toBe(true);
    const quest = before.board.daily[0]!;

    const race = await Promise.all(
      Array.from({ length: 5 }, () => api(token, "/intents/claimQuest", { questId: quest.id })),
    );
    expect(race.map((r) => r.status).sort()).toEqual([200, 422, 422, 422, 422]);
    for (const r of race.filter((x) => x.status === 422)) expect(r.body.code).toBe("quest/already_claimed");
    const after = await board(token);
    expect(after.user.gold).toBe(before.user.gold + quest.reward.gold);
    expect(after.board.claimedTotal).toBe(1);

    const again = await api(token, "/intents/claimQuest", { questId: quest.id });
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ ok: false, code: "quest/already_claimed", error: expect.any(String) });
    expect((await board(token)).user.gold).toBe(after.user.gold);
  });

  it("claims only on the caller's own board", async () => {
    const owner = await minerWithFinishedQuests("owner");
    const other = await storedPlayer("other");
    const quest = (await board(owner)).board.daily[1]!;
    const stolen = await api(other, "/intents/claimQuest", { questId: quest.id, discordId: "owner" });
    expect(stolen.status).toBe(422);
    expect(stolen.body.code).toBe("quest/locked");
    expect((await board(owner)).board.daily[1]).toEqual(quest);
    expect((await api(null, "/intents/claimQuest", { questId: quest.id })).status).toBe(401);
    expect((await api(owner, "/intents/claimQuest", { questId: "" })).status).toBe(400);
  });

  it("refuses an unfinished quest and a reroll of a finished one", async () => {
    const token = await storedPlayer("early");
    for (const nodeId of ["east:utility:gold-pouch", "east:utility:quest", "south:mining:unlock"])
      await api(token, "/lab/buy", { nodeId });
    await api(token, "/user/update-action", { skill: "mining", location: "garden" });
    await api(null, "/test/clock", { advanceMs: 10 });
    const quest = (await board(token)).board.daily[0]!;
    const early = await api(token, "/intents/claimQuest", { questId: quest.id });
    expect(early.status).toBe(422);
    expect(early.body.code).toBe("quest/not_done");
    const poor = await api(token, "/intents/rerollQuest", { questId: quest.id });
    expect(poor.body.code).toBe("quest/not_enough_gold");
  });
});

describe("the welcome-back summary", () => {
  it("counts quest progress while away and names the quests ready to claim", async () => {
    const token = await minerWithFinishedQuests("returning");
    const { daily } = (await board(token)).board;
    const summary = (await api<OfflineSummary>(token, "/user/sync-offline")).body;
    expect(summary.questProgress).toEqual(Object.fromEntries(daily.map((q) => [q.id, q.count])));
    expect(summary.questsReady.map((q) => q.id)).toEqual(daily.map((q) => q.id));
  });
});

describe("GET /api/weekly-goal", () => {
  it("counts every player's gathering this week, with the caller's share", async () => {
    const token = await minerWithFinishedQuests("weekly");
    const goal = (await api<WeeklyGoalAnswer>(token, "/weekly-goal")).body;
    expect(goal.share).toBeGreaterThan(0);
    expect(goal.current.total).toBeGreaterThanOrEqual(goal.share);
    expect(goal.current.endsAt - goal.current.startsAt).toBe(7 * 24 * HOUR);
  });

  it("grants the closed week's reward at the load to every contributor past the threshold, once; the goal only reads", async () => {
    // the players' sixteen hours of mining fall in one week, whatever the day the suite runs
    const now = t.server.clock.now();
    await api(null, "/test/clock", { advanceMs: weekStart(weekOf(now) + 1) - now + 60_000 });
    const racer = await minerWithFinishedQuests("weekly-racer");
    const reader = await minerWithFinishedQuests("weekly-reader");
    const idle = await storedPlayer("weekly-idle");
    const gold = async (token: string) =>
      (await api<{ user: { gold: number } }>(token, "/user/get-user")).body.user.gold;
    const before = { racer: await gold(racer), reader: await gold(reader), idle: await gold(idle) };
    const week = (await api<WeeklyGoalAnswer>(racer, "/weekly-goal")).body;
    expect(week.share).toBeGreaterThanOrEqual(week.current.threshold);
    await api(null, "/test/clock", { advanceMs: week.current.endsAt - t.server.clock.now() + 1000 });

    const reads = await Promise.all([1, 2, 3].map(() => api<WeeklyGoalAnswer>(reader, "/weekly-goal")));
    for (const r of reads) expect(r.body.previous).toMatchObject({ week: week.current.week, claimed: false });
    const reward = reads[0]!.body.previous!.reward;
    expect(reward.gold).toBeGreaterThan(0);
    expect(await gold(reader)).toBe(before.reader);
    expect((await api(reader, "/user/sync-offline")).status).toBe(200);
    expect(await gold(reader)).toBe(before.reader + reward.gold);
    expect((await api<WeeklyGoalAnswer>(reader, "/weekly-goal")).body.previous?.claimed).toBe(true);

    // each gets a day's play of their own (the reward is per level summed over every skill)
    const racerReward = (await api<WeeklyGoalAnswer>(racer, "/weekly-goal")).body.previous!.reward;
    const loads = await Promise.all([1, 2, 3].map(() => api(racer, "/user/sync-offline")));
    expect(loads.map((l) => l.status)).toEqual([200, 200, 200]);
    expect(await gold(racer)).toBe(before.racer + racerReward.gold);

    // received: a later load looks at the player only, and reads nothing of the goal
    const shares = vi.spyOn(t.server.store, "weeklyShare");
    expect((await api(racer, "/user/sync-offline")).status).toBe(200);
    expect(shares).not.toHaveBeenCalled();
    shares.mockRestore();
    expect(await gold(racer)).toBe(before.racer + racerReward.gold);

    expect((await api(idle, "/user/sync-offline")).status).toBe(200);
    const below = (await api<WeeklyGoalAnswer>(idle, "/weekly-goal")).body.previous;
    expect(below).toMatchObject({ share: 0, claimed: false });
    expect(await gold(idle)).toBe(before.idle);
  });
});
