import { PLAYER_SCHEMA_VERSION, PlayerSchema } from "@pickle-garden/shared";
import { describe, expect, it } from "vitest";
import legacy from "./fixtures/legacyPlayerV0.json" with { type: "json" };
import stored1 from "./fixtures/playerV1.json" with { type: "json" };
import {
  CHAT_MIGRATIONS,
  MigrationError,
  migrate,
  PANEL_MIGRATIONS,
  PLAYER_MIGRATIONS,
  SCHEMA_VERSIONS,
} from "./migrations.ts";

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
    expect(player.skills.mining).toEqual({ level: 7, xp: 1600 });
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
    const out = migrate("player", input as Record<string, unknown>);
    const player = PlayerSchema.parse(out.player);
    expect(player.quests).toEqual({ day: -1, daily: [], rerollDay: -1, claimedTotal: 0, weeklyClaimed: -1 });
    const { quests: _quests, schemaVersion, ...rest } = player;
    const { schemaVersion: before, ...kept } = stored1.player;
    expect([before, schemaVersion]).toEqual([1, 2]);
    expect(rest).toEqual(kept);
    expect(out.meta).toEqual(stored1.meta);
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
