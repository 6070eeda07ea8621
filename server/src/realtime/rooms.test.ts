import {
  applyGroupChange,
  type ChatMessageOut,
  type GroupPlayer,
  type GroupUpdate,
  groupProgress,
  SERVER_EVENT_SCHEMAS,
  type ServerEventName,
  withOwnProgress,
} from "@pickle-garden/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { connected, type GameClient, gameSocket } from "../../testing/gameSocket.ts";
import { startTestServer, type TestServer } from "../../testing/testServer.ts";
import type { TestClock } from "../clock.ts";
import { runIntent } from "../game/runIntent.ts";

/** Rooms end to end: real Socket.IO clients against a real server (spec shell §7, docs/rooms.md). */

type Heard = Record<string, unknown[]>;

let t: TestServer;
const clients: GameClient[] = [];
/** Every event a client heard that its protocol schema does not describe (checked after each test). */
const offProtocol: string[] = [];

afterEach(() => {
  expect(offProtocol.splice(0)).toEqual([]);
});

beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_WRITES: "0", ROOM_GRACE_MS: "300" });
  for (const id of [
    "ann",
    "bob",
    "cat",
    "dan",
    "eve",
    "fay",
    "gus",
    "hal",
    "ivy",
    "jon",
    "kim",
    "lou",
    "max",
    "ned",
    "oli",
    "pam",
  ]) {
    await t.server.accounts.ensurePlayer({ discordId: id, username: id.toUpperCase() });
    if (id === "eve") continue; // eve never unlocks multiplayer
    const loaded = await t.server.store.loadPlayer(id);
    const doc = loaded!.doc;
    doc.player.lab.rp = 10_000;
    await t.server.store.savePlayer(doc, loaded!.version, 0);
    await runIntent(t.server.service, "labBuy", id, { nodeId: "west:meta:multiplayer" });
  }
});
afterAll(async () => {
  for (const c of clients) c.close();
  await t.close();
});

/** A socket with a bearer token; `instances`: the discord: rooms its token was granted (POST /api/token). */
async function open(
  discordId: string,
  instances: string[] = [],
  on: TestServer = t,
): Promise<{ socket: GameClient; heard: Heard }> {
  const token = on.server.signer.sessionToken(discordId, on.server.clock.now(), instances);
  const socket = gameSocket(on.url, { auth: { token } });
  clients.push(socket);
  const heard: Heard = {};
  socket.onAny((event: string, payload: unknown) => {
    const schema = SERVER_EVENT_SCHEMAS[event as ServerEventName];
    const parsed = schema?.safeParse(payload);
    if (!parsed?.success) offProtocol.push(`${event}: ${parsed?.error.message ?? "not a server event"}`);
    heard[event] ??= [];
    heard[event].push(payload);
  });
  await connected(socket);
  await waitFor(() => (heard.playerState?.length ?? 0) > 0);
  return { socket, heard };
}

const emit = (socket: GameClient, event: string, payload?: unknown) =>
  new Promise<Record<string, unknown>>((resolve) => {
    (
      socket.timeout(10_000).emit as (
        e: string,
        p: unknown,
        cb: (err: unknown, a: Record<string, unknown>) => void,
      ) => void
    )(event, payload, (err, answer) => resolve(err ? { ok: false, error: String(err) } : answer));
  });

/**
 * joinGroup as the web client sends it: its answer is the list the client then holds (kept with the
 * groupUpdates it heard, in order), each later groupUpdate a change to it.
 */
const join = async (
  client: { socket: GameClient; heard: Heard },
  roomId: string,
  player?: { discordId: string },
) => {
  const answer = await emit(client.socket, "joinGroup", { roomId, ...(player ? { player } : {}) });
  if (answer.ok) client.heard.groupUpdate = [...(client.heard.groupUpdate ?? []), answer];
  return answer;
};

const getRooms = (socket: GameClient) => new Promise<string[]>((resolve) => socket.emit("getRooms", resolve));

const waitFor = async (check: () => boolean | Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
};

/** Players who unlock melee (the lab's path to it) and start fighting at the aphid nest. */
async function fightAtAphidNest(...ids: string[]): Promise<void> {
  for (const id of ids) {
    for (const node of ["south:mining:unlock", "south:smithing:unlock", "south:melee:unlock"])
      await runIntent(t.server.service, "labBuy", id, { nodeId: node });
    await runIntent(t.server.service, "updateAction", id, { skill: "combat", location: "aphid_nest" });
  }
}

const party = (heard: Heard) =>
  ((heard.chatMessage ?? []) as ChatMessageOut[]).filter((m) => m.type === "party");
/** The group list a client holds after its join answer and each groupUpdate it heard (a change to the last). */
const lists = (heard: Heard): GroupPlayer[][] => {
  let list: GroupPlayer[] = [];
  return ((heard.groupUpdate ?? []) as GroupUpdate[]).map((u) => {
    list = applyGroupChange(list, u);
    return list;
  });
};
const members = (heard: Heard) =>
  lists(heard)
    .at(-1)
    ?.map((p) => p.discordId)
    .sort();

describe("rooms over the socket", () => {
  it("creates, lists (ack and roomsList) and joins a web room; both members see each other and the party messages", async () => {
    const ann = await open("ann");
    const bob = await open("bob");
    expect(await emit(ann.socket, "createRoom", { roomId: "garden-club" })).toEqual({
      ok: true,
      roomId: "garden-club",
    });
    await waitFor(() => (ann.heard.roomCreated?.length ?? 0) > 0);
    expect(await getRooms(bob.socket)).toContain("garden-club");
    await waitFor(() => (bob.heard.roomsList ?? []).some((l) => (l as string[]).includes("garden-club")));

    const joined = await join(ann, "garden-club", { discordId: "ann" });
    expect(joined).toMatchObject({ ok: true, roomId: "garden-club" });
    await join(bob, "garden-club");
    await waitFor(() => members(ann.heard)?.join() === "ann,bob" && members(bob.heard)?.join() === "ann,bob");
    await waitFor(() =>
      party(ann.heard).some((m) => m.username === "BOB" && m.notice === "joined" && m.text === undefined),
    );
    // the joiner gets the party's history
    await waitFor(() =>
      (bob.heard.chatHistory ?? []).some((h) => (h as { channel: string }).channel === "party:garden-club"),
    );

    await emit(bob.socket, "chatMessage", { text: "hello party", type: "party" });
    await waitFor(() => party(ann.heard).some((m) => m.text === "hello party" && m.roomId === "garden-club"));

    expect(await emit(bob.socket, "leaveGroup", { roomId: "garden-club", playerId: "bob" })).toEqual({
      ok: true,
    });
    await waitFor(() =>
      party(ann.heard).some((m) => m.username === "BOB" && m.notice === "left" && m.text === undefined),
    );
    await waitFor(() => members(ann.heard)?.join() === "ann");
    expect(await emit(ann.socket, "leaveGroup", { roomId: "garden-club" })).toEqual({ ok: true });
    // the empty room is gone
    expect(await getRooms(ann.socket)).not.toContain("garden-club");
    ann.socket.close();
    bob.socket.close();
  });

  it("two members at the garden hit one node: its HP drops from both, both see the same bar, both are rewarded", async () => {
    const service = t.server.service;
    for (const id of ["cat", "dan"]) {
      await runIntent(service, "labBuy", id, { nodeId: "south:mining:unlock" });
      await runIntent(service, "updateAction", id, { skill: "mining", location: "garden" });
    }
    const cat = await open("cat");
    const dan = await open("dan");
    await join(cat, "miners");
    await join(dan, "miners");
    const nodeOf = (h: Heard) =>
      (h.gatheringNode ?? []) as { nodeId: number; nodeHp: number; nodeMaxHp: number }[];
    const before = nodeOf(cat.heard).length;
    (t.server.clock as TestClock).advance(60_000);
    // 20 hits each in a minute: one shared node shows the hits of both
    await waitFor(() => nodeOf(cat.heard).length - before >= 40 && nodeOf(dan.heard).length - before >= 40);
    expect(nodeOf(cat.heard).slice(before)).toEqual(nodeOf(dan.heard).slice(before));
    const drops = nodeOf(cat.heard)
      .slice(before)
      .filter((n, i, all) => i > 0 && n.nodeId === all[i - 1]!.nodeId && n.nodeHp < all[i - 1]!.nodeHp);
    expect(drops.length).toBeGreaterThan(20);
    const rewards = (h: Heard) => (h.gatheringUpdate ?? []) as { playerId: string }[];
    await waitFor(
      () =>
        rewards(cat.heard).some((g) => g.playerId === "cat") &&
        rewards(dan.heard).some((g) => g.playerId === "dan"),
    );
    // rewards and xp stay each member's own: the other's progress shows in the group list
    expect(rewards(cat.heard).every((g) => g.playerId === "cat")).toBe(true);
    const xpOf = (h: Heard) => (h.xpUpdate ?? []) as { playerId: string }[];
    expect(xpOf(dan.heard).length).toBeGreaterThan(0);
    expect(xpOf(dan.heard).every((x) => x.playerId === "dan")).toBe(true);
    const [a, b] = [await service.view("cat"), await service.view("dan")];
    expect(a.currentAction.nodeId).toBe(b.currentAction.nodeId);
    expect(a.currentAction.nodeHp).toBe(b.currentAction.nodeHp);
    await waitFor(() =>
      lists(cat.heard).some((l) => l.length === 2 && l.every((p) => p.isGathering && p.fight === null)),
    );
    cat.socket.close();
    dan.socket.close();
  });

  it("a member elsewhere sees every miner at a shared node with the node's numbers, those its hits left untouched too", async () => {
    const service = t.server.service;
    const clock = t.server.clock as TestClock;
    const oli = await open("oli");
    await join(oli, "held-miners");
    for (const id of ["lou", "max", "ned"]) {
      await runIntent(service, "labBuy", id, { nodeId: "south:mining:unlock" });
      await join(await open(id), "held-miners");
      // each starts its hits at its own moment: a wake moves one miner, the node holds the others back
      await runIntent(service, "updateAction", id, { skill: "mining", location: "garden" });
      clock.advance(700);
    }
    let apart = 0;
    for (let step = 0; step < 40; step++) {
      clock.advance(250);
      await new Promise((r) => setTimeout(r, 10));
      await getRooms(oli.socket);
      const times = ["lou", "max", "ned"].map((id) => service.peekLive(id)!.stored.player.settledAt);
      if (new Set(times).size > 1) apart++;
    }
    expect(apart).toBeGreaterThan(20);
    await new Promise((r) => setTimeout(r, 400));
    await getRooms(oli.socket);
    const miners = lists(oli.heard)
      .at(-1)!
      .filter((p) => p.isGathering);
    expect(miners.length).toBe(3);
    const nodes = miners.map((p) => JSON.stringify([p.currentAction.nodeId, p.currentAction.nodeHp]));
    expect(new Set(nodes).size).toBe(1);
  });

  it("two members at the aphid nest fight the same monsters: each sees the other's hits, never the other's loot or xp", async () => {
    await fightAtAphidNest("hal", "ivy");
    const hal = await open("hal");
    const ivy = await open("ivy");
    await join(hal, "fighters");
    await join(ivy, "fighters");
    (t.server.clock as TestClock).advance(60_000);
    type Popup = { playerId?: string; target?: string };
    const popups = (h: Heard) => (h.popup ?? []) as Popup[];
    // ivy's hits on the shared aphids pop up on hal's screen, named with ivy's id and the monster's uid
    await waitFor(() => popups(hal.heard).some((p) => p.playerId === "ivy" && p.target !== "player"));
    await waitFor(() =>
      ((hal.heard.monsterLoot ?? []) as { playerId: string }[]).some((l) => l.playerId === "hal"),
    );
    // the group list shows each fighter's progress, the shared aphid's HP: at hal's own place it is hal's
    // own (its view), so no groupUpdate carries it
    await waitFor(() => lists(hal.heard).some((l) => l.length === 2 && l.every((p) => p.fight !== null)));
    const heardBefore = hal.heard.groupUpdate!.length;
    const bitten = (hal.heard.popup ?? []).length;
    (t.server.clock as TestClock).advance(30_000);
    await waitFor(() => (hal.heard.popup ?? []).length > bitten + 5);
    const own = groupProgress(await t.server.service.view("hal"));
    expect(own.fight).not.toBeNull();
    const shown = lists(hal.heard)
      .at(-1)!
      .map((p) => withOwnProgress(p, own));
    expect(shown.map((p) => p.fight)).toEqual([
      own.fight,
      groupProgress(await t.server.service.view("ivy")).fight,
    ]);
    const later = (hal.heard.groupUpdate as GroupUpdate[]).slice(heardBefore);
    expect(later.every((u) => u.players.every((p) => p.fight === undefined))).toBe(true);
    for (const h of [hal, ivy]) {
      const self = h === hal ? "hal" : "ivy";
      for (const event of ["monsterLoot", "xpUpdate", "monsterAttack"]) {
        expect(((h.heard[event] ?? []) as { playerId: string }[]).every((e) => e.playerId === self)).toBe(
          true,
        );
      }
      // another member's heals are its own business
      expect(popups(h.heard).every((p) => p.playerId === self || p.target !== "player")).toBe(true);
    }
    hal.socket.close();
    ivy.socket.close();
  });

  it("a member's spell that kills a shared monster loots every member who damaged it", async () => {
    const service = t.server.service;
    await fightAtAphidNest("jon", "kim");
    await runIntent(service, "labBuy", "jon", { nodeId: "north:intellect:unlock" });
    const jon = await open("jon");
    const kim = await open("kim");
    await join(jon, "casters");
    await join(kim, "casters");
    const loots = (h: Heard) => ((h.monsterLoot ?? []) as { uid?: string }[]).map((l) => l.uid);
    // on until kim has hit the aphid in front of them and it still lives (kim has no loot of it)
    let target: string | undefined;
    for (let i = 0; i < 100 && target === undefined; i++) {
      (t.server.clock as TestClock).advance(400);
      await new Promise((r) => setTimeout(r, 60));
      const hit = ((jon.heard.popup ?? []) as { playerId?: string; target?: string }[])
        .filter((p) => p.playerId === "kim" && p.target !== undefined && p.target !== "player")
        .at(-1)?.target;
      if (hit && !loots(kim.heard).includes(hit) && !loots(jon.heard).includes(hit)) target = hit;
    }
    expect(target).toBeDefined();
    // Long Shot (200) takes any aphid (100 HP): jon's kill, kim's loot too
    const cast = await runIntent(service, "castSpell", "jon", { spellId: "long_shot" });
    expect(cast.ok).toBe(true);
    await waitFor(() => loots(jon.heard).includes(target));
    await waitFor(() => loots(kim.heard).includes(target));
    jon.socket.close();
    kim.socket.close();
  });

  it("refuses strangers: no unlock, another player's id, another room's chat or update, a discord: room not granted", async () => {
    const eve = await open("eve");
    const fay = await open("fay");
    const gus = await open("gus");
    expect(await emit(eve.socket, "createRoom", { roomId: "eve-room" })).toMatchObject({
      ok: false,
      code: "auth/forbidden",
    });
    expect(await emit(eve.socket, "joinGroup", { roomId: "discord:42" })).toMatchObject({
      ok: false,
      code: "auth/forbidden",
    });
    expect(await emit(fay.socket, "joinGroup", { roomId: "discord:42" })).toMatchObject({ ok: false });

    await emit(fay.socket, "joinGroup", { roomId: "room-a" });
    await emit(gus.socket, "joinGroup", { roomId: "room-b" });
    expect(
      await emit(fay.socket, "joinGroup", { roomId: "room-b", player: { discordId: "gus" } }),
    ).toMatchObject({
      ok: false,
      code: "auth/forbidden",
    });
    expect(await emit(fay.socket, "changeLocation", { roomId: "room-b", playerId: "fay" })).toMatchObject({
      ok: false,
    });
    expect(await emit(fay.socket, "changeLocation", { roomId: "room-a", playerId: "fay" })).toEqual({
      ok: true,
    });
    expect(await emit(fay.socket, "leaveGroup", { roomId: "room-b" })).toMatchObject({ ok: false });
    expect(
      await emit(fay.socket, "chatMessage", { text: "psst", type: "party", roomId: "room-b" }),
    ).toMatchObject({ ok: false, code: "auth/forbidden" });
    expect(await emit(eve.socket, "chatMessage", { text: "psst", type: "party" })).toMatchObject({
      ok: false,
    });
    // nothing of room-a's chat reaches room-b
    await emit(fay.socket, "chatMessage", { text: "only room a", type: "party" });
    await new Promise((r) => setTimeout(r, 200));
    expect(party(gus.heard).some((m) => m.text === "only room a")).toBe(false);
    expect(await getRooms(eve.socket)).toEqual(expect.arrayContaining(["room-a", "room-b"]));
    for (const c of [eve, fay, gus]) c.socket.close();
  });

  it("a member whose room copy went with its lease (Redis restarted) is put back by its next party line", async () => {
    const pam = await open("pam");
    await join(pam, "lost-lease");
    await waitFor(async () => (await t.server.store.loadPlayer("pam"))?.doc.meta.room === "lost-lease");
    t.server.rooms.forgetRoom("lost-lease");
    expect(await emit(pam.socket, "chatMessage", { text: "still here?", type: "party" })).toMatchObject({
      ok: true,
    });
    await waitFor(() => party(pam.heard).some((m) => m.text === "still here?" && m.roomId === "lost-lease"));
    pam.socket.close();
  });

  it("a discord: room takes only sessions granted its instance and is never listed", async () => {
    const ann = await open("ann", ["discord:777"]);
    const bob = await open("bob");
    expect(await emit(ann.socket, "joinGroup", { roomId: "discord:777" })).toMatchObject({ ok: true });
    expect(await emit(bob.socket, "joinGroup", { roomId: "discord:777" })).toMatchObject({
      ok: false,
      code: "auth/forbidden",
    });
    expect(await getRooms(bob.socket)).not.toContain("discord:777");
    await emit(ann.socket, "leaveGroup", {});
    ann.socket.close();
    bob.socket.close();
  });

  it("a disconnect leaves the room after the grace period; a reconnect within it keeps the place", async () => {
    const ann = await open("ann");
    const bob = await open("bob");
    await join(ann, "blip");
    await join(bob, "blip");
    ann.socket.close();
    const again = await open("ann");
    await new Promise((r) => setTimeout(r, 500));
    expect(t.server.rooms.roomOfPlayer("ann")).toBe("blip");
    again.socket.close();
    await waitFor(() => t.server.rooms.roomOfPlayer("ann") === null);
    await waitFor(() =>
      party(bob.heard).some((m) => m.username === "ANN" && m.notice === "left" && m.text === undefined),
    );
    bob.socket.close();
    await waitFor(async () => !(await t.server.rooms.list()).includes("blip"));
  });
});

describe("a member away", () => {
  let slow: TestServer;
  beforeAll(async () => {
    slow = await startTestServer({ RATE_LIMIT_WRITES: "0", ROOM_GRACE_MS: "60000" });
    for (const id of ["lea", "max"]) {
      await slow.server.accounts.ensurePlayer({ discordId: id, username: id.toUpperCase() });
      const loaded = await slow.server.store.loadPlayer(id);
      loaded!.doc.player.lab.rp = 10_000;
      await slow.server.store.savePlayer(loaded!.doc, loaded!.version, 0);
      await runIntent(slow.server.service, "labBuy", id, { nodeId: "west:meta:multiplayer" });
    }
  });
  afterAll(() => slow.close());

  it("shows away to the others while its socket is closed, and back when it returns", async () => {
    const lea = await open("lea", [], slow);
    const max = await open("max", [], slow);
    await join(lea, "porch");
    await join(max, "porch");
    const leaIn = (heard: Heard) =>
      lists(heard)
        .at(-1)
        ?.find((p) => p.discordId === "lea");
    await waitFor(() => leaIn(max.heard)?.away === false);
    lea.socket.close();
    await waitFor(() => leaIn(max.heard)?.away === true);
    expect(slow.server.rooms.roomOfPlayer("lea")).toBe("porch");
    const back = await open("lea", [], slow);
    await waitFor(() => leaIn(max.heard)?.away === false);
    back.socket.close();
    max.socket.close();
  });
});
