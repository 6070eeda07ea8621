import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import type { APIInteraction } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBot, handleInteraction, type InteractionDeps } from "../../bot/src/index.ts";
import {
  type DiscordRestStub,
  ENTRY_POINT_REMOVED,
  startDiscordRestStub,
} from "../../bot/testing/discordStub.ts";
import { type RunningServer, removeDataDir, startServer } from "../support/startServer.ts";
import { Browser } from "./httpClient.ts";

/**
 * The bot end to end: the real server (a child process) and the bot against a local stub of Discord's
 * REST API. Panels made in Discord, votes from the website and from buttons counted together; a bot
 * killed in the middle of sending resumes without losing or repeating anything.
 */

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const BOT_API_TOKEN = "integration-bot-token-0123456789";
const CHANNEL = "555000000000000001";
const MANAGE_GUILD = String(1 << 5);
const NO_MENTIONS = { allowed_mentions: { parse: [] } };

let stub: DiscordRestStub;
let server: RunningServer;
const children: ChildProcess[] = [];

beforeAll(async () => {
  stub = await startDiscordRestStub();
  server = await startServer({ BOT_API_TOKEN, RATE_LIMIT_WRITES: "0" });
});
afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await server?.stop();
  await stub?.close();
  if (server) removeDataDir(server.dataDir);
});

const botConfig = () => ({
  discordToken: "stub-token",
  apiToken: BOT_API_TOKEN,
  serverUrl: server.url,
  gameUrl: server.url,
  discordApiBase: stub.api,
  panelChannelId: CHANNEL,
  guildId: "666000000000000001",
  adminIds: [],
  panelEditEveryMs: 0,
  pollMs: 100,
});

function interaction(userId: string, rest: Record<string, unknown>, permissions = "0"): APIInteraction {
  return {
    id: `99${Math.floor(Math.random() * 1e15)}`,
    application_id: stub.applicationId,
    token: "interaction-token",
    version: 1,
    locale: "en-US",
    guild_id: "666000000000000001",
    channel_id: CHANNEL,
    member: {
      user: { id: userId, username: "u", discriminator: "0", global_name: null, avatar: null },
      permissions,
    },
    ...rest,
  } as unknown as APIInteraction;
}
const panelCommand = (sub: string, values: Record<string, string>) =>
  interaction(
    "800000000000000003",
    {
      type: 2,
      data: {
        id: "1",
        name: "panel",
        type: 1,
        options: [
          {
            type: 1,
            name: sub,
            options: Object.entries(values).map(([name, value]) => ({ type: 3, name, value })),
          },
        ],
      },
    },
    MANAGE_GUILD,
  );
/** A click on a button of a posted message (the payload carries the message, as Discord's does). */
const click = (userId: string, messageId: string, customId: string) =>
  interaction(userId, {
    type: 3,
    data: { custom_id: customId, component_type: 2 },
    message: {
      id: messageId,
      channel_id: CHANNEL,
      components: stub.messages.get(messageId)?.body.components,
    },
  });

type Button = { custom_id: string; label: string; disabled: boolean };
const buttons = (messageId: string) =>
  ((stub.messages.get(messageId)?.body.components ?? []) as { components: Button[] }[]).flatMap(
    (r) => r.components,
  );

describe("the Discord bot against the real server", () => {
  it("a poll made with /panel is posted; website and button votes count together on both; closing disables it", async () => {
    const bot = createBot(botConfig(), { info() {}, warn() {}, error() {} });
    const deps: InteractionDeps = await bot.start();
    await handleInteraction(
      panelCommand("create", { title: "Next boss?", options: "Beetle, Mosquito", id: "boss" }),
      deps,
    );
    await bot.worker.runOnce();
    const [posted] = stub.channelMessages(CHANNEL);
    expect(buttons(posted!.id).map((b) => [b.custom_id, b.label])).toEqual([
      ["panel:boss:o1", "Beetle (0)"],
      ["panel:boss:o2", "Mosquito (0)"],
    ]);

    // a website player votes Beetle; a Discord user who never played votes Mosquito with the button
    const web = new Browser(server.url);
    await web.signInAsGuest();
    expect((await web.json("POST", "/api/panels/boss/vote", { optionId: "o1" })).status).toBe(200);
    const before = stub.calls.length;
    await handleInteraction(click("300000000000000003", posted!.id, "panel:boss:o2"), deps);
    const answered = stub.calls.slice(before);
    expect(answered[0]?.path).toMatch(/^\/interactions\/.+\/callback$/);
    expect(answered.at(-1)?.body).toEqual({ content: "Vote recorded: Mosquito.", ...NO_MENTIONS });
    await handleInteraction(click("300000000000000003", posted!.id, "panel:boss:o1"), deps);
    expect(stub.calls.at(-1)?.body).toEqual({ content: "You already chose Mosquito.", ...NO_MENTIONS });

    // one sync edits the same message with both votes; the website shows the same totals
    await bot.worker.runOnce();
    expect(stub.channelMessages(CHANNEL)).toHaveLength(1);
    expect(buttons(posted!.id).map((b) => b.label)).toEqual(["Beetle (1)", "Mosquito (1)"]);
    const other = new Browser(server.url);
    await other.signInAsGuest();
    expect((await other.json("GET", "/api/panels/active")).body.votes).toEqual({ o1: 1, o2: 1 });

    await handleInteraction(panelCommand("close", { id: "boss" }), deps);
    await bot.worker.runOnce();
    expect(buttons(posted!.id).map((b) => [b.label, b.disabled])).toEqual([
      ["Beetle (1)", true],
      ["Mosquito (1)", true],
    ]);
  });

  it("a bot killed in the middle of a DM resumes after its lease: one DM, one panel post, empty outbox", async () => {
    const db = new Database(join(server.dataDir, "pickle-garden.sqlite"));
    const pending = () => (db.prepare("SELECT COUNT(*) AS n FROM outbox").get() as { n: number }).n;
    try {
      const dm = {
        discordId: "777000000000000001",
        username: "Sprout",
        language: "en",
        gameUrl: server.url,
        awayMs: 3_600_000,
        gathered: [{ id: 10001, quantity: 12 }],
        crafted: [],
        craftingSkill: null,
        fought: null,
        levels: [],
        xp: { mining: 300 },
        rp: 1,
        lostToFullInventory: 0,
        craftStoppedForInventory: false,
      };
      // a welcome-back DM waits (as the server queues it when a linked player comes back), then a panel
      db.prepare(
        "INSERT INTO outbox (key, id, kind, payload, created_at) VALUES (?, ?, 'summary', ?, 0)",
      ).run("summary:777000000000000001:1", "dmnonce0000000001", JSON.stringify(dm));
      const created = await fetch(`${server.url}/api/bot/panels`, {
        method: "POST",
        headers: { authorization: `Bearer ${BOT_API_TOKEN}`, "content-type": "application/json" },
        body: JSON.stringify({ _id: "news", type: "message", title: "Patch notes" }),
      });
      expect(created.status).toBe(200);

      // Discord takes the DM but the answer never comes back: the bot is killed while it waits
      stub.hang(/^\/channels\/\d+\/messages$/);
      const first = startBot();
      await stub.waitFor((c) => c.method === "POST" && c.path === "/channels/777000000000999000/messages");
      first.kill("SIGKILL");
      await new Promise((resolve) => first.once("exit", resolve));
      stub.hang(null);
      expect(pending()).toBe(2);

      // the lease (60 s) runs out on the server's clock; a new bot claims the same items again
      await fetch(`${server.url}/api/test/clock`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ advanceMs: 61_000 }),
      });
      const second = startBot();
      await waitUntil(() => pending() === 0);
      second.kill("SIGTERM");

      const dmPosts = stub.calls.filter(
        (c) => c.method === "POST" && c.path === "/channels/777000000000999000/messages",
      );
      expect(dmPosts.map((c) => (c.body as { nonce: string }).nonce)).toEqual([
        "dmnonce0000000001",
        "dmnonce0000000001",
      ]);
      expect(stub.channelMessages("777000000000999000")).toHaveLength(1);
      const news = stub
        .channelMessages(CHANNEL)
        .filter((m) => (m.body.embeds as { title: string }[] | undefined)?.[0]?.title === "Patch notes");
      expect(news).toHaveLength(1);
    } finally {
      db.close();
    }
  });
});

describe("the bot where Discord holds an Entry Point command", () => {
  it("registers its commands globally beside the Entry Point, and panels work", async () => {
    const bot = createBot({ ...botConfig(), guildId: undefined }, { info() {}, warn() {}, error() {} });
    const deps = await bot.start();
    const global = stub.commands.get(`/applications/${stub.applicationId}/commands`) ?? [];
    expect(global.map((c) => c.name)).toEqual(["garden", "panel", "launch"]);
    await handleInteraction(panelCommand("create", { title: "Entry point kept", id: "kept" }), deps);
    await bot.worker.runOnce();
    const titles = stub
      .channelMessages(CHANNEL)
      .map((m) => (m.body.embeds as { title: string }[] | undefined)?.[0]?.title);
    expect(titles).toContain("Entry point kept");
  });

  it("a refused registration is logged and the bot keeps running: its DMs still go out", async () => {
    const db = new Database(join(server.dataDir, "pickle-garden.sqlite"));
    stub.refuseCommands(ENTRY_POINT_REMOVED);
    try {
      const dm = {
        discordId: "777000000000000002",
        username: "Bud",
        language: "en",
        gameUrl: server.url,
        awayMs: 3_600_000,
        gathered: [],
        crafted: [],
        craftingSkill: null,
        fought: null,
        levels: [],
        xp: {},
        rp: 0,
        lostToFullInventory: 0,
        craftStoppedForInventory: false,
      };
      db.prepare(
        "INSERT INTO outbox (key, id, kind, payload, created_at) VALUES (?, ?, 'summary', ?, 0)",
      ).run("summary:777000000000000002:1", "dmnonce0000000002", JSON.stringify(dm));
      let output = "";
      const bot = startBot({ DISCORD_GUILD_ID: "" });
      bot.stdout?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
      });
      bot.stderr?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
      });
      await stub.waitFor((c) => c.method === "POST" && c.path === "/channels/777000000000999000/messages");
      await waitUntil(() => output.includes("running"));
      expect(output).toContain("Discord refused the command registration");
      expect(bot.exitCode).toBeNull();
      bot.kill("SIGTERM");
    } finally {
      stub.refuseCommands(null);
      db.close();
    }
  });
});

function startBot(env: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "bot/src/main.ts"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DISCORD_BOT_TOKEN: "stub-token",
      BOT_API_TOKEN,
      BOT_SERVER_URL: server.url,
      DISCORD_API_BASE: stub.api,
      DISCORD_PANEL_CHANNEL_ID: CHANNEL,
      DISCORD_GUILD_ID: "666000000000000001",
      BOT_NO_GATEWAY: "1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  return child;
}

async function waitUntil(condition: () => boolean, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error("timed out waiting for the outbox to empty");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
