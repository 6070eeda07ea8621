import type { BotOutboxItem, WelcomeBack } from "@pickle-garden/shared";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type DiscordRestStub, startDiscordRestStub } from "../testing/discordStub.ts";
import { FakeServer } from "../testing/fakeServer.ts";
import { commandDefinitions } from "./commands.ts";
import { DiscordApi } from "./discord.ts";
import { type Log, OutboxWorker } from "./outbox.ts";

const CHANNEL = "555000000000000001";
let stub: DiscordRestStub;
let server: FakeServer;
let logged: string[];
let clock: number;
let slept: number[];

const log: Log = {
  info: (m) => logged.push(`info ${m}`),
  warn: (m) => logged.push(`warn ${m}`),
  error: (m) => logged.push(`error ${m}`),
};

function worker(editEveryMs = 5000) {
  return new OutboxWorker({
    server,
    discord: new DiscordApi("stub-token", stub.api),
    panelChannelId: CHANNEL,
    log,
    panelEditEveryMs: editEveryMs,
    owner: "bot-test",
    now: () => clock,
    sleep: async (ms) => {
      slept.push(ms);
      clock += ms;
    },
  });
}

const poll = (over: Partial<NonNullable<Extract<BotOutboxItem, { kind: "panel" }>["panel"]>> = {}) => ({
  _id: "boss",
  version: 1,
  type: "poll" as const,
  title: "Next boss?",
  body: "Pick one",
  dismissible: true,
  options: [
    { id: "a", label: "Beetle" },
    { id: "b", label: "Mosquito" },
  ],
  active: true,
  createdAt: 0,
  ...over,
});

function panelItem(id: string, votes: Record<string, number>, over = {}): BotOutboxItem {
  const message = server.messages.get("boss") ?? null;
  return { kind: "panel", id, panelId: "boss", panel: poll(over), votes, message };
}

const dm = (discordId: string, bonusXp = 0): WelcomeBack => ({
  discordId,
  username: "Sprout",
  language: "fr",
  gameUrl: "https://garden.example.com",
  awayMs: 2 * 3_600_000 + 5 * 60_000,
  gathered: [{ id: 10001, quantity: 40 }],
  crafted: [],
  craftingSkill: null,
  fought: null,
  levels: [{ skill: "mining", from: 3, to: 5 }],
  xp: { mining: 1200, picklelogy: 600 },
  bonusXp,
  rp: 12.5,
  lostToFullInventory: 3,
  craftStoppedForInventory: false,
  questsReady: [
    {
      id: "20782.0",
      kind: "gather",
      skill: "mining",
      subject: null,
      location: null,
      count: 1200,
      progress: 1200,
      reward: { gold: 1200, rp: 120, xp: 1200 },
      claimed: false,
    },
  ],
});

beforeEach(async () => {
  stub = await startDiscordRestStub();
  server = new FakeServer();
  logged = [];
  clock = 1_000_000;
  slept = [];
});
afterEach(async () => {
  await stub.close();
});

describe("outbox: panels", () => {
  it("posts a poll once (embed, one button per option, nonce), records the message and acknowledges", async () => {
    server.queue.push(panelItem("item1", {}));
    expect(await worker().runOnce()).toBe(1);
    const [message] = stub.channelMessages(CHANNEL);
    expect(message?.nonce).toBe("item1");
    expect(stub.calls.find((c) => c.method === "POST")?.body).toMatchObject({ enforce_nonce: true });
    const body = message!.body as { embeds: { title: string }[]; components: { components: unknown[] }[] };
    expect(body.embeds[0]?.title).toBe("Next boss?");
    expect(body.components[0]?.components).toEqual([
      expect.objectContaining({ custom_id: "panel:boss:a", label: "Beetle (0)", disabled: false }),
      expect.objectContaining({ custom_id: "panel:boss:b", label: "Mosquito (0)", disabled: false }),
    ]);
    expect(server.messages.get("boss")).toEqual({ channelId: CHANNEL, messageId: message!.id });
    expect(server.acked).toEqual(["item1"]);
  });

  it("edits the posted message for an update and a close (buttons disabled, final counts), never posts again", async () => {
    const w = worker(0);
    server.queue.push(panelItem("item1", {}));
    await w.runOnce();
    server.queue.push(panelItem("item2", { a: 2, b: 1 }, { version: 2, title: "Next boss? (edited)" }));
    await w.runOnce();
    server.queue.push(panelItem("item3", { a: 3, b: 1 }, { version: 2, active: false }));
    await w.runOnce();
    const messages = stub.channelMessages(CHANNEL);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.edits).toBe(2);
    const body = messages[0]!.body as {
      embeds: { footer: { text: string }; fields: { value: string }[] }[];
      components: { components: { label: string; disabled: boolean }[] }[];
    };
    expect(body.components[0]?.components.map((b) => [b.label, b.disabled])).toEqual([
      ["Beetle (3)", true],
      ["Mosquito (1)", true],
    ]);
    expect(body.embeds[0]?.footer.text).toContain("final counts");
    expect(body.embeds[0]?.fields.map((f) => f.value)).toEqual(["3 votes · 75%", "1 vote · 25%"]);
    expect(server.acked).toEqual(["item1", "item2", "item3"]);
  });

  it("edits of one panel are spaced: at most one every panelEditEveryMs, however many syncs", async () => {
    const w = worker(5000);
    server.queue.push(panelItem("item1", {}));
    await w.runOnce();
    for (let n = 1; n <= 3; n++) {
      server.queue.push(panelItem(`vote${n}`, { a: n }));
      await w.runOnce();
    }
    const edits = stub.calls.filter((c) => c.method === "PATCH" && c.path.startsWith("/channels/"));
    expect(edits).toHaveLength(3);
    // each edit waited for the previous one's 5 s to pass (the fake clock only moves by sleeping)
    expect(slept).toEqual([5000, 5000, 5000]);
  });

  it("when Discord refuses to edit an old message (30046), posts a fresh one and retires the old", async () => {
    const w = worker(0);
    server.queue.push(panelItem("item1", {}));
    await w.runOnce();
    const old = stub.channelMessages(CHANNEL)[0]!;
    stub.oldMessages.add(old.id);
    server.queue.push(panelItem("item2", { a: 1 }));
    await w.runOnce();
    const now = stub.channelMessages(CHANNEL);
    expect(now).toHaveLength(1);
    expect(now[0]?.id).not.toBe(old.id);
    expect(stub.messages.get(old.id)?.deleted).toBe(true);
    expect(server.messages.get("boss")).toEqual({ channelId: CHANNEL, messageId: now[0]!.id });
    expect(server.acked).toEqual(["item1", "item2"]);
  });

  it("a closed panel that was never posted is not posted", async () => {
    server.queue.push(panelItem("item1", {}, { active: false }));
    await worker().runOnce();
    expect(stub.channelMessages(CHANNEL)).toEqual([]);
    expect(server.acked).toEqual(["item1"]);
  });
});

describe("outbox: welcome-back DMs", () => {
  it("DMs the embed in the player's language with the item id as nonce", async () => {
    server.queue.push({ kind: "summary", id: "dm-item-1", summary: dm("777000000000000001") });
    await worker().runOnce();
    const open = stub.calls.find((c) => c.path === "/users/@me/channels");
    expect(open?.body).toEqual({ recipient_id: "777000000000000001" });
    const sent = stub.calls.find((c) => c.method === "POST" && /^\/channels\/\d+\/messages$/.test(c.path));
    expect(sent?.body).toMatchObject({ nonce: "dm-item-1", enforce_nonce: true });
    const embed = (sent!.body as { embeds: Record<string, unknown>[] }).embeds[0] as {
      title: string;
      description: string;
      url: string;
      fields: { name: string; value: string }[];
    };
    expect(embed.title).toBe("Bon retour, Sprout !");
    expect(embed.description).toBe("Vous avez été absent·e 2 h 5 min.");
    expect(embed.url).toBe("https://garden.example.com");
    const fields = Object.fromEntries(embed.fields.map((f) => [f.name, f.value]));
    expect(fields.Récolté).toBe("40 × Terre");
    expect(fields["Niveaux gagnés"]).toBe("Minage 3 → 5");
    expect(fields["XP par compétence"]).toContain("Minage : +1");
    expect(fields["Perdu (inventaire plein)"]).toBe("3 objets");
    expect(fields["Quêtes à réclamer"]).toBe("Récolter 1\u202f200 ressources en Minage");
    expect(fields["XP par compétence"]).not.toContain("bonus");
    expect(server.acked).toEqual(["dm-item-1"]);
  });

  it("announces a party boss beaten in the panel channel, naming who stayed, with the item id as nonce", async () => {
    server.queue.push({
      kind: "boss",
      id: "boss-item-1",
      kill: { bossId: "wasp_queen", names: ["Ann", "Bob"], at: 1 },
    });
    await worker().runOnce();
    const sent = stub.calls.find((c) => c.method === "POST" && c.path === `/channels/${CHANNEL}/messages`);
    expect(sent?.body).toMatchObject({
      content: "🏆 Ann, Bob beat the Wasp Queen, a party boss of the garden!",
      nonce: "boss-item-1",
      enforce_nonce: true,
    });
    expect(server.acked).toEqual(["boss-item-1"]);
  });

  it("names the subscription's bonus xp when there was some", async () => {
    server.queue.push({ kind: "summary", id: "dm-item-9", summary: dm("777000000000000009", 400) });
    await worker().runOnce();
    const sent = stub.calls.find((c) => c.method === "POST" && /^\/channels\/\d+\/messages$/.test(c.path));
    const embed = (sent!.body as { embeds: { fields: { name: string; value: string }[] }[] }).embeds[0]!;
    const xp = embed.fields.find((f) => f.name === "XP par compétence")?.value;
    expect(xp).toContain("dont +400 XP de bonus de soutien au jardin");
  });

  it("a DM Discord refuses (50007) is logged once and turns that player's summaries off", async () => {
    stub.closedDms.add("777000000000000002");
    server.queue.push({ kind: "summary", id: "dm-item-2", summary: dm("777000000000000002") });
    await worker().runOnce();
    expect(server.calls.filter((c) => c.name === "setSummaries").map((c) => c.args)).toEqual([
      ["777000000000000002", false, undefined],
    ]);
    expect(logged.filter((l) => l.includes("50007"))).toHaveLength(1);
    expect(server.acked).toEqual(["dm-item-2"]);
  });

  it("a failure other than 50007 leaves the item unacknowledged, to be claimed again", async () => {
    server.queue.push({ kind: "summary", id: "dm-item-3", summary: dm("777000000000000003") });
    const w = new OutboxWorker({
      server,
      discord: new DiscordApi("stub-token", "http://127.0.0.1:1/api"),
      panelChannelId: CHANNEL,
      log,
      panelEditEveryMs: 0,
      owner: "bot-test",
    });
    await w.runOnce();
    expect(server.acked).toEqual([]);
    expect(logged.some((l) => l.startsWith("error outbox delivery failed"))).toBe(true);
  });
});

describe("outbox: polling", () => {
  it("says once that the server is unreachable, and once that it is back", async () => {
    let polls = 0;
    const w = worker();
    server.claim = async () => {
      polls++;
      if (polls === 5) w.stop();
      if (polls <= 3) throw new Error("ECONNREFUSED");
      return [];
    };
    await w.run(1000);
    expect(polls).toBe(5);
    expect(logged).toEqual([
      "warn cannot reach the server's outbox",
      "info the server's outbox is reachable again",
    ]);
    expect(slept).toEqual([1000, 1000, 1000, 1000]);
  });
});

describe("command registration", () => {
  it("registers /garden and /panel in the development server, or globally", async () => {
    const discord = new DiscordApi("stub-token", stub.api);
    const appId = await discord.applicationId();
    await discord.registerCommands(appId, commandDefinitions(), "666000000000000001");
    await discord.registerCommands(appId, commandDefinitions());
    const puts = stub.calls.filter((c) => c.method === "PUT");
    expect(puts.map((c) => c.path)).toEqual([
      `/applications/${stub.applicationId}/guilds/666000000000000001/commands`,
      `/applications/${stub.applicationId}/commands`,
    ]);
    const names = (puts[0]!.body as { name: string; options: { name: string }[] }[]).map(
      (c) => `${c.name}:${c.options.map((o) => o.name).join(",")}`,
    );
    expect(names).toEqual(["garden:status,summaries", "panel:create,update,close"]);
  });

  it("keeps the Entry Point command Discord made when Activities were enabled, where a bare overwrite is refused", async () => {
    const discord = new DiscordApi("stub-token", stub.api);
    const appId = await discord.applicationId();
    const global = `/applications/${appId}/commands`;
    const [launch] = stub.commands.get(global)!;
    // what the bot used to send: its own commands alone
    await expect(
      discord.rest.put(`/applications/${appId}/commands`, { body: commandDefinitions() }),
    ).rejects.toMatchObject({
      status: 400,
      code: 50240,
    });
    await discord.registerCommands(appId, commandDefinitions());
    const now = stub.commands.get(global)!;
    expect(now.map((c) => `${c.type ?? 1}:${c.name}`)).toEqual(["1:garden", "1:panel", "4:launch"]);
    expect(now.find((c) => c.type === 4)).toMatchObject({ id: launch!.id, handler: 2 });
  });
});

describe("outbox: the garden's weekly goal", () => {
  // the server's weekly panel (server/src/game/weeklyPanel.ts): a message panel it rewrites as the count moves
  const weekly = (id: string, body: string, active = true): BotOutboxItem => ({
    kind: "panel",
    id,
    panelId: "weekly-2900",
    panel: {
      _id: "weekly-2900",
      version: 1,
      type: "message",
      title: "The garden's weekly goal",
      body,
      dismissible: true,
      options: [],
      active,
      createdAt: 0,
    },
    votes: {},
    message: server.messages.get("weekly-2900") ?? null,
  });
  const embedOf = (body: unknown) =>
    (body as { embeds: { title: string; description: string; color: number }[] }).embeds[0]!;

  it("is posted in the panel channel, edited as it moves (spaced, 30046 fallback) and closed", async () => {
    const w = worker(5000);
    server.queue.push(weekly("w1", "1,500 / 1,000,000 resources gathered (0%) by 2 gardeners."));
    await w.runOnce();
    const [posted] = stub.channelMessages(CHANNEL);
    expect(embedOf(posted!.body)).toMatchObject({ title: "The garden's weekly goal" });
    expect(embedOf(posted!.body).description).toContain("1,500 / 1,000,000");

    server.queue.push(weekly("w2", "2,000 / 1,000,000 resources gathered (0%) by 3 gardeners."));
    await w.runOnce();
    expect(slept).toEqual([5000]);
    expect(stub.channelMessages(CHANNEL)).toHaveLength(1);
    expect(embedOf(stub.channelMessages(CHANNEL)[0]!.body).description).toContain("2,000 / 1,000,000");

    // a week is long: Discord may refuse to edit the old message, then a fresh one carries the final state
    stub.oldMessages.add(posted!.id);
    server.queue.push(weekly("w3", "The week is over. 2,000 / 1,000,000 resources.", false));
    await w.runOnce();
    const [closed] = stub.channelMessages(CHANNEL);
    expect(closed?.id).not.toBe(posted!.id);
    expect(embedOf(closed!.body).description).toContain("The week is over");
    expect(embedOf(closed!.body).color).toBe(0x7a7a7a);
    expect(server.acked).toEqual(["w1", "w2", "w3"]);
  });
});
