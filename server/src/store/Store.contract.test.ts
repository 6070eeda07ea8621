import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import legacy from "./fixtures/legacyPlayerV0.json" with { type: "json" };
import { MongoStore } from "./MongoStore.ts";
import { migrate } from "./migrations.ts";
import { SqliteStore } from "./SqliteStore.ts";
import {
  type ChatMessage,
  DuplicatePlayerError,
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
      const v2 = await store.savePlayer({ ...doc, player: { ...doc.player, gold: 1 } }, 1);
      expect(v2).toBe(2);
      // a second writer that also read version 1 loses, and changes nothing
      await expect(
        store.savePlayer({ ...doc, player: { ...doc.player, gold: 999 } }, 1),
      ).rejects.toBeInstanceOf(VersionConflictError);
      const loaded = await store.loadPlayer("p2");
      expect(loaded?.version).toBe(2);
      expect(loaded?.doc.player.gold).toBe(1);
      expect(await store.savePlayer(loaded!.doc, 2)).toBe(3);
    });

    it("refuses to save a player that was never created", async () => {
      await expect(store.savePlayer(samplePlayer("ghost"), 1)).rejects.toBeInstanceOf(VersionConflictError);
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
      const global = await store.recentChat("global", 100);
      expect(global).toHaveLength(50);
      expect(global[0]).toEqual(chat("m11", 11));
      expect(global.at(-1)).toEqual(chat("m60", 60));
      expect((await store.recentChat("global", 3)).map((m) => m.text)).toEqual(["m58", "m59", "m60"]);
      expect(await store.recentChat("party:r1", 50)).toEqual([
        { ...chat("hi", 5), type: "party", roomId: "r1" },
      ]);
      expect(await store.recentChat("empty", 50)).toEqual([]);
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
