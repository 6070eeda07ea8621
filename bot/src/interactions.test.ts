import { type APIInteraction, InteractionResponseType, InteractionType, MessageFlags } from "discord.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type DiscordRestStub, startDiscordRestStub } from "../testing/discordStub.ts";
import { FakeServer } from "../testing/fakeServer.ts";
import { DiscordApi } from "./discord.ts";
import { handleInteraction, type InteractionDeps } from "./interactions.ts";

/** Interaction handlers fed payloads of Discord's shape, answering through the REST stub. */

let stub: DiscordRestStub;
let server: FakeServer;
let deps: InteractionDeps;
/** one timeline of Discord calls and server calls, to check the acknowledgement comes first */
let timeline: string[];

const MEMBER = "800000000000000001";
const ADMIN = "800000000000000002";
const MANAGER = "800000000000000003";
const MANAGE_GUILD = String(1 << 5);

beforeEach(async () => {
  stub = await startDiscordRestStub();
  server = new FakeServer();
  timeline = [];
  server.onCall = (name) => timeline.push(`server:${name}`);
  deps = {
    server,
    discord: new DiscordApi("stub-token", stub.api),
    applicationId: stub.applicationId,
    adminIds: [ADMIN],
    gameUrl: "https://garden.example.com",
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
  };
});
afterEach(async () => {
  await stub.close();
});

/** Checks that a body the bot sent pings nobody (allowed_mentions: none), and answers it without that. */
function pingsNobody(body: unknown): unknown {
  const { allowed_mentions, ...rest } = body as { allowed_mentions?: unknown; data?: unknown };
  if (rest.data !== undefined) return { ...rest, data: pingsNobody(rest.data) };
  expect(allowed_mentions).toEqual({ parse: [] });
  return rest;
}

async function run(i: APIInteraction) {
  const before = stub.calls.length;
  stub.onCall = (call) => timeline.push(`discord:${call.method} ${call.path.split("/")[1]}`);
  await handleInteraction(i, deps);
  return stub.calls.slice(before).map((c) => ({ ...c, body: pingsNobody(c.body) }));
}

const base = (userId: string, permissions = "0", locale = "en-US") => ({
  id: "990000000000000001",
  application_id: "123400000000000001",
  token: "interaction-token",
  version: 1,
  locale,
  guild_id: "666000000000000001",
  channel_id: "555000000000000001",
  member: {
    user: { id: userId, username: "someone", discriminator: "0", global_name: null, avatar: null },
    permissions,
    roles: [],
    joined_at: "2026-01-01T00:00:00.000Z",
    deaf: false,
    mute: false,
    flags: 0,
  },
  app_permissions: "0",
  entitlements: [],
  authorizing_integration_owners: {},
});

function button(userId: string, customId: string, locale = "en-US"): APIInteraction {
  return {
    ...base(userId, "0", locale),
    type: InteractionType.MessageComponent,
    data: { custom_id: customId, component_type: 2 },
    message: {
      id: "900000000000000010",
      channel_id: "555000000000000001",
      components: [
        {
          type: 1,
          components: [
            { type: 2, style: 1, custom_id: "panel:boss:a", label: "Beetle (3)" },
            { type: 2, style: 1, custom_id: "panel:boss:b", label: "Mosquito (1)" },
          ],
        },
      ],
    },
  } as unknown as APIInteraction;
}

function command(
  userId: string,
  name: string,
  sub: string,
  values: Record<string, string>,
  permissions = "0",
  locale = "en-US",
) {
  return {
    ...base(userId, permissions, locale),
    type: InteractionType.ApplicationCommand,
    data: {
      id: "1",
      name,
      type: 1,
      options: [
        {
          type: 1,
          name: sub,
          options: Object.entries(values).map(([n, value]) => ({ type: 3, name: n, value })),
        },
      ],
    },
  } as unknown as APIInteraction;
}

const deferEphemeral = {
  type: InteractionResponseType.DeferredChannelMessageWithSource,
  data: { flags: MessageFlags.Ephemeral },
};

describe("vote buttons", () => {
  it("acknowledges first, records the vote for that Discord user, answers in private", async () => {
    const calls = await run(button(MEMBER, "panel:boss:a"));
    expect(calls[0]?.path).toBe("/interactions/990000000000000001/interaction-token/callback");
    expect(calls[0]?.body).toEqual(deferEphemeral);
    expect(timeline.slice(0, 2)).toEqual(["discord:POST interactions", "server:vote"]);
    expect(server.calls.find((c) => c.name === "vote")?.args).toEqual(["boss", MEMBER, "a"]);
    expect(calls[1]?.path).toBe(`/webhooks/${stub.applicationId}/interaction-token/messages/@original`);
    expect(calls[1]?.body).toEqual({ content: "Vote recorded: Beetle." });
    expect(calls).toHaveLength(2);
  });

  it("a second click answers the option already chosen, in the user's language", async () => {
    await run(button(MEMBER, "panel:boss:a"));
    const calls = await run(button(MEMBER, "panel:boss:b", "fr"));
    expect(calls.at(-1)?.body).toEqual({ content: "Vous avez déjà choisi Beetle." });
  });

  it("ignores buttons that are not ours", async () => {
    expect(await run(button(MEMBER, "something-else"))).toEqual([]);
    expect(server.calls).toEqual([]);
  });
});

describe("the Activity's Entry Point command", () => {
  it("handed to the app (handler 1), it answers LAUNCH_ACTIVITY so Discord opens the Activity", async () => {
    const launch = {
      ...base(MEMBER),
      type: InteractionType.ApplicationCommand,
      data: { id: "123400000000000900", name: "launch", type: 4 },
    } as unknown as APIInteraction;
    const before = stub.calls.length;
    await handleInteraction(launch, deps);
    expect(stub.calls.slice(before).map((c) => [c.path, c.body])).toEqual([
      [`/interactions/990000000000000001/interaction-token/callback`, { type: 12 }],
    ]);
    expect(server.calls).toEqual([]);
  });
});

describe("/garden", () => {
  it("status: deferred, then an embed with the activity, levels and RP", async () => {
    server.status_ = {
      found: true,
      username: "Sprout",
      online: false,
      activity: {
        skill: "mining",
        location: "garden",
        progress: 0.25,
        nextLevelInMs: 95 * 60_000,
        levelSkill: "mining",
        skillLevel: 4,
      },
      skills: [
        { skill: "mining", level: 4, xp: 600, toNext: 200 },
        { skill: "picklelogy", level: 2, xp: 300, toNext: 100 },
      ],
      rp: 12.5,
      summaries: true,
    };
    const calls = await run(command(MEMBER, "garden", "status", {}));
    expect(calls[0]?.body).toEqual(deferEphemeral);
    expect(timeline.slice(0, 2)).toEqual(["discord:POST interactions", "server:status"]);
    const embed = (
      calls[1]!.body as { embeds: { title: string; fields: { name: string; value: string }[] }[] }
    ).embeds[0]!;
    expect(embed.title).toBe("Sprout's garden");
    expect(embed.fields[0]?.value).toBe(
      "Mining at Garden\n25% of the current node\nNext Mining level in about 1 h 35 min",
    );
    expect(embed.fields[1]?.value).toBe("Mining 4\nPicklelogy 2");
    expect(embed.fields[2]?.value).toBe("12.5");
  });

  it("status for a Discord user who never played points to the game", async () => {
    const calls = await run(command(MEMBER, "garden", "status", {}));
    expect(calls[1]?.body).toEqual({
      content: "You have no garden yet: play once at https://garden.example.com and come back.",
    });
  });

  it("summaries on|off: recorded for that user with their language", async () => {
    const calls = await run(command(MEMBER, "garden", "summaries", { state: "off" }, "0", "fr"));
    expect(server.calls.find((c) => c.name === "setSummaries")?.args).toEqual([MEMBER, false, "fr"]);
    expect(calls[1]?.body).toEqual({ content: "Résumés de retour désactivés." });
  });
});

describe("/panel", () => {
  it("a member without Manage Server is refused at once, and nothing is written", async () => {
    const calls = await run(command(MEMBER, "panel", "create", { title: "Mine" }));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({
      type: InteractionResponseType.ChannelMessageWithSource,
      data: {
        content: "Only members with Manage Server (or listed admins) can manage panels.",
        flags: MessageFlags.Ephemeral,
      },
    });
    expect(server.calls).toEqual([]);
  });

  it("a Manage Server member creates a poll (options become buttons later), acknowledged first", async () => {
    const calls = await run(
      command(
        MANAGER,
        "panel",
        "create",
        { title: "Next boss?", options: "Beetle, Mosquito", id: "boss" },
        MANAGE_GUILD,
      ),
    );
    expect(calls[0]?.body).toEqual(deferEphemeral);
    expect(timeline.slice(0, 2)).toEqual(["discord:POST interactions", "server:createPanel"]);
    expect(server.calls[0]?.args[0]).toEqual({
      type: "poll",
      title: "Next boss?",
      body: "",
      options: [
        { id: "o1", label: "Beetle" },
        { id: "o2", label: "Mosquito" },
      ],
      _id: "boss",
    });
    expect(calls[1]?.body).toEqual({ content: "Panel boss created: it will be posted in a moment." });
  });

  it("a refusal is written from the server's code in the admin's language, never in the server's English", async () => {
    server.unknownPanels.add("gone");
    const fr = await run(command(ADMIN, "panel", "update", { id: "gone", body: "x" }, "0", "fr"));
    expect(fr[1]?.body).toEqual({
      content: "Ça n'a pas marché : aucun panneau ouvert ne porte cet identifiant.",
    });
    const en = await run(command(ADMIN, "panel", "close", { id: "gone" }));
    expect(en[1]?.body).toEqual({ content: "That did not work: there is no open panel with that id." });
    const vote = await run(button(MEMBER, "panel:gone:a", "fr"));
    expect(vote[1]?.body).toEqual({
      content: "Votre vote n'a pas été compté : aucun panneau ouvert ne porte cet identifiant.",
    });
  });

  it("an id in ADMIN_DISCORD_IDS updates and closes", async () => {
    await run(command(ADMIN, "panel", "update", { id: "boss", body: "New text" }));
    await run(command(ADMIN, "panel", "close", { id: "boss" }));
    expect(server.calls.map((c) => [c.name, ...c.args])).toEqual([
      ["updatePanel", "boss", { body: "New text" }],
      ["updatePanel", "boss", { active: false }],
    ]);
  });
});
