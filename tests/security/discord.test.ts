import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DiscordApi } from "../../bot/src/discord.ts";
import { type Log, OutboxWorker } from "../../bot/src/outbox.ts";
import { httpServerApi } from "../../bot/src/serverApi.ts";
import { type DiscordRestStub, startDiscordRestStub } from "../../bot/testing/discordStub.ts";
import type { TestClock } from "../../server/src/clock.ts";
import { queuePanelSync } from "../../server/src/game/outbox.ts";
import type { Panel } from "../../server/src/store/Store.ts";
import { type SecurityServer, startServer, WARN } from "./support.ts";

/**
 * Discord's limits: a panel the bot could not post is refused when it is written, button labels are cut
 * between graphemes, a message Discord refuses as malformed is parked instead of retried for ever, and
 * nothing the bot sends pings anyone. The Discord REST stub refuses what Discord refuses (50035).
 */

const BOT_API_TOKEN = "security-bot-token-0123456789abcdef";
const ADMIN = "100000000000000001";
const CHANNEL = "555000000000000001";
const FAMILY = "👨‍👩‍👧‍👦"; // one grapheme, 11 UTF-16 units
let t: SecurityServer;
let stub: DiscordRestStub;
let botLog: string[];

beforeAll(async () => {
  t = await startServer({ BOT_API_TOKEN, ADMIN_DISCORD_IDS: ADMIN });
  await t.server.accounts.ensurePlayer({ discordId: ADMIN, username: "admin" });
  stub = await startDiscordRestStub();
});
afterAll(async () => {
  await stub.close();
  await t.close();
});
beforeEach(() => {
  botLog = [];
});

const log: Log = {
  info: (m) => botLog.push(`info ${m}`),
  warn: (m) => botLog.push(`warn ${m}`),
  error: (m) => botLog.push(`error ${m}`),
};
const bot = () =>
  new OutboxWorker({
    server: httpServerApi(t.url, BOT_API_TOKEN),
    discord: new DiscordApi("stub-token", stub.api),
    panelChannelId: CHANNEL,
    log,
    panelEditEveryMs: 0,
    owner: "security-bot",
  });
const adminJson = (method: string, path: string, body?: unknown) =>
  fetch(`${t.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${t.server.signer.sessionToken(ADMIN, t.server.clock.now())}`,
      "content-type": "application/json",
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const options = (n: number, label: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => ({ id: `o${i}`, label: label(i) }));
const panelIds = async () =>
  ((await (await adminJson("GET", "/api/admin/panels")).json()) as { panels: { _id: string }[] }).panels.map(
    (p) => p._id,
  );

describe("panels Discord cannot display", () => {
  it("the issue's poll (200-character title, 4,000-character body, ten 200-character options) is 400 naming the 6,000 limit; nothing is created or queued", async () => {
    const before = await panelIds();
    const res = await adminJson("POST", "/api/admin/panels", {
      _id: "huge",
      type: "poll",
      title: "T".repeat(200),
      body: "B".repeat(4000),
      options: options(10, (i) => `${i}`.repeat(200)),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(
      /at most 6000 characters; this one would be 6700/,
    );
    expect(await panelIds()).toEqual(before);
    expect(await bot().runOnce()).toBe(0);
  });

  it("an update that would push a panel over the limit is 400 and leaves it as it was", async () => {
    const created = await adminJson("POST", "/api/admin/panels", {
      _id: "grows",
      type: "poll",
      title: "Grows",
      options: options(10, () => "x".repeat(150)),
    });
    expect(created.status).toBe(200);
    const res = await adminJson("PATCH", "/api/admin/panels/grows", { body: "B".repeat(4000) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/6000/);
    expect((await t.server.store.getPanel("grows"))?.body).toBe("");
    await bot().runOnce();
  });

  it("two options with one id are refused (Discord refuses two buttons with the same id)", async () => {
    const res = await adminJson("POST", "/api/admin/panels", {
      type: "poll",
      title: "Twins",
      options: [
        { id: "a", label: "A" },
        { id: "a", label: "B" },
      ],
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/option ids must differ/);
  });

  it("the largest poll accepted is posted as it is; labels are cut between graphemes; it pings nobody", async () => {
    const label = FAMILY.repeat(18);
    const title = "T".repeat(200);
    const body = "B".repeat(6000 - 100 - title.length - 10 * (label.length + 40));
    const res = await adminJson("POST", "/api/admin/panels", {
      _id: "largest",
      type: "poll",
      title,
      body,
      options: options(10, () => label),
    });
    expect(res.status).toBe(200);
    expect(await bot().runOnce()).toBe(1);
    const message = stub
      .channelMessages(CHANNEL)
      .find((m) => (m.body.embeds as { title: string }[] | undefined)?.[0]?.title === title);
    const sent = message?.body as {
      components: { components: { label: string }[] }[];
      allowed_mentions: unknown;
    };
    const labels = sent.components.flatMap((row) => row.components.map((b) => b.label));
    expect(labels).toHaveLength(10);
    for (const l of labels) {
      expect(l.length).toBeLessThanOrEqual(80);
      expect(l).toMatch(new RegExp(`^(${FAMILY})+… \\(0\\)$`, "u"));
    }
    for (const call of stub.calls.filter((c) => c.method !== "GET" && c.path.startsWith("/channels/")))
      expect(call.body).toMatchObject({ allowed_mentions: { parse: [] } });
  });

  it("a panel Discord refuses (stored before these checks) is parked: acknowledged with the reason, logged, never sent again", async () => {
    const legacy: Panel = {
      _id: "legacy",
      version: 1,
      type: "poll",
      title: "T".repeat(200),
      body: "B".repeat(4000),
      dismissible: true,
      options: options(10, (i) => `${i}`.repeat(200)),
      active: true,
      createdAt: t.server.clock.now(),
    };
    await t.server.store.savePanel(legacy);
    await queuePanelSync(t.server.store, "legacy", t.server.clock.now());
    const posts = () =>
      stub.calls.filter((c) => c.method === "POST" && c.path.startsWith("/channels/")).length;
    const before = posts();
    expect(await bot().runOnce()).toBe(1);
    expect(posts()).toBe(before + 1);
    expect(botLog, botLog.join("\n")).toContain("error outbox item parked: Discord refuses it as malformed");
    expect(t.logs).toContainEqual(
      expect.objectContaining({
        level: WARN,
        msg: "outbox item parked by the bot",
        reason: expect.stringMatching(/^Discord 50035: Invalid Form Body/),
      }),
    );
    // past the lease an unacknowledged item would be claimed again
    (t.server.clock as TestClock).advance(61_000);
    expect(await bot().runOnce()).toBe(0);
    expect(posts()).toBe(before + 1);
  });
});

describe("poll option ids", () => {
  it("__proto__ and constructor are refused as option ids", async () => {
    for (const id of ["__proto__", "constructor"]) {
      const res = await adminJson("POST", "/api/admin/panels", {
        type: "poll",
        title: "Proto",
        options: [
          { id, label: "A" },
          { id: "b", label: "B" },
        ],
      });
      expect(res.status, id).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/not a name every object has/);
    }
  });

  it("votes under such an id (stored before the check) keep their count in the admin's tally", async () => {
    await t.server.store.savePanel({
      _id: "proto",
      version: 1,
      type: "poll",
      title: "Proto",
      body: "",
      dismissible: true,
      options: [
        { id: "__proto__", label: "A" },
        { id: "b", label: "B" },
      ],
      active: true,
      createdAt: t.server.clock.now(),
    });
    await t.server.store.recordVote("proto", ADMIN, "__proto__");
    await t.server.store.recordVote("proto", "guest-00000000-0000-4000-8000-000000000001", "__proto__");
    const list = (await (await adminJson("GET", "/api/admin/panels")).json()) as {
      panels: { _id: string; votes: { linked: object; guests: object } }[];
    };
    const votes = list.panels.find((p) => p._id === "proto")?.votes;
    expect(Object.entries(votes?.linked ?? {})).toEqual([["__proto__", 1]]);
    expect(Object.entries(votes?.guests ?? {})).toEqual([["__proto__", 1]]);
  });
});

describe("the bot's service API", () => {
  it("wrong bot tokens are limited per address (429 naming the limit); the right token still works", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await fetch(`${t.url}/api/bot/outbox/claim`, {
        method: "POST",
        headers: { authorization: `Bearer guess-${i}`, "content-type": "application/json" },
        body: JSON.stringify({ owner: "x", limit: 1, leaseMs: 1000 }),
      });
      statuses.push(res.status);
      if (res.status === 429)
        expect(((await res.json()) as { error: string }).error).toMatch(/20 in 10 minutes/);
      else await res.body?.cancel();
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual(Array(5).fill(429));
    expect(await bot().runOnce()).toBe(0);
  });
});
