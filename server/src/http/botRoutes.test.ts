import { type BotOutboxItem, newPlayer, WelcomeBackSchema } from "@pickle-garden/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, storedPlayerToken, type TestServer } from "../../testing/testServer.ts";
import { runPanelsCli } from "../cli/panels.ts";
import { TestClock } from "../clock.ts";
import { WEEKLY_PANEL_PREFIX } from "../game/weeklyPanel.ts";

/** The bot's service API over real HTTP: outbox, votes by Discord id beside web votes, status, summaries. */

const T0 = Date.UTC(2026, 5, 1);
const BOT_TOKEN = "bot-token-bot-token-bot-token-0123";
let t: TestServer;
let clock: TestClock;

beforeAll(async () => {
  clock = new TestClock(() => T0);
  t = await startTestServer({ RATE_LIMIT_WRITES: "0", BOT_API_TOKEN: BOT_TOKEN }, { clock });
});
afterAll(async () => {
  await t.close();
});

async function call(auth: string | null, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (auth) headers.authorization = `Bearer ${auth}`;
  const res = await fetch(`${t.url}/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
const bot = (method: string, path: string, body?: unknown) => call(BOT_TOKEN, method, path, body);

async function player(discordId: string): Promise<string> {
  return storedPlayerToken(
    t,
    newPlayer({ discordId, username: `P${discordId.slice(-3)}`, now: clock.now(), seed: 7 }),
  );
}

/**
 * The outbox's items but the garden's weekly goal panel, acknowledged here: it is queued on the server's
 * own one-second timer, which on a loaded machine lands between any two calls of these tests.
 */
async function claim(owner = "bot-1"): Promise<BotOutboxItem[]> {
  const res = await bot("POST", "/bot/outbox/claim", { owner, leaseMs: 30_000 });
  expect(res.status).toBe(200);
  const items = res.body.items as BotOutboxItem[];
  const weekly = (i: BotOutboxItem) => i.kind === "panel" && i.panelId.startsWith(WEEKLY_PANEL_PREFIX);
  for (const item of items.filter(weekly)) await bot("POST", "/bot/outbox/ack", { owner, id: item.id });
  return items.filter((i) => !weekly(i));
}
async function drain(owner = "bot-1"): Promise<void> {
  for (const item of await claim(owner)) await bot("POST", "/bot/outbox/ack", { owner, id: item.id });
}

describe("bot service API", () => {
  it("refuses a missing or wrong token, and a bad body changes nothing", async () => {
    expect((await call(null, "POST", "/bot/outbox/claim", { owner: "x" })).status).toBe(401);
    expect((await call("nope", "POST", "/bot/outbox/claim", { owner: "x" })).status).toBe(401);
    const session = await player("100000000000000001");
    expect((await call(session, "POST", "/bot/outbox/claim", { owner: "x" })).status).toBe(401);
    expect(
      (await bot("POST", "/bot/panels/p/votes", { discordId: "not-a-snowflake", optionId: "a" })).status,
    ).toBe(400);
    expect((await bot("GET", "/bot/players/guest-abc/status")).status).toBe(400);
    expect((await bot("GET", "/bot/nothing")).status).toBe(404);
  });

  it("is off without BOT_API_TOKEN", async () => {
    const off = await startTestServer({ RATE_LIMIT_WRITES: "0" });
    try {
      const res = await fetch(`${off.url}/api/bot/outbox/claim`, {
        method: "POST",
        headers: { authorization: `Bearer ${BOT_TOKEN}`, "content-type": "application/json" },
        body: JSON.stringify({ owner: "x" }),
      });
      expect(res.status).toBe(404);
    } finally {
      await off.close();
    }
  });

  it("panels from the CLI reach the outbox; votes by Discord id and on the website count together", async () => {
    await drain();
    const out: string[] = [];
    const cli = ["create", "--type", "poll", "--id", "boss", "--title", "Next boss?"];
    expect(
      await runPanelsCli(
        [...cli, "--option", "a=Beetle", "--option", "b=Mosquito"],
        t.server.store,
        clock.now(),
        (l) => out.push(l),
      ),
    ).toBe(0);
    const [item] = await claim();
    expect(item).toMatchObject({ kind: "panel", panelId: "boss", message: null, votes: {} });
    expect(item?.kind === "panel" && item.panel?.title).toBe("Next boss?");
    // the bot posted it: the message id is kept, and the next sync edits it
    expect(
      (
        await bot("PUT", "/bot/panels/boss/message", {
          message: { channelId: "111111", messageId: "222222" },
        })
      ).status,
    ).toBe(200);
    expect((await bot("POST", "/bot/outbox/ack", { owner: "bot-1", id: item!.id })).body).toEqual({
      ok: true,
    });

    // a Discord user who never played votes: a vote record, no player
    expect(
      (await bot("POST", "/bot/panels/boss/votes", { discordId: "300000000000000003", optionId: "a" })).body,
    ).toEqual({
      status: "recorded",
      option: { id: "a", label: "Beetle" },
    });
    expect(await t.server.store.loadPlayer("300000000000000003")).toBeNull();
    expect(
      (await bot("POST", "/bot/panels/boss/votes", { discordId: "300000000000000003", optionId: "b" })).body,
    ).toEqual({
      status: "already",
      option: { id: "a", label: "Beetle" },
    });
    // a website vote by a player, then the same player on Discord: one vote
    const web = await player("400000000000000004");
    expect((await call(web, "POST", "/panels/boss/vote", { optionId: "b" })).body).toMatchObject({
      votes: { a: 1, b: 1 },
    });
    expect(
      (await bot("POST", "/bot/panels/boss/votes", { discordId: "400000000000000004", optionId: "a" })).body,
    ).toEqual({
      status: "already",
      option: { id: "b", label: "Mosquito" },
    });
    expect(await t.server.store.voteCounts("boss")).toEqual({ a: 1, b: 1 });

    // all those votes made one pending sync of the panel, carrying the message to edit and both counts
    const synced = await claim();
    expect(synced).toHaveLength(1);
    expect(synced[0]).toMatchObject({
      kind: "panel",
      panelId: "boss",
      votes: { a: 1, b: 1 },
      message: { channelId: "111111", messageId: "222222" },
    });
    await bot("POST", "/bot/outbox/ack", { owner: "bot-1", id: synced[0]!.id });

    // closing by the CLI: the sync says inactive; a vote on a closed poll is refused
    await runPanelsCli(["close", "boss"], t.server.store, clock.now(), (l) => out.push(l));
    const [closed] = await claim();
    expect(closed?.kind === "panel" && closed.panel?.active).toBe(false);
    await bot("POST", "/bot/outbox/ack", { owner: "bot-1", id: closed!.id });
    expect(
      (await bot("POST", "/bot/panels/boss/votes", { discordId: "500000000000000005", optionId: "a" })).body,
    ).toEqual({
      status: "closed",
    });
  });

  it("/panel through the bot writes the same store", async () => {
    await drain();
    const created = await bot("POST", "/bot/panels", {
      type: "message",
      title: "Patch 1.2",
      body: "New monsters",
    });
    expect(created.status).toBe(200);
    const id = (created.body.panel as { _id: string })._id;
    expect((await t.server.store.getPanel(id))?.title).toBe("Patch 1.2");
    const updated = await bot("PATCH", `/bot/panels/${id}`, { body: "Even more monsters" });
    expect((updated.body.panel as { version: number }).version).toBe(2);
    const [item] = await claim();
    expect(item?.kind === "panel" && item.panel).toMatchObject({ version: 2, body: "Even more monsters" });
    await bot("POST", "/bot/outbox/ack", { owner: "bot-1", id: item!.id });
    expect((await bot("PUT", `/bot/panels/${id}/message`, { message: null })).status).toBe(400);
  });

  it("status: found or not, with levels, RP and the pace to the next level", async () => {
    expect((await bot("GET", "/bot/players/600000000000000006/status")).body).toEqual({ found: false });
    const token = await player("700000000000000007");
    await call(token, "POST", "/lab/buy", { nodeId: "south:mining:unlock" });
    await call(token, "POST", "/user/update-action", { skill: "mining", location: "garden" });
    const status = (await bot("GET", "/bot/players/700000000000000007/status")).body;
    expect(status).toMatchObject({ found: true, username: "P007", online: false, summaries: true });
    const activity = status.activity as { skill: string; levelSkill: string; nextLevelInMs: number | null };
    expect(activity.skill).toBe("mining");
    expect(activity.levelSkill).toBe("mining");
    expect(activity.nextLevelInMs).toBeGreaterThan(0);
    expect((status.skills as { skill: string }[]).map((s) => s.skill)).toContain("mining");
  });

  it("welcome-back DM: queued for a linked player away long enough, with what happened; never twice", async () => {
    await drain();
    const id = "800000000000000008";
    const token = await player(id);
    await call(token, "POST", "/lab/buy", { nodeId: "south:mining:unlock" });
    await call(token, "POST", "/user/update-action", { skill: "mining", location: "garden" });
    // the website's setting: French, on
    expect(
      (await call(token, "PUT", "/user/notifications", { summaries: true, language: "fr" })).body,
    ).toEqual({
      summaries: true,
      language: "fr",
      linked: true,
    });
    clock.advance(45 * 60_000);
    await call(token, "GET", "/user/sync-offline");
    await call(token, "GET", "/user/sync-offline");
    const items = await claim();
    expect(items).toHaveLength(1);
    const dm = items[0]!.kind === "summary" ? WelcomeBackSchema.parse(items[0]!.summary) : null;
    expect(dm).toMatchObject({ discordId: id, language: "fr", awayMs: 45 * 60_000 });
    expect(dm!.gathered.length).toBeGreaterThan(0);
    expect(dm!.xp.mining).toBeGreaterThan(0);
    expect(dm!.gameUrl).toMatch(/^http/);
    expect(items[0]!.id.length).toBeLessThanOrEqual(25);
    await bot("POST", "/bot/outbox/ack", { owner: "bot-1", id: items[0]!.id });
  });

  it("welcome-back DM: none when away too briefly, turned off, or a guest", async () => {
    await drain();
    const brief = await player("900000000000000009");
    await call(brief, "POST", "/lab/buy", { nodeId: "south:mining:unlock" });
    await call(brief, "POST", "/user/update-action", { skill: "mining", location: "garden" });
    const off = await player("910000000000000001");
    await call(off, "POST", "/lab/buy", { nodeId: "south:mining:unlock" });
    await call(off, "POST", "/user/update-action", { skill: "mining", location: "garden" });
    // off through the bot (/garden summaries off)
    expect((await bot("PUT", "/bot/players/910000000000000001/summaries", { enabled: false })).body).toEqual({
      summaries: false,
      language: "en",
    });
    expect((await call(off, "GET", "/user/notifications")).body).toEqual({
      summaries: false,
      language: "en",
      linked: true,
    });
    const guest = await player("guest-welcome");
    expect((await call(guest, "GET", "/user/notifications")).body.linked).toBe(false);
    await call(guest, "POST", "/lab/buy", { nodeId: "south:mining:unlock" });
    await call(guest, "POST", "/user/update-action", { skill: "mining", location: "garden" });
    clock.advance(10 * 60_000);
    await call(brief, "GET", "/user/sync-offline");
    clock.advance(30 * 60_000);
    await call(off, "GET", "/user/sync-offline");
    await call(guest, "GET", "/user/sync-offline");
    expect(await claim()).toEqual([]);
  });

  it("the outbox: an item a crashed bot held comes back after its lease, with the same id", async () => {
    await drain();
    await bot("POST", "/bot/panels", { type: "message", title: "Lease", _id: "lease" });
    const [held] = await claim("crashed");
    expect(await claim("other")).toEqual([]);
    clock.advance(31_000);
    const [again] = await claim("other");
    expect(again?.id).toBe(held?.id);
    expect((await bot("POST", "/bot/outbox/ack", { owner: "crashed", id: held!.id })).body).toEqual({
      ok: false,
    });
    expect((await bot("POST", "/bot/outbox/ack", { owner: "other", id: held!.id })).body).toEqual({
      ok: true,
    });
  });
});
