import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TestClock } from "../clock.ts";
import { SqliteStore } from "../store/SqliteStore.ts";
import { AccountError, Accounts, cleanUsername } from "./accounts.ts";

let dir: string;
let store: SqliteStore;
let accounts: Accounts;
let evicted: string[];
const clock = new TestClock(() => 1_700_000_000_000);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "pg-accounts-"));
  store = new SqliteStore(join(dir, "db.sqlite"));
  accounts = new Accounts({ store, clock, log: pino({ level: "silent" }) });
  evicted = [];
  accounts.useLiveSessions({ evict: async (id) => void evicted.push(id) });
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const GUEST = "guest-0a1b2c3d-0000-4000-8000-000000000001";
const DISCORD = { discordId: "80351110224678912", username: "Nelly", avatar: "https://cdn/a.png" };

async function guestWithGold(gold: number) {
  const { doc, version } = await accounts.ensurePlayer({ discordId: GUEST, username: "Guest Sprout" });
  await store.savePlayer({ ...doc, player: { ...doc.player, gold } }, version, 0);
}

describe("accounts", () => {
  it("ensurePlayer creates once and then only loads", async () => {
    const first = await accounts.ensurePlayer({ discordId: GUEST, username: "  " });
    expect(first.version).toBe(1);
    expect(first.doc.player.username).toBe("Guest Sprout");
    expect(first.doc.player.featureFlags.isGuest).toBe(true);
    const both = await Promise.all([
      accounts.ensurePlayer(DISCORD),
      accounts.ensurePlayer({ ...DISCORD, username: "Other" }),
    ]);
    expect(both[0].doc.player.discordId).toBe(both[1].doc.player.discordId);
    expect((await accounts.ensurePlayer({ ...DISCORD, username: "Renamed" })).doc.player.username).toBe(
      "Nelly",
    );
  });

  it("cleans usernames", () => {
    expect(cleanUsername("  Pickle\u0000 Rick\n ")).toBe("Pickle Rick");
    expect(cleanUsername("   ")).toBeNull();
    expect(cleanUsername(42)).toBeNull();
    expect(cleanUsername("x".repeat(50))).toHaveLength(32);
  });

  it("renames after flushing the live copy; an empty name is refused for a Discord player", async () => {
    await accounts.ensurePlayer(DISCORD);
    expect(await accounts.setUsername(DISCORD.discordId, " Nel ")).toBe("Nel");
    expect(evicted).toEqual([DISCORD.discordId]);
    await expect(accounts.setUsername(DISCORD.discordId, " ")).rejects.toBeInstanceOf(AccountError);
  });

  it("moves a guest's progress to a Discord id that has no player; the guest copy is archived", async () => {
    await guestWithGold(77);
    const result = await accounts.linkGuest(GUEST, DISCORD);
    expect(result).toEqual({ linked: true, discordId: DISCORD.discordId, moved: true });
    expect(evicted).toEqual([GUEST, DISCORD.discordId]);
    const moved = await store.loadPlayer(DISCORD.discordId);
    expect(moved?.doc.player.gold).toBe(77);
    expect(moved?.doc.player.username).toBe("Nelly"); // the default guest name gives way to Discord's
    expect(moved?.doc.player.featureFlags.isGuest).toBe(false);
    expect(await store.loadPlayer(GUEST)).toBeNull();
    const archived = await store.loadPlayer(`archived:${GUEST}:${clock.now()}`);
    expect(archived?.doc.meta.archived).toBe(true);
    expect(archived?.doc.player.gold).toBe(77);
  });

  it("offers a choice when both have progress, and keeping the guest archives the Discord player", async () => {
    await guestWithGold(500);
    await accounts.ensurePlayer(DISCORD);
    const result = await accounts.linkGuest(GUEST, DISCORD);
    expect(result).toMatchObject({
      conflict: true,
      options: [
        { keep: "guest", discordId: GUEST, gold: 500 },
        { keep: "discord", discordId: DISCORD.discordId, gold: 0 },
      ],
    });
    expect(await accounts.linkOptions(GUEST, DISCORD.discordId)).toHaveLength(2);
    clock.advance(1);
    await accounts.resolveLink(GUEST, DISCORD, "guest");
    expect((await store.loadPlayer(DISCORD.discordId))?.doc.player.gold).toBe(500);
    expect((await store.loadPlayer(`archived:${DISCORD.discordId}:${clock.now()}`))?.doc.meta.archived).toBe(
      true,
    );
    expect((await store.loadPlayer(`archived:${GUEST}:${clock.now()}`))?.doc.player.gold).toBe(500);
    expect(await accounts.linkOptions(GUEST, DISCORD.discordId)).toBeNull();
  });

  it("keeping the Discord progress archives the guest, never deletes it", async () => {
    await guestWithGold(500);
    await accounts.ensurePlayer(DISCORD);
    await accounts.resolveLink(GUEST, DISCORD, "discord");
    expect((await store.loadPlayer(DISCORD.discordId))?.doc.player.gold).toBe(0);
    expect(await store.loadPlayer(GUEST)).toBeNull();
    expect((await store.loadPlayer(`archived:${GUEST}:${clock.now()}`))?.doc.player.gold).toBe(500);
  });

  it("only links guests", async () => {
    await expect(accounts.linkGuest("12345", DISCORD)).rejects.toBeInstanceOf(AccountError);
  });
});
