import {
  applyViewEvent,
  MONSTER_DAMAGE_POPUPS,
  type PlayerView,
  SERVER_EVENT_SCHEMAS,
  type ServerEventName,
  viewPatch,
} from "@pickle-garden/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GameClient, gameSocket } from "../../testing/gameSocket.ts";
import { startTestServer, type TestServer } from "../../testing/testServer.ts";
import type { TestClock } from "../clock.ts";
import { runIntent } from "../game/runIntent.ts";

type Heard = { event: ServerEventName; payload: unknown };

let t: TestServer;
const sockets: GameClient[] = [];

beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_WRITES: "0" });
  const service = t.server.service;
  await t.server.accounts.ensurePlayer({ discordId: "fighter", username: "fighter" });
  for (const node of ["south:mining:unlock", "south:smithing:unlock", "south:melee:unlock"])
    await runIntent(service, "labBuy", "fighter", { nodeId: node });
  await runIntent(service, "updateAction", "fighter", { skill: "combat", location: "aphid_nest" });
  for (const id of ["duo-a", "duo-b", "step-a", "step-b", "dig-a", "dig-b", "held-a", "held-b", "held-c"]) {
    await t.server.accounts.ensurePlayer({ discordId: id, username: id });
    const loaded = await t.server.store.loadPlayer(id);
    loaded!.doc.player.lab.rp = 10_000;
    await t.server.store.savePlayer(loaded!.doc, loaded!.version, 0);
    for (const node of [
      "west:meta:multiplayer",
      "south:mining:unlock",
      "south:smithing:unlock",
      "south:melee:unlock",
    ])
      await runIntent(service, "labBuy", id, { nodeId: node });
  }
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

/** The ids and types of a batch's events (what decides whether the monsters could be predicted). */
const popups = (batch: Heard[]) =>
  batch.flatMap((h) => (h.event === "popup" ? [h.payload as { type: string; target?: string }] : []));

describe("a fight on the wire", () => {
  it("a swing or a bite without a kill or a proc sends no currentMonsters: the client applies its events", async () => {
    const { socket, heard } = await open("fighter");
    // an acknowledgement comes after every push sent before it: the settle's events and patch are all in
    const allIn = () => new Promise<unknown>((resolve) => socket.emit("getRooms", resolve));
    const batches: Heard[][] = [];
    for (let step = 0; step < 20; step++) {
      const from = heard.length;
      (t.server.clock as TestClock).advance(1_000);
      await t.server.service.read("fighter", () => null);
      await allIn();
      batches.push(heard.slice(from));
    }
    const predictable = batches.filter(
      (b) =>
        b.some(
          (h) =>
            h.event === "monsterAttack" ||
            (h.event === "popup" && MONSTER_DAMAGE_POPUPS.has((h.payload as { type: string }).type)),
        ) &&
        // a kill draws the next monster; a proc draws a status; a death stops the fight
        !b.some((h) => ["monsterLoot", "playerDeath", "playerRevived"].includes(h.event)) &&
        !popups(b).some((p) =>
          ["freeze", "stun", "burn", "bleed", "burn_tick", "bleed_tick"].includes(p.type),
        ),
    );
    expect(predictable.length).toBeGreaterThan(5);
    for (const b of predictable)
      for (const h of b)
        if (h.event === "playerPatch") expect(h.payload).not.toHaveProperty("currentMonsters");
    // and the client's view, rebuilt from the snapshot and every push, shows what the server's does
    const client = rebuilt(heard);
    const server = await t.server.service.view("fighter");
    expect(viewPatch(client, server)).toEqual({});
    expect(client.currentMonsters).toEqual(server.currentMonsters);
  });

  it("in a room fight, a member's hits reach the others before their patches, which leave them out", async () => {
    const a = await open("duo-a");
    const b = await open("duo-b");
    for (const c of [a, b]) {
      const joined = await new Promise<{ ok: boolean }>((resolve) =>
        c.socket.emit("joinGroup", { roomId: "duo" }, resolve as never),
      );
      expect(joined.ok).toBe(true);
      await runIntent(t.server.service, "updateAction", c.id, { skill: "combat", location: "aphid_nest" });
    }
    const allIn = () =>
      Promise.all([a, b].map((c) => new Promise<unknown>((resolve) => c.socket.emit("getRooms", resolve))));
    for (let step = 0; step < 30; step++) {
      (t.server.clock as TestClock).advance(1_000);
      await t.server.service.read("duo-a", () => null);
      await allIn();
    }
    for (const c of [a, b]) {
      // each heard the other's hits on the monsters they share
      const others = c.heard.filter(
        (h) => h.event === "popup" && (h.payload as { playerId?: string }).playerId !== c.id,
      );
      expect(others.length).toBeGreaterThan(3);
      // a patch brings the monsters only for what no event says (a respawn, a status, a bite's timer on
      // the other member), never for hp the hits already took off
      let view: PlayerView | null = null;
      let corrections = 0;
      for (const h of c.heard) {
        if (view && h.event === "playerPatch" && "currentMonsters" in (h.payload as object)) {
          const patched = (h.payload as Partial<PlayerView>).currentMonsters!;
          if (sameWithoutHp(view.currentMonsters, patched)) corrections++;
        }
        view = view ? apply(view, h) : h.event === "playerState" ? (h.payload as PlayerView) : null;
      }
      expect(corrections).toBe(0);
      const server = await t.server.service.view(c.id);
      expect(viewPatch(rebuilt(c.heard), server)).toEqual({});
    }
  });
});

describe("a room's members settled event by event", () => {
  it.each([
    ["fighting at the aphid nest", "step", { skill: "combat", location: "aphid_nest" }],
    ["mining one node at the garden", "dig", { skill: "mining", location: "garden" }],
  ])(
    "%s: a member another's hit or bite moves holds the server's view after every settle, and every gain is saved",
    async (_, room, action) => {
      const members = [await open(`${room}-a`), await open(`${room}-b`)];
      for (const c of members) {
        const joined = await new Promise<{ ok: boolean }>((resolve) =>
          c.socket.emit("joinGroup", { roomId: room }, resolve as never),
        );
        expect(joined.ok).toBe(true);
        await runIntent(t.server.service, "updateAction", c.id, action);
      }
      const allIn = () =>
        Promise.all(
          members.map((c) => new Promise<unknown>((resolve) => c.socket.emit("getRooms", resolve))),
        );
      const service = t.server.service;
      // a step shorter than a swing or a hit: most settles move one member by its own event and the
      // other by the place alone (the shared monsters' or node's numbers), whose publish is a place patch
      let movedByOther = 0;
      for (let step = 0; step < 60; step++) {
        const from = members.map((c) => c.heard.length);
        (t.server.clock as TestClock).advance(250);
        await service.read(`${room}-a`, () => null);
        await allIn();
        members.forEach((c, i) => {
          const batch = c.heard.slice(from[i]);
          const others = batch.filter((h) => (h.payload as { playerId?: string }).playerId !== c.id);
          if (others.length > 0 && batch.every((h) => h.event !== "xpUpdate" && h.event !== "monsterAttack"))
            movedByOther++;
          const server = service.rules.view(service.peekLive(c.id)!.stored.player);
          expect(viewPatch(rebuilt(c.heard), server)).toEqual({});
        });
      }
      expect(movedByOther).toBeGreaterThan(10);
      // the members' own gains (xp, items) are written within the write-behind's second
      for (const c of members) {
        const live = service.peekLive(c.id)!.stored.player;
        await waitFor(async () => {
          const saved = (await t.server.store.loadPlayer(c.id))!.doc.player;
          return (
            JSON.stringify([saved.skills, saved.inventory]) === JSON.stringify([live.skills, live.inventory])
          );
        });
      }
    },
  );
});

describe("a room's wakes settle only the members a hit touches", () => {
  it("mining one node, three members: the untouched keep their documents, their clients hold the node's numbers and, brought on, the server's view", async () => {
    const service = t.server.service;
    const clock = t.server.clock as TestClock;
    const members = [await open("held-a"), await open("held-b"), await open("held-c")];
    for (const c of members) {
      const joined = await new Promise<{ ok: boolean }>((resolve) =>
        c.socket.emit("joinGroup", { roomId: "held" }, resolve as never),
      );
      expect(joined.ok).toBe(true);
      // each starts its hits at its own moment, as real players do
      await runIntent(service, "updateAction", c.id, { skill: "mining", location: "garden" });
      clock.advance(700);
    }
    const allIn = () =>
      Promise.all(members.map((c) => new Promise<unknown>((resolve) => c.socket.emit("getRooms", resolve))));
    const docOf = (id: string) => service.peekLive(id)!.stored.player;
    let heldSeen = 0;
    for (let step = 0; step < 40; step++) {
      clock.advance(250);
      // the room's own wake only: no read or command settles it here
      await new Promise((r) => setTimeout(r, 10));
      await allIn();
      const latest = Math.max(...members.map((c) => docOf(c.id).settledAt));
      const node = members.map((c) => docOf(c.id)).find((p) => p.settledAt === latest)!.currentAction;
      for (const c of members) {
        const doc = docOf(c.id);
        const patch = viewPatch(rebuilt(c.heard), service.rules.view(doc));
        if (doc.settledAt === latest) {
          expect(patch).toEqual({});
          continue;
        }
        // held back: its document's copy of the node is older, its client holds the node's numbers
        heldSeen++;
        expect(Object.keys(patch).filter((k) => k !== "currentAction")).toEqual([]);
        const seen = rebuilt(c.heard).currentAction;
        expect([seen.nodeId, seen.nodeHp, seen.nodeMaxHp]).toEqual([
          node.nodeId,
          node.nodeHp,
          node.nodeMaxHp,
        ]);
      }
    }
    expect(heldSeen).toBeGreaterThan(20);
    // a read settles every member: each is brought to the node's time and numbers
    const brought = await service.read("held-a", (_, now) =>
      members.map((c) => {
        const { settledAt, currentAction: a } = docOf(c.id);
        return [settledAt === now, a.nodeId, a.nodeHp];
      }),
    );
    expect(brought.every(([on]) => on)).toBe(true);
    expect(new Set(brought.map((b) => JSON.stringify(b))).size).toBe(1);
    // and every gain is saved within the write-behind's second
    for (const c of members) {
      const live = docOf(c.id);
      await waitFor(async () => {
        const saved = (await t.server.store.loadPlayer(c.id))!.doc.player;
        return (
          JSON.stringify([saved.skills, saved.inventory]) === JSON.stringify([live.skills, live.inventory])
        );
      });
    }
  });
});

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
  expect(await check()).toBe(true);
}

/** A socket of this player that records every push in order, once its first playerState is in. */
async function open(id: string): Promise<{ id: string; socket: GameClient; heard: Heard[] }> {
  const token = t.server.signer.sessionToken(id, t.server.clock.now());
  const socket = gameSocket(t.url, { auth: { token } });
  sockets.push(socket);
  const heard: Heard[] = [];
  socket.onAny((event: ServerEventName, payload: unknown) => heard.push({ event, payload }));
  await new Promise<void>((resolve) => socket.once("playerState", () => resolve()));
  return { id, socket, heard };
}

function apply(view: PlayerView, h: Heard): PlayerView {
  const schema = SERVER_EVENT_SCHEMAS[h.event];
  return schema ? applyViewEvent(view, h.event, schema.parse(h.payload) as never) : view;
}

/** The client's view: the first snapshot with every push after it applied. */
function rebuilt(heard: Heard[]): PlayerView {
  const first = heard.findIndex((h) => h.event === "playerState");
  return heard.slice(first + 1).reduce(apply, heard[first]!.payload as PlayerView);
}

/** The same monsters but for their hp: a patch that only corrected hp. */
const sameWithoutHp = (a: PlayerView["currentMonsters"], b: PlayerView["currentMonsters"]) =>
  JSON.stringify(a.map((m) => ({ ...m, hp: 0 }))) === JSON.stringify(b.map((m) => ({ ...m, hp: 0 })));
