import {
  applyViewEvent,
  MONSTER_DAMAGE_POPUPS,
  type PlayerView,
  SERVER_EVENT_SCHEMAS,
  type ServerEventName,
  viewPatch,
} from "@pickle-garden/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClock } from "../clock.ts";
import { labBuy } from "../game/craftCalls.ts";
import { updateAction } from "../game/userCalls.ts";
import { type GameClient, gameSocket } from "../testing/gameSocket.ts";
import { startTestServer, type TestServer } from "../testing/testServer.ts";

type Heard = { event: ServerEventName; payload: unknown };

let t: TestServer;
let socket: GameClient;

beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_WRITES: "0" });
  const service = t.server.service;
  await t.server.accounts.ensurePlayer({ discordId: "fighter", username: "fighter" });
  for (const node of ["south:mining:unlock", "south:smithing:unlock", "south:melee:unlock"])
    await labBuy(service, "fighter", node);
  await updateAction(service, "fighter", { skill: "combat", location: "aphid_nest" });
});
afterAll(async () => {
  socket?.close();
  await t.close();
});

/** The ids and types of a batch's events (what decides whether the monsters could be predicted). */
const popups = (batch: Heard[]) =>
  batch.flatMap((h) => (h.event === "popup" ? [h.payload as { type: string; target?: string }] : []));

describe("a fight on the wire", () => {
  it("a swing or a bite without a kill or a proc sends no currentMonsters: the client applies its events", async () => {
    const token = t.server.signer.sessionToken("fighter", t.server.clock.now());
    socket = gameSocket(t.url, { auth: { token } });
    const heard: Heard[] = [];
    socket.onAny((event: ServerEventName, payload: unknown) => heard.push({ event, payload }));
    await new Promise<void>((resolve) => socket.once("playerState", () => resolve()));
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
    const first = heard.findIndex((h) => h.event === "playerState");
    let client = heard[first]!.payload as PlayerView;
    for (const h of heard.slice(first + 1)) {
      const schema = SERVER_EVENT_SCHEMAS[h.event];
      if (schema) client = applyViewEvent(client, h.event, schema.parse(h.payload) as never);
    }
    const server = await t.server.service.view("fighter");
    expect(viewPatch(client, server)).toEqual({});
    expect(client.currentMonsters).toEqual(server.currentMonsters);
  });
});
