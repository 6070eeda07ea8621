import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  ChatMessageSchema,
  levelForXp,
  PLAYER_SCHEMA_VERSION,
  PlayerSchema,
  XP_TABLE,
} from "@pickle-garden/shared";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import legacy from "./fixtures/legacyPlayerV0.json" with { type: "json" };
import stored1 from "./fixtures/playerV1.json" with { type: "json" };
import highLevels from "./fixtures/playerV1HighLevels.json" with { type: "json" };
import {
  CHAT_MIGRATIONS,
  MigrationError,
  migrate,
  PANEL_MIGRATIONS,
  PLAYER_MIGRATIONS,
  SCHEMA_VERSIONS,
} from "./migrations.ts";
import { SqliteStore } from "./SqliteStore.ts";
import { movedXp, XP_TABLE_V2 } from "./xpTableMigration.ts";

const deepFreeze = <T>(value: T): T => {
  if (typeof value === "object" && value !== null) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
};

describe("migrations", () => {
  it("are numbered from 1 without gaps", () => {
    for (const list of [PLAYER_MIGRATIONS, PANEL_MIGRATIONS, CHAT_MIGRATIONS]) {
      expect(list.map((m) => m.to)).toEqual(list.map((_, i) => i + 1));
    }
  });

  it("keep the stored player envelope in step with the shared player schema", () => {
    expect(SCHEMA_VERSIONS.player).toBe(PLAYER_SCHEMA_VERSION);
  });

  it("turn an original game document into a valid current player, without touching the input", () => {
    const input = deepFreeze(structuredClone(legacy));
    const out = migrate("player", input as Record<string, unknown>);
    expect(out.schemaVersion).toBe(SCHEMA_VERSIONS.player);
    const parsed = PlayerSchema.safeParse(out.player);
    expect(parsed.error?.issues ?? []).toEqual([]);
    const player = parsed.data!;
    expect(player.discordId).toBe("123456789012345678");
    expect(player.skills.mining).toEqual({ level: 7, xp: 1292 }); // 34 % of level 7, both tables
    expect(player.barrier.remaining).toBe(0); // below zero cleaned up
    expect(player.currentMonsters[0]?.hp).toBe(50); // clamped to max hp
    expect(player.equipmentSlots.melee.mainhand).toEqual({ id: 101, stack: 1 });
    expect(player.equipmentSlots.magic.head).toBeNull();
    expect(player.settledAt).toBe(1700000000000);
    expect(player.createdAt).toBe(Date.parse("2023-07-19T12:00:00.000Z"));
    expect("meleeSpeed" in player).toBe(false);
    expect(out.meta).toEqual({ awaySince: null, pendingOffline: null, lastDelivered: null, archived: false });
  });

  it("give a version-1 player an empty quest board and keep the rest of it", () => {
    const input = deepFreeze(structuredClone(stored1));
    const out = PLAYER_MIGRATIONS[1]!.up(input as Record<string, unknown>); // this step alone
    // (step 4 adds the subscription's windows)
    const player = PlayerSchema.parse({ ...(out.player as object), subscriptionWindows: [] });
    expect(player.quests).toEqual({ day: -1, daily: [], rerollDay: -1, claimedTotal: 0, weeklyClaimed: -1 });
    const { quests: _quests, subscriptionWindows: _windows, schemaVersion, ...rest } = player;
    const { schemaVersion: before, ...kept } = stored1.player;
    expect([before, schemaVersion]).toEqual([1, 2]);
    expect(rest).toEqual(kept);
    expect(out.meta).toEqual(stored1.meta);
  });

  it("keep every level of a stored player across the new xp table, at the same fraction of it", () => {
    const input = deepFreeze(structuredClone(highLevels));
    const out = migrate("player", input as Record<string, unknown>);
    const player = PlayerSchema.parse(out.player);
    expect(player.schemaVersion).toBe(SCHEMA_VERSIONS.player);
    const before = highLevels.player.skills as Record<string, { level: number; xp: number }>;
    for (const [id, { level }] of Object.entries(player.skills)) {
      expect(level, id).toBe(before[id]!.level);
      expect(levelForXp(player.skills[id as keyof typeof player.skills].xp), id).toBe(level);
    }
    expect(player.skills).toEqual({
      picklelogy: { level: 60, xp: 447_853 + Math.floor(((46_000 - 45_318) / (46_475 - 45_318)) * 37_789) },
      // stuck at 89 in the old wall: 40 % of the way to 5 M, now 40 % of the way from 4.61 M
      mining: {
        level: 89,
        xp: 4_614_930 + Math.floor(((2_000_000 - 82_551) / (5_000_000 - 82_551)) * 385_070),
      },
      mycology: { level: 40, xp: 85_873 + Math.floor(((24_800 - 24_355) / (25_298 - 24_355)) * 7622) },
      botany: { level: 20, xp: 12_861 + Math.floor(((8500 - 8281) / (8944 - 8281)) * 1537) },
      smithing: { level: 10, xp: 2700 },
      tanning: { level: 1, xp: 60 },
      tailoring: { level: 1, xp: 0 },
      health: { level: 95, xp: 7_214_321 + Math.floor(0.4 * 507_189) },
      intellect: { level: 99, xp: 12_345_678 }, // past 100 in both tables: kept
      melee: { level: 99, xp: 9_390_572 + Math.floor(0.5 * 609_428) },
      magic: { level: 5, xp: 585 },
      ranged: { level: 2, xp: 100 },
    });
    expect(out.meta).toEqual(highLevels.meta);
  });

  it("write the xp table as it stood, frozen: today it equals the live one", () => {
    expect(XP_TABLE_V2).toEqual(XP_TABLE.slice(1));
    expect(movedXp(Number.NaN, 1)).toBe(0);
    expect(movedXp(0, 12)).toBe(XP_TABLE[12]); // a level its xp does not reach is kept
  });

  it("give a version-3 player empty subscription windows, its old flag dropped until Discord says", () => {
    const current = migrate("player", structuredClone(stored1));
    const { subscriptionWindows: _, ...rest } = current.player as Record<string, unknown>;
    const input = deepFreeze({
      ...current,
      schemaVersion: 3,
      player: { ...rest, schemaVersion: 3, subscription_active: true },
    });
    const out = migrate("player", input);
    expect(out.schemaVersion).toBe(4);
    expect(out.player).toMatchObject({
      schemaVersion: 4,
      subscription_active: false,
      subscriptionWindows: [],
    });
    expect(PlayerSchema.safeParse(out.player).success).toBe(true);
  });

  it("are deterministic: the same old document always gives the same new one", () => {
    expect(migrate("player", structuredClone(legacy))).toEqual(migrate("player", structuredClone(legacy)));
  });

  it("leave a current document as it is", () => {
    const current = migrate("player", structuredClone(legacy));
    expect(migrate("player", current)).toBe(current);
  });

  it("refuse a document written by a newer server", () => {
    expect(() => migrate("player", { schemaVersion: 999 })).toThrow(MigrationError);
  });

  it("drop a legacy panel's inline votes", () => {
    const out = migrate("panel", { _id: "p", title: "t", votes: { a: 3 }, options: [] });
    expect(out).toEqual({ _id: "p", title: "t", options: [], dismissible: true, schemaVersion: 1 });
  });
});

describe("chat migrations", () => {
  const drop = { kind: "drop", skill: "mining", itemId: 10001, quantity: 2, lost: 0 };
  /** lines as a version-1 server kept them: a logs line with its English text beside its log */
  const logsV1 = {
    username: "Sprout",
    text: "+2 Dirt",
    type: "logs",
    timestamp: 5,
    discordId: "p1",
    log: drop,
    schemaVersion: 1,
  };
  const talkV1 = { username: "Sprout", text: "hello", type: "global", timestamp: 6, schemaVersion: 1 };

  it("keep a logs line's structured log and drop the server's English text; a player's words stay", () => {
    const logs = migrate("chat", deepFreeze(structuredClone(logsV1)));
    expect(logs).toEqual({
      username: "Sprout",
      type: "logs",
      timestamp: 5,
      discordId: "p1",
      log: drop,
      schemaVersion: 2,
    });
    const talk = migrate("chat", deepFreeze(structuredClone(talkV1)));
    expect(talk).toEqual({ ...talkV1, schemaVersion: 2 });
    for (const line of [logs, talk]) {
      const { schemaVersion: _v, ...message } = line;
      expect(ChatMessageSchema.safeParse(message).success).toBe(true);
    }
  });

  it("run when the SQLite store reads lines a version-1 server wrote", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pg-chat-v1-"));
    try {
      const file = join(dir, "store.sqlite");
      await new SqliteStore(file).close(); // the tables
      const db = new Database(file);
      const insert = db.prepare("INSERT INTO chat (channel, schema_version, doc) VALUES (?, 1, ?)");
      insert.run("logs:p1", JSON.stringify(logsV1));
      db.close();
      const store = new SqliteStore(file);
      const [line] = await store.recentChat("logs:p1", 50);
      await store.close();
      expect(line).toEqual({ username: "Sprout", type: "logs", timestamp: 5, discordId: "p1", log: drop });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
