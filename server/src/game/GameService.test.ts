import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  applyViewEvent,
  emptySummary,
  type GameEvent,
  newPlayer,
  type PlayerView,
  SERVER_EVENT_SCHEMAS,
  type ServerEventName,
} from "@pickle-garden/shared";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fakeRules, HIT_MS, startMining } from "../../testing/fakeRules.ts";
import { TestClock } from "../clock.ts";
import { SqliteStore } from "../store/SqliteStore.ts";
import { GameService } from "./GameService.ts";
import type { GameTransport } from "./GameServiceDeps.ts";
import { ROOM_ALONE_SAVE_MS } from "./LivePlayers.ts";
import type { Ownership } from "./Ownership.ts";
import { syncOffline } from "./userCalls.ts";

const T0 = Date.UTC(2026, 0, 1);
const silent = { info() {}, warn() {}, error() {}, debug() {} };

let dir: string;
let store: SqliteStore;
let clock: TestClock;
let service: GameService;
let pushed: { id: string; event: string; payload: unknown }[];

const transport: GameTransport = {
  emit: (to, event, payload) => {
    for (const id of typeof to === "string" ? [to] : to) pushed.push({ id, event, payload });
  },
  broadcast: () => {},
};

function start(offlineCapHours = 168) {
  service = new GameService({
    store,
    clock,
    log: silent,
    config: { offlineCapHours, adminDiscordIds: [] },
    rules: fakeRules,
    flushIntervalMs: 20,
    transport,
  });
}

async function create(discordId: string) {
  const player = newPlayer({ discordId, username: discordId, now: clock.now(), seed: 1 });
  await store.createPlayer({
    player,
    meta: { awaySince: null, pendingOffline: null, lastDelivered: null, archived: false },
  });
}

const until = async (check: () => Promise<boolean> | boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 5));
  }
};

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "pg-game-"));
  store = new SqliteStore(join(dir, "game.db"));
  clock = new TestClock(() => T0);
  pushed = [];
  start();
  await create("p1");
});

afterEach(async () => {
  await service.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("GameService's publisher", () => {
  it("a snapshot on connect, then events and patches that rebuild the server's view exactly", async () => {
    await service.connect("p1");
    await startMining(service, "p1");
    for (let i = 0; i < 6; i++) {
      clock.advance(HIT_MS * (1 + (i % 3)));
      await until(() => pushed.some((e) => e.event === "playerPatch" && pushed.indexOf(e) >= i));
    }
    await service.command("p1", (p) => ({ player: { ...p, gold: p.gold + 100 }, answer: undefined }));
    const snapshots = pushed.filter((e) => e.event === "playerState");
    expect(snapshots).toHaveLength(1);
    let client = snapshots[0]!.payload as PlayerView;
    for (const e of pushed.slice(pushed.indexOf(snapshots[0]!) + 1)) {
      const schema = SERVER_EVENT_SCHEMAS[e.event as ServerEventName];
      client = applyViewEvent(client, e.event as ServerEventName, schema.parse(e.payload));
    }
    const server = await service.view("p1");
    expect({ ...client, settledAt: 0 }).toEqual({ ...server, settledAt: 0 });
    expect(client.gold).toBeGreaterThan(100);
  });

  it("never writes into what it sent: the events after a snapshot go into a copy of its own", async () => {
    await startMining(service, "p1");
    await service.connect("p1");
    const snapshot = pushed.find((e) => e.id === "p1" && e.event === "playerState")!.payload;
    const asSent = structuredClone(snapshot);
    const from = pushed.length;
    clock.advance(HIT_MS * 3);
    await until(() => pushed.slice(from).some((e) => e.id === "p1" && e.event === "gatheringUpdate"));
    expect(snapshot).toEqual(asSent);
  });
});

describe("GameService (the Master)", () => {
  it("settles before every read: an hour of mining shows up in the next answer", async () => {
    await startMining(service, "p1");
    clock.advance(3600 * HIT_MS);
    const view = await service.view("p1");
    expect(view.skills.mining.xp).toBe(3600);
    expect(view.gold).toBe(3600);
    expect("rng" in view).toBe(false);
  });

  it("applies concurrent commands one after the other: no lost or doubled updates", async () => {
    await Promise.all(
      Array.from({ length: 50 }, () =>
        service.command("p1", (p) => ({ player: { ...p, gold: p.gold + 1 }, answer: undefined })),
      ),
    );
    expect((await service.view("p1")).gold).toBe(50);
  });

  it("writes behind within the flush period, with versioned saves, and flushAll saves at once", async () => {
    await service.command("p1", (p) => ({ player: { ...p, gold: 7 }, answer: undefined }));
    await until(async () => (await store.loadPlayer("p1"))?.doc.player.gold === 7);
    const v = (await store.loadPlayer("p1"))!.version;
    await service.command("p1", (p) => ({ player: { ...p, gold: 8 }, answer: undefined }));
    await service.flushAll();
    const saved = (await store.loadPlayer("p1"))!;
    expect(saved.doc.player.gold).toBe(8);
    expect(saved.version).toBeGreaterThan(v);
  });

  it("wakes online players at their next event and pushes the events on their socket room", async () => {
    await service.connect("p1");
    await startMining(service, "p1");
    pushed = [];
    clock.advance(5 * HIT_MS);
    await until(() => pushed.filter((e) => e.event === "xpUpdate").length >= 5);
    expect(pushed.filter((e) => e.event === "gatheringUpdate")).toHaveLength(5);
    expect(pushed.every((e) => e.id === "p1")).toBe(true);
    // a patch of what the events leave out, never the whole view again
    expect(pushed.some((e) => e.event === "playerState")).toBe(false);
    expect(pushed.some((e) => e.event === "playerPatch")).toBe(true);
    // online gains never land in the offline summary
    expect((await syncOffline(service, "p1")).gathering).toBeNull();
  });

  it("delivers the offline summary once per away time; a repeat answers the same and grants nothing", async () => {
    await service.connect("p1");
    await startMining(service, "p1");
    await service.disconnect("p1");
    const awayAt = clock.now();
    clock.advance(3600 * HIT_MS);
    const first = await syncOffline(service, "p1");
    expect(first.awaySince).toBe(awayAt);
    expect(first.repeated).toBe(false);
    expect(first.gathering).toMatchObject({
      skill: "mining",
      location: "garden",
      cycles: 3600,
      gainedXp: 3600,
    });
    expect(first.gainedXp).toEqual({ mining: 3600 });
    expect(first.updatedSkills.mining?.xp).toBe(3600);
    const gold = (await service.view("p1")).gold;
    const again = await syncOffline(service, "p1");
    expect(again.repeated).toBe(true);
    expect(again.awaySince).toBe(first.awaySince);
    expect(again.gathering).toEqual(first.gathering);
    expect((await service.view("p1")).gold).toBe(gold);
  });

  it("counts offline progress up to OFFLINE_CAP_HOURS and resumes from now after a longer absence", async () => {
    await service.close();
    start(1);
    await startMining(service, "p1");
    clock.advance(3 * 3600 * HIT_MS);
    const summary = await syncOffline(service, "p1");
    expect(summary.gathering?.cycles).toBe(3600);
    const view = await service.view("p1");
    expect(view.settledAt).toBe(clock.now());
    expect(view.currentAction.nextHitAt).toBeGreaterThan(clock.now());
    clock.advance(10 * HIT_MS);
    expect((await service.view("p1")).skills.mining.xp).toBe(3610);
  });

  it("crafting stopped for a full inventory while away is cancelled once, at delivery", async () => {
    await service.close();
    service = new GameService({
      store,
      clock,
      log: silent,
      config: { offlineCapHours: 168, adminDiscordIds: [] },
      flushIntervalMs: 20,
      rules: {
        ...fakeRules,
        advance(player, until) {
          const r = fakeRules.advance(player, until);
          const crafting = player.smithingSlots[0]?.currentItem !== null;
          if (crafting && until > player.settledAt) {
            r.summary.craftStoppedForInventory = true;
            r.summary.craftingSkill = "smithing";
            r.summary.crafted = [
              {
                skill: "smithing",
                id: 20001,
                quantity: 3,
                crafts: 3,
                xp: 6,
                lost: 0,
                affixes: [],
                durationMs: 9000,
              },
            ];
            r.summary.xp = { smithing: 6 };
          }
          return r;
        },
      },
    });
    await service.command("p1", (p) => ({
      player: {
        ...p,
        smithingSlots: p.smithingSlots.map((s, i) =>
          i === 0 ? { currentItem: 20001, startTime: p.settledAt, remaining: 5 } : s,
        ),
      },
      answer: undefined,
    }));
    clock.advance(60_000);
    const summary = await syncOffline(service, "p1");
    expect(summary.craftStoppedForInventory).toBe(true);
    expect(summary.craftingSkill).toBe("smithing");
    expect(summary.craftedItemVariants).toEqual([
      {
        id: 20001,
        skill: "smithing",
        quantity: 3,
        xp: 6,
        affixes: [],
        level: expect.any(Number),
        durationSec: 9,
      },
    ]);
    expect(summary.smithingSlots[0]?.currentItem).toBeNull();
    expect((await service.view("p1")).smithingSlots[0]?.currentItem).toBeNull();
    expect((await syncOffline(service, "p1")).repeated).toBe(true);
  });

  it("keeps an undelivered summary's away time across a reconnect", async () => {
    await startMining(service, "p1");
    const awaySince = (await store.loadPlayer("p1"))!.doc.player.settledAt;
    clock.advance(60 * HIT_MS);
    await service.connect("p1");
    await service.disconnect("p1");
    clock.advance(60 * HIT_MS);
    const summary = await syncOffline(service, "p1");
    expect(summary.awaySince).toBe(awaySince);
    expect(summary.gathering?.cycles).toBe(120);
  });

  it("evict saves and forgets the live player; the next access reloads it", async () => {
    await service.command("p1", (p) => ({ player: { ...p, gold: 99 }, answer: undefined }));
    await service.evict("p1");
    expect(service.liveCount).toBe(0);
    expect((await store.loadPlayer("p1"))!.doc.player.gold).toBe(99);
    expect((await service.view("p1")).gold).toBe(99);
  });

  it("a connected player that is evicted (linking, renaming) is reloaded and keeps being pushed", async () => {
    await service.connect("p1");
    await startMining(service, "p1");
    await service.evict("p1");
    expect(service.isOnline("p1")).toBe(true);
    pushed = [];
    clock.advance(5 * HIT_MS);
    await until(() => pushed.filter((e) => e.event === "xpUpdate").length >= 5);
    expect((await syncOffline(service, "p1")).gathering).toBeNull();
  });

  it("a signed-out player's late socket disconnect reloads nothing and writes nothing", async () => {
    await service.connect("p1");
    await service.signOut("p1");
    const before = await store.loadPlayer("p1");
    await service.disconnect("p1");
    await service.flushAll();
    expect(service.liveCount).toBe(0);
    expect(service.isOnline("p1")).toBe(false);
    expect(await store.loadPlayer("p1")).toEqual(before);
  });

  it("a version conflict drops the live copy instead of overwriting someone else's write", async () => {
    await service.view("p1");
    await service.flushAll();
    const stored = (await store.loadPlayer("p1"))!;
    await store.savePlayer({ ...stored.doc, player: { ...stored.doc.player, gold: 500 } }, stored.version, 0);
    await service.command("p1", (p) => ({ player: { ...p, gold: 1 }, answer: undefined }));
    await service.flushAll();
    expect((await store.loadPlayer("p1"))!.doc.player.gold).toBe(500);
    expect((await service.view("p1")).gold).toBe(500);
  });

  it("refuses an unknown player with a 404", async () => {
    await expect(service.view("nobody")).rejects.toMatchObject({ status: 404 });
  });

  it("several nodes: a save of an earlier copy landing between the load and the stamp is read back and stamped", async () => {
    await service.close();
    await create("p9");
    const held = new Set<string>();
    let landed = false;
    const ownership: Ownership = {
      async claim(_kind, id, floor) {
        if (!landed) {
          // the previous owner's last write-behind lands while this node takes the lease
          landed = true;
          const before = (await store.loadPlayer(id))!;
          const doc = { ...before.doc, player: { ...before.doc.player, gold: 42 } };
          await store.savePlayer(doc, before.version, before.fence);
        }
        held.add(id);
        return floor + 1;
      },
      holds: (_kind, id) => held.has(id),
      revive: async () => false,
      release: async (_kind, id) => {
        held.delete(id);
      },
      openRooms: async () => [],
      socketsOf: async () => 0,
      rejoin: () => {},
    };
    service = new GameService({
      store,
      clock,
      log: silent,
      config: { offlineCapHours: 168, adminDiscordIds: [] },
      rules: fakeRules,
      flushIntervalMs: 20,
      ownership,
    });
    expect((await service.view("p9")).gold).toBe(42);
    expect(await store.loadPlayer("p9")).toMatchObject({ version: 3, fence: 1 });
  });
});

describe("the write-behind of a room member (docs/decisions.md)", () => {
  it("a document moved on by its room alone is written within ROOM_ALONE_SAVE_MS; an event of its own, within the flush", async () => {
    await service.connect("p1");
    const live = service.peekLive("p1")!;
    const stored = async () => (await store.loadPlayer("p1"))!.doc.player.settledAt;
    await until(() => !live.dirty && !live.saving);
    const saved = await stored();
    // the room's settle of a member with no event of its own: only its time (and its copy of the place) moved
    const byRoom = (events: GameEvent[]) => {
      const from = live.stored.player.settledAt;
      const at = clock.advance(500);
      service.absorb(
        live,
        { player: { ...live.stored.player, settledAt: at }, events, summary: emptySummary(from, at) },
        [],
        true,
      );
      return at;
    };
    byRoom([]);
    await new Promise((r) => setTimeout(r, 100)); // about five flushes (flushIntervalMs 20)
    expect(await stored()).toBe(saved);
    clock.advance(ROOM_ALONE_SAVE_MS);
    const moved = byRoom([]);
    await until(async () => (await stored()) === moved);
    // progress of its own (an event) is written at the next flush, room or not
    const own = byRoom([
      {
        type: "xpUpdate",
        at: clock.now(),
        skill: "mining",
        delta: 1,
        xp: 1,
        level: 1,
        previousLevel: 1,
        rpGain: 0,
        picklelogyGain: 0,
      },
    ]);
    await until(async () => (await stored()) === own);
    // and the shutdown writes what the room alone moved
    const last = byRoom([]);
    await service.close();
    expect(await stored()).toBe(last);
    start();
  });
});
