import { ANSWERED_SOCKET_HEADER, LabBuyAnswerSchema, type PlayerPatch } from "@pickle-garden/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connected, type GameClient, gameSocket } from "../../testing/gameSocket.ts";
import { bearerApi, startTestServer, type TestServer } from "../../testing/testServer.ts";
import { labBuy } from "../game/craftCalls.ts";

let t: TestServer;
const clients: GameClient[] = [];

beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_WRITES: "0" });
  for (const id of ["tabs", "other"]) await t.server.accounts.ensurePlayer({ discordId: id, username: id });
  await labBuy(t.server.service, "tabs", "south:mining:unlock");
  // the warrior's style, so that choosing the warrior is an intent that changes the view
  await t.server.service.command("tabs", (p) => ({
    player: { ...p, featureFlags: { ...p.featureFlags, melee: true } },
    answer: undefined,
  }));
});
afterAll(async () => {
  for (const c of clients) c.close();
  await t.close();
});

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

const setAction = (skill: string, location: string, headers: Record<string, string> = {}) =>
  bearerApi(t.url, token("tabs"), "POST", "/user/update-action", { skill, location }, headers);

const skillIn = (patches: PlayerPatch[], skill: string) =>
  patches.some((p) => p.currentAction?.skill === skill);

describe("an HTTP call whose answer the client applies", () => {
  it("is not pushed again to the calling tab; the player's other tab gets it", async () => {
    const caller = await tab("tabs");
    const other = await tab("tabs");
    const mining = await setAction("mining", "garden", { [ANSWERED_SOCKET_HEADER]: caller.socket.id! });
    expect(mining.status).toBe(200);
    expect(mining.body.currentAction).toMatchObject({ skill: "mining", location: "garden" });
    await waitFor(() => skillIn(other.patches, "mining"));
    // a call without the header reaches both tabs; a socket's pushes keep their order, so once the caller
    // heard this one it had heard anything the first call sent it
    await setAction("none", "home");
    await waitFor(() => skillIn(caller.patches, "none") && skillIn(other.patches, "none"));
    expect(skillIn(caller.patches, "mining")).toBe(false);
  });

  it("holds for the intents, whose answer is the whole view: the calling tab gets none of it again", async () => {
    const caller = await tab("tabs");
    const other = await tab("tabs");
    const character = (activeCharacter: string, headers: Record<string, string> = {}) =>
      bearerApi(t.url, token("tabs"), "POST", "/user/active-character", { activeCharacter }, headers);
    const warrior = await character("warrior", { [ANSWERED_SOCKET_HEADER]: caller.socket.id! });
    expect(warrior.status).toBe(200);
    expect(warrior.body.user).toMatchObject({ activeCharacter: "warrior" });
    const chose = (patches: PlayerPatch[], c: string) => patches.some((p) => p.activeCharacter === c);
    await waitFor(() => chose(other.patches, "warrior"));
    await character("seed");
    await waitFor(() => chose(caller.patches, "seed") && chose(other.patches, "seed"));
    expect(chose(caller.patches, "warrior")).toBe(false);
  });

  it("holds for lab buys and tutorial actions, whose answers carry only the parts they change", async () => {
    await t.server.service.command("tabs", (p) => ({
      player: { ...p, lab: { ...p.lab, rp: p.lab.rp + 100_000 } },
      answer: undefined,
    }));
    const caller = await tab("tabs");
    const other = await tab("tabs");
    const here = { [ANSWERED_SOCKET_HEADER]: caller.socket.id! };
    const bought = await bearerApi(
      t.url,
      token("tabs"),
      "POST",
      "/lab/buy",
      { nodeId: "east:utility:gold-pouch" },
      here,
    );
    expect(bought.status).toBe(200);
    expect(LabBuyAnswerSchema.parse(bought.body).lab.nodes["east:utility:gold-pouch"]).toBeDefined();
    const tour = await bearerApi(t.url, token("tabs"), "PATCH", "/user/tutorial", { action: "open" }, here);
    expect(tour.status).toBe(200);
    await waitFor(() => other.patches.some((p) => p.lab) && other.patches.some((p) => p.tutorial));
    // a marker without the header: once the caller heard it, it had heard anything the calls above sent it
    await setAction("mining", "garden");
    await waitFor(() => skillIn(caller.patches, "mining"));
    expect(caller.patches.filter((p) => p.lab || p.tutorial || p.featureFlags)).toEqual([]);
    await setAction("none", "home");
    await waitFor(() => skillIn(caller.patches, "none"));
  });

  it("names a socket of the player only: another player's socket id changes nothing", async () => {
    const mine = await tab("tabs");
    const stranger = await tab("other");
    const answer = await setAction("mining", "garden", { [ANSWERED_SOCKET_HEADER]: stranger.socket.id! });
    expect(answer.status).toBe(200);
    await waitFor(() => skillIn(mine.patches, "mining"));
    await setAction("none", "home");
    await waitFor(() => skillIn(mine.patches, "none"));
    expect(stranger.patches).toEqual([]);
  });
});
