import { type PlayerPatch, type PlayerView, SpeedsSchema } from "@pickle-garden/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { connected, type GameClient, gameSocket } from "../../testing/gameSocket.ts";
import { bearerApi, startTestServer, type TestServer } from "../../testing/testServer.ts";
import { runIntent } from "../game/runIntent.ts";

let t: TestServer;
const clients: GameClient[] = [];

beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_WRITES: "0" });
  for (const id of ["tabs", "other"]) await t.server.accounts.ensurePlayer({ discordId: id, username: id });
  await runIntent(t.server.service, "labBuy", "tabs", { nodeId: "south:mining:unlock" });
  // the warrior's style, so that choosing the warrior is an intent that changes the view
  await t.server.service.command("tabs", (p) => ({
    player: {
      ...p,
      featureFlags: { ...p.featureFlags, melee: true },
      lab: { ...p.lab, rp: p.lab.rp + 100_000 },
    },
    answer: undefined,
  }));
});
// a player's sockets are capped (limitConnections): each test's tabs close after it
afterEach(() => {
  for (const c of clients.splice(0)) c.close();
});
afterAll(() => t.close());

const token = (discordId: string) => t.server.signer.sessionToken(discordId, t.server.clock.now());

/** A tab of the player: its socket and the playerPatch pushes it heard, in order. */
async function tab(discordId: string): Promise<{ socket: GameClient; patches: PlayerPatch[] }> {
  const socket = gameSocket(t.url, { auth: { token: token(discordId) } });
  clients.push(socket);
  const patches: PlayerPatch[] = [];
  socket.on("playerPatch", (p) => patches.push(p));
  const state = new Promise<void>((resolve) => socket.once("playerState", () => resolve()));
  await connected(socket);
  await state;
  return { socket, patches };
}

const waitFor = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
};

const post = (path: string, body: unknown, discordId = "tabs") =>
  bearerApi(t.url, token(discordId), "POST", path, body);

const skillIn = (patches: PlayerPatch[], skill: string) =>
  patches.filter((p) => p.currentAction?.skill === skill).length;

const getUser = async (): Promise<PlayerView> =>
  (await bearerApi(t.url, token("tabs"), "GET", "/user/get-user")).body.user as PlayerView;

describe("an intent answers { ok, code } and its state goes once over the socket, to every tab", () => {
  it("at its spec path and at /api/intents/<name>: the answer is { ok: true }, each tab hears the change once", async () => {
    const a = await tab("tabs");
    const b = await tab("tabs");
    const mining = await post("/user/update-action", { skill: "mining", location: "garden" });
    expect(mining).toEqual({ status: 200, body: { ok: true } });
    await waitFor(() => skillIn(a.patches, "mining") > 0 && skillIn(b.patches, "mining") > 0);
    const resting = await post("/intents/updateAction", { skill: "none", location: "home" });
    expect(resting).toEqual({ status: 200, body: { ok: true } });
    await waitFor(() => skillIn(a.patches, "none") > 0 && skillIn(b.patches, "none") > 0);
    for (const tabOf of [a, b]) {
      expect(skillIn(tabOf.patches, "mining")).toBe(1);
      expect(skillIn(tabOf.patches, "none")).toBe(1);
    }
  });

  it("a refusal is a 422 with { ok: false, code, error }, and no tab hears anything", async () => {
    const a = await tab("tabs");
    const refused = await post("/intents/activeCharacter", { activeCharacter: "mage" });
    expect(refused).toEqual({
      status: 422,
      body: { ok: false, code: "equip/locked", error: "Unlock magic first" },
    });
    // a marker: once the tab heard it, it had heard anything the refusal might have sent
    await post("/intents/activeCharacter", { activeCharacter: "warrior" });
    await waitFor(() => a.patches.some((p) => p.activeCharacter === "warrior"));
    expect(a.patches.filter((p) => p.activeCharacter !== undefined)).toEqual([
      expect.objectContaining({ activeCharacter: "warrior" }),
    ]);
  });

  it("the socket's `intent` event runs the same table: acknowledged with the answer, pushed to every tab", async () => {
    const a = await tab("tabs");
    const b = await tab("tabs");
    const ack = await a.socket.emitWithAck("intent", {
      name: "activeCharacter",
      input: { activeCharacter: "seed" },
    });
    expect(ack).toEqual({ ok: true });
    for (const tabOf of [a, b]) await waitFor(() => tabOf.patches.some((p) => p.activeCharacter === "seed"));
    expect(await a.socket.emitWithAck("intent", { name: "noSuchIntent", input: {} })).toMatchObject({
      ok: false,
      code: "request/invalid",
    });
    expect(
      await a.socket.emitWithAck("intent", { name: "activeCharacter", input: { activeCharacter: 7 } }),
    ).toMatchObject({ ok: false, code: "request/invalid", data: { fields: ["input.activeCharacter"] } });
    expect(await a.socket.emitWithAck("intent", { name: "buySlot" })).toMatchObject({
      ok: false,
      code: "inventory/no_gold_pouch",
    });
  });

  it("another player's tab hears nothing of it", async () => {
    const stranger = await tab("other");
    await post("/user/update-action", { skill: "mining", location: "garden" });
    await post("/user/update-action", { skill: "none", location: "home" });
    const mine = await tab("tabs");
    await post("/intents/activeCharacter", { activeCharacter: "warrior" });
    await waitFor(() => mine.patches.some((p) => p.activeCharacter === "warrior"));
    expect(stranger.patches).toEqual([]);
  });

  it("(last: a buy recomputes the flags) a lab buy's answer carries none of the player: its lab, flags and speeds come by the socket", async () => {
    const a = await tab("tabs");
    const b = await tab("tabs");
    const bought = await post("/lab/buy", { nodeId: "east:utility:gold-pouch" });
    expect(bought).toEqual({ status: 200, body: { ok: true } });
    const user = await getUser();
    for (const tabOf of [a, b]) {
      await waitFor(() => tabOf.patches.some((p) => p.featureFlags?.goldPouch === true));
      expect(tabOf.patches.filter((p) => p.lab).length).toBe(1);
    }
    expect(user.lab.nodes["east:utility:gold-pouch"]).toBeDefined();
    expect(SpeedsSchema.parse(user)).toBeDefined();
  });
});
