import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { newRoomState } from "@pickle-garden/shared";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { CHAT_TRIM_EVERY } from "./ChatTrims.ts";
import legacy from "./fixtures/legacyPlayerV0.json" with { type: "json" };
import { MongoStore } from "./MongoStore.ts";
import { migrate } from "./migrations.ts";
import { SqliteStore } from "./SqliteStore.ts";
import {
  type ChatMessage,
  DuplicatePlayerError,
  FencedOffError,
  type Panel,
  PlayerNotFoundError,
  type Store,
  type StoredPlayer,
  VersionConflictError,
} from "./Store.ts";

/** One contract, every adapter (STYLE: Colyseus's Presence suite). MongoDB runs when MONGODB_URI is set. */

function samplePlayer(discordId: string): StoredPlayer {
  const doc = migrate("player", { ...structuredClone(legacy), discordId }) as unknown as StoredPlayer;
  return { player: doc.player, meta: doc.meta };
}

function panel(id: string, over: Partial<Panel> = {}): Panel {
  return {
    _id: id,
    version: 1,
    type: "poll",
    title: `Panel ${id}`,
    body: "Which vegetable next?",
    dismissible: true,
    options: [
      { id: "a", label: "Pickle" },
      { id: "b", label: "Radish" },
    ],
    active: true,
    createdAt: 1_000,
    ...over,
  };
}

const chat = (text: string, timestamp: number): ChatMessage => ({
  username: "Sprout",
  text,
  type: "global",
  timestamp,
});

interface Adapter {
  name: string;
  enabled: boolean;
  open(): Promise<Store>;
  cleanup(): Promise<void>;
}

const dirs: string[] = [];
const mongoUri = process.env.MONGODB_URI;

const adapters: Adapter[] = [
  {
    name: "SqliteStore",
    enabled: true,
    async open() {
      const dir = mkdtempSync(join(tmpdir(), "pg-store-"));
      dirs.push(dir);
      return new SqliteStore(join(dir, "test.sqlite"));
    },
    async cleanup() {},
  },
  {
    name: "MongoStore",
    enabled: Boolean(mongoUri),
    async open() {
      const store = await MongoStore.connect(mongoUri as string, `pickle-garden-test-${process.pid}`);
      await store.dropAll();
      return store;
    },
    async cleanup() {},
  },
];

if (!mongoUri) console.log("Store contract: MongoStore skipped (set MONGODB_URI to run it against a server)");

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

for (const adapter of adapters) {
  describe.skipIf(!adapter.enabled)(`Store contract: ${adapter.name}`, () => {
    let store: Store;
    beforeEach(async () => {
      store = await adapter.open();
    });
    afterEach(async () => {
      await store.close();
      await adapter.cleanup();
    });

    it("creates, loads, and refuses a duplicate id", async () => {
      const doc = samplePlayer("p1");
      expect(await store.loadPlayer("p1")).toBeNull();
      expect(await store.createPlayer(doc)).toBe(1);
      const loaded = await store.loadPlayer("p1");
      expect(loaded?.version).toBe(1);
      expect(loaded?.doc).toEqual(doc);
      await expect(store.createPlayer(samplePlayer("p1"))).rejects.toBeInstanceOf(DuplicatePlayerError);
    });

    it("writes with the version it read and refuses a stale one", async () => {
      const doc = samplePlayer("p2");
      await store.createPlayer(doc);
      const v2 = await store.savePlayer({ ...doc, player: { ...doc.player, gold: 1 } }, 1, 0);
      expect(v2).toBe(2);
      // a second writer that also read version 1 loses, and changes nothing
      await expect(
        store.savePlayer({ ...doc, player: { ...doc.player, gold: 999 } }, 1, 0),
      ).rejects.toBeInstanceOf(VersionConflictError);
      const loaded = await store.loadPlayer("p2");
      expect(loaded?.version).toBe(2);
      expect(loaded?.doc.player.gold).toBe(1);
      expect(await store.savePlayer(loaded!.doc, 2, 0)).toBe(3);
    });

    it("answers saves made together one by one: a stale one fails alone", async () => {
      for (const id of ["b1", "b2", "b3"]) await store.createPlayer(samplePlayer(id));
      const gold = (id: string, n: number) => ({
        ...samplePlayer(id),
        player: { ...samplePlayer(id).player, gold: n },
      });
      const outcomes = await Promise.allSettled([
        store.savePlayer(gold("b1", 10), 1, 0),
        store.savePlayer(gold("b2", 20), 7, 0),
        store.savePlayer(gold("b3", 30), 1, 0),
      ]);
      expect(outcomes[0]).toEqual({ status: "fulfilled", value: 2 });
      expect(outcomes[1]?.status === "rejected" && outcomes[1].reason).toBeInstanceOf(VersionConflictError);
      expect(outcomes[2]).toEqual({ status: "fulfilled", value: 2 });
      expect((await store.loadPlayer("b1"))?.doc.player.gold).toBe(10);
      expect((await store.loadPlayer("b2"))?.version).toBe(1);
      expect((await store.loadPlayer("b3"))?.doc.player.gold).toBe(30);
    });

    it("refuses a write under an older fencing token than the stored one (a node that lost its lease)", async () => {
      const doc = samplePlayer("f1");
      await store.createPlayer(doc);
      expect((await store.loadPlayer("f1"))?.fence).toBe(0);
      // the new owner stamps the document with its token
      expect(await store.savePlayer({ ...doc, player: { ...doc.player, gold: 5 } }, 1, 7)).toBe(2);
      // the old owner, still at token 6, cannot write, even with the right version
      await expect(
        store.savePlayer({ ...doc, player: { ...doc.player, gold: 999 } }, 2, 6),
      ).rejects.toBeInstanceOf(FencedOffError);
      const loaded = await store.loadPlayer("f1");
      expect(loaded).toMatchObject({ version: 2, fence: 7 });
      expect(loaded?.doc.player.gold).toBe(5);
      // the same token writes on, a newer one too; a stale version under a good token is a version conflict
      expect(await store.savePlayer(loaded!.doc, 2, 7)).toBe(3);
      expect(await store.savePlayer(loaded!.doc, 3, 8)).toBe(4);
      await expect(store.savePlayer(loaded!.doc, 3, 8)).rejects.toBeInstanceOf(VersionConflictError);
      expect((await store.loadPlayer("f1"))?.fence).toBe(8);
    });

    it("keeps a room's state under the newest fencing token and forgets it when closed", async () => {
      const state = newRoomState("r1", 7, 1000);
      expect(await store.loadRoom("r1")).toBeNull();
      await store.saveRoom(state, 3);
      expect(await store.loadRoom("r1")).toEqual({ state, fence: 3 });
      // a node taking the room over writes under a newer token; the old owner can no longer write or close it
      const later = { ...state, settledAt: 2000 };
      await store.saveRoom(later, 4);
      await expect(store.saveRoom({ ...state, settledAt: 9999 }, 3)).rejects.toBeInstanceOf(FencedOffError);
      await store.deleteRoom("r1", 3);
      expect(await store.loadRoom("r1")).toEqual({ state: later, fence: 4 });
      await store.deleteRoom("r1", 4);
      expect(await store.loadRoom("r1")).toBeNull();
    });

    it("refuses to save a player that was never created", async () => {
      await expect(store.savePlayer(samplePlayer("ghost"), 1, 0)).rejects.toBeInstanceOf(
        VersionConflictError,
      );
      expect(await store.loadPlayer("ghost")).toBeNull();
    });

    it("keeps concurrent writers from losing each other's updates", async () => {
      await store.createPlayer(samplePlayer("p3"));
      const attempts = Array.from({ length: 5 }, async () => {
        for (;;) {
          const current = await store.loadPlayer("p3");
          const doc = current!.doc;
          try {
            await store.savePlayer(
              { ...doc, player: { ...doc.player, gold: doc.player.gold + 1 } },
              current!.version,
              current!.fence,
            );
            return;
          } catch (error) {
            if (!(error instanceof VersionConflictError)) throw error;
          }
        }
      });
      await Promise.all(attempts);
      const final = await store.loadPlayer("p3");
      expect(final?.doc.player.gold).toBe(samplePlayer("p3").player.gold + 5);
      expect(final?.version).toBe(6);
    });

    it("archives a player under another id: kept, flagged, and the live id is free", async () => {
      const doc = samplePlayer("guest-abc");
      await store.createPlayer(doc);
      await store.archivePlayer("guest-abc", "archived:guest-abc:1");
      expect(await store.loadPlayer("guest-abc")).toBeNull();
      const archived = await store.loadPlayer("archived:guest-abc:1");
      expect(archived?.doc.meta.archived).toBe(true);
      expect(archived?.doc.player).toEqual(doc.player);
      // the id can be used again, and archiving onto a taken id or a missing player fails
      await store.createPlayer(samplePlayer("guest-abc"));
      await expect(store.archivePlayer("guest-abc", "archived:guest-abc:1")).rejects.toBeInstanceOf(
        DuplicatePlayerError,
      );
      await expect(store.archivePlayer("nobody", "archived:nobody")).rejects.toBeInstanceOf(
        PlayerNotFoundError,
      );
      expect((await store.loadPlayer("guest-abc"))?.doc.meta.archived).toBe(false);
    });

    it("saves panels and lists the active ones in creation order", async () => {
      await store.savePanel(panel("p-late", { createdAt: 3_000 }));
      await store.savePanel(panel("p-early", { createdAt: 2_000 }));
      await store.savePanel(panel("p-off", { active: false }));
      expect((await store.listActivePanels()).map((p) => p._id)).toEqual(["p-early", "p-late"]);
      await store.savePanel(panel("p-late", { version: 2, title: "Edited", createdAt: 3_000 }));
      expect(await store.getPanel("p-late")).toEqual(
        panel("p-late", { version: 2, title: "Edited", createdAt: 3_000 }),
      );
      expect(await store.getPanel("missing")).toBeNull();
    });

    it("counts one vote per player per panel", async () => {
      await store.savePanel(panel("poll"));
      expect(await store.recordVote("poll", "u1", "a")).toBe(true);
      expect(await store.recordVote("poll", "u1", "b")).toBe(false);
      const racing = await Promise.all([
        store.recordVote("poll", "u2", "b"),
        store.recordVote("poll", "u2", "b"),
      ]);
      expect(racing.filter(Boolean)).toHaveLength(1);
      expect(await store.recordVote("other", "u1", "b")).toBe(true);
      expect(await store.voteCounts("poll")).toEqual({ a: 1, b: 1 });
      expect(await store.voteCounts("none")).toEqual({});
    });

    it("counts the votes of linked players and of guests apart", async () => {
      await store.recordVote("split", "123456789", "a");
      await store.recordVote("split", "guest-1", "a");
      await store.recordVote("split", "guest-2", "a");
      await store.recordVote("split", "guest-3", "b");
      expect(await store.voteCountsByAccount("split")).toEqual({
        linked: { a: 1 },
        guests: { a: 2, b: 1 },
      });
      expect(await store.voteCountsByAccount("none")).toEqual({ linked: {}, guests: {} });
    });

    it("keeps a token generation per player: 0 at first, each bump one more", async () => {
      expect(await store.tokenGeneration("gen-a")).toBe(0);
      expect(await store.bumpTokenGeneration("gen-a")).toBe(1);
      expect(await store.bumpTokenGeneration("gen-a")).toBe(2);
      expect(await store.tokenGeneration("gen-a")).toBe(2);
      expect(await store.tokenGeneration("gen-b")).toBe(0);
    });

    it("tells which option a player chose, and records where a panel was posted", async () => {
      await store.recordVote("poll", "u1", "b");
      expect(await store.voteOf("poll", "u1")).toBe("b");
      expect(await store.voteOf("poll", "u2")).toBeNull();
      expect(await store.getPanelMessage("poll")).toBeNull();
      await store.setPanelMessage("poll", { channelId: "c1", messageId: "m1" });
      await store.setPanelMessage("poll", { channelId: "c1", messageId: "m2" });
      expect(await store.getPanelMessage("poll")).toEqual({ channelId: "c1", messageId: "m2" });
      expect(await store.getPanelMessage("other")).toBeNull();
    });

    it("outbox: claims with a lease, oldest first, and an acknowledged item is gone", async () => {
      await store.enqueueOutbox({ id: "i2", key: "summary:u1:5", kind: "summary", payload: { n: 2 } }, 20);
      await store.enqueueOutbox({ id: "i1", key: "panel:p", kind: "panel", payload: { n: 1 } }, 10);
      const claimed = await store.claimOutbox("botA", 100, 1000, 10);
      expect(claimed).toEqual([
        { id: "i1", key: "panel:p", kind: "panel", payload: { n: 1 }, createdAt: 10, attempts: 1 },
        { id: "i2", key: "summary:u1:5", kind: "summary", payload: { n: 2 }, createdAt: 20, attempts: 1 },
      ]);
      // leased: nobody else gets them until the lease runs out
      expect(await store.claimOutbox("botB", 500, 1000, 10)).toEqual([]);
      expect(await store.ackOutbox("i1", "botA", "unused")).toBe(true);
      expect(await store.ackOutbox("i1", "botA", "unused")).toBe(false);
      expect(await store.ackOutbox("unknown", "botA", "unused")).toBe(false);
      expect((await store.claimOutbox("botB", 2000, 1000, 10)).map((i) => i.id)).toEqual(["i2"]);
    });

    it("outbox: an expired lease is claimed again with the same id; the old owner can no longer ack", async () => {
      await store.enqueueOutbox({ id: "dm1", key: "summary:u1:1", kind: "summary", payload: {} }, 0);
      expect((await store.claimOutbox("crashed", 10, 100, 5)).map((i) => i.id)).toEqual(["dm1"]);
      const again = await store.claimOutbox("fresh", 111, 100, 5);
      expect(again.map((i) => [i.id, i.attempts])).toEqual([["dm1", 2]]);
      expect(await store.ackOutbox("dm1", "crashed", "x")).toBe(false);
      expect(await store.ackOutbox("dm1", "fresh", "x")).toBe(true);
      expect(await store.claimOutbox("fresh", 10_000, 100, 5)).toEqual([]);
    });

    it("outbox: one row per key; re-queueing a leased key delivers once more under a new id", async () => {
      await store.enqueueOutbox({ id: "a1", key: "panel:p", kind: "panel", payload: { v: 1 } }, 0);
      await store.enqueueOutbox({ id: "a2", key: "panel:p", kind: "panel", payload: { v: 2 } }, 1);
      const [first] = await store.claimOutbox("bot", 10, 1000, 5);
      expect(first).toMatchObject({ id: "a1", payload: { v: 2 } });
      await store.enqueueOutbox({ id: "a3", key: "panel:p", kind: "panel", payload: { v: 3 } }, 20);
      expect(await store.claimOutbox("bot", 30, 1000, 5)).toEqual([]);
      expect(await store.ackOutbox("a1", "bot", "a4")).toBe(true);
      const [second] = await store.claimOutbox("bot", 40, 1000, 5);
      expect(second).toMatchObject({ id: "a4", key: "panel:p", payload: { v: 3 }, attempts: 1 });
      expect(await store.ackOutbox("a4", "bot", "a5")).toBe(true);
      expect(await store.claimOutbox("bot", 50_000, 1000, 5)).toEqual([]);
    });

    it("keeps each player's notification preferences, on by default", async () => {
      expect(await store.getNotifyPrefs("u1")).toEqual({ summaries: true, language: "en" });
      await store.setNotifyPrefs("u1", { summaries: false, language: "fr" });
      expect(await store.getNotifyPrefs("u1")).toEqual({ summaries: false, language: "fr" });
      expect(await store.getNotifyPrefs("u2")).toEqual({ summaries: true, language: "en" });
    });

    it("remembers the version of each panel a player closed", async () => {
      await store.dismissPanel("x", "u1", 1);
      await store.dismissPanel("x", "u1", 3);
      await store.dismissPanel("y", "u1", 2);
      await store.dismissPanel("x", "u2", 1);
      expect(await store.closedPanels("u1")).toEqual({ x: 3, y: 2 });
      expect(await store.closedPanels("u3")).toEqual({});
    });

    it("keeps the last N chat messages per channel, oldest first", async () => {
      for (let i = 1; i <= 60; i++) await store.appendChat("global", chat(`m${i}`, i), 50);
      await store.appendChat("party:r1", { ...chat("hi", 5), type: "party", roomId: "r1" }, 50);
      const global = await store.recentChat("global", 50);
      expect(global).toHaveLength(50);
      expect(global[0]).toEqual(chat("m11", 11));
      expect(global.at(-1)).toEqual(chat("m60", 60));
      expect((await store.recentChat("global", 3)).map((m) => m.text)).toEqual(["m58", "m59", "m60"]);
      expect(await store.recentChat("party:r1", 50)).toEqual([
        { ...chat("hi", 5), type: "party", roomId: "r1" },
      ]);
      expect(await store.recentChat("empty", 50)).toEqual([]);
    });

    it("trims a channel in batches: never more than keep + CHAT_TRIM_EVERY - 1 lines held", async () => {
      const held: number[] = [];
      for (let i = 1; i <= 100; i++) {
        await store.appendChat("party:busy", { ...chat(`b${i}`, i), type: "party", roomId: "busy" }, 20);
        held.push((await store.recentChat("party:busy", 1_000)).length);
      }
      expect(Math.max(...held)).toBe(20 + CHAT_TRIM_EVERY - 1);
      const last = await store.recentChat("party:busy", 1_000);
      expect(last.at(-1)?.text).toBe("b100");
      expect(last.map((m) => m.text)).toEqual(
        Array.from({ length: last.length }, (_, i) => `b${101 - last.length + i}`),
      );
    });

    it("weekly goal: adds each player's units to its week, totals and shares apart per week", async () => {
      expect(await store.weeklyTotals(7)).toEqual({ total: 0, contributors: 0 });
      await store.addWeeklyContributions(7, { u1: 100, u2: 5 });
      await store.addWeeklyContributions(7, { u1: 20 });
      await store.addWeeklyContributions(8, { u3: 1 });
      await Promise.all([1, 2, 3].map(() => store.addWeeklyContributions(7, { u2: 10 })));
      expect(await store.weeklyTotals(7)).toEqual({ total: 155, contributors: 2 });
      expect(await store.weeklyShare(7, "u1")).toBe(120);
      expect(await store.weeklyShare(7, "u2")).toBe(35);
      expect(await store.weeklyShare(7, "u3")).toBe(0);
      expect(await store.weeklyTotals(8)).toEqual({ total: 1, contributors: 1 });
    });

    it("keeps its data across close and reopen", async () => {
      if (!(store instanceof SqliteStore)) return; // MongoDB's durability is the server's
      await store.createPlayer(samplePlayer("durable"));
      await store.close();
      const dir = dirs.at(-1)!;
      store = new SqliteStore(join(dir, "test.sqlite"));
      expect((await store.loadPlayer("durable"))?.version).toBe(1);
    });

    it("closes cleanly, twice", async () => {
      await store.close();
      await store.close();
      store = await adapter.open();
    });
  });
}
