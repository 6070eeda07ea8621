import {
  BOSSES,
  type BossView,
  CHARACTER_STYLE,
  type Character,
  dayOf,
  EQUIPMENT_SLOTS,
  type GroupUpdate,
  gearItemId,
  type Quest,
  xpForLevel,
} from "@pickle-garden/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connected, type GameClient, gameSocket } from "../../testing/gameSocket.ts";
import { startTestServer, type TestServer } from "../../testing/testServer.ts";
import type { TestClock } from "../clock.ts";
import { runIntent } from "../game/runIntent.ts";

/** Party bosses end to end (docs/rooms.md "Party bosses"): real Socket.IO clients against a real server. */

let t: TestServer;
const sockets: GameClient[] = [];
const QUEEN = BOSSES.wasp_queen!;
/** A boss quest over the queen: one win with the party. */
const QUEEN_QUEST: Quest = {
  id: "q",
  kind: "boss",
  skill: "melee",
  subject: null,
  location: QUEEN.location,
  count: 1,
  progress: 0,
  reward: { gold: 500, rp: 20, xp: 400 },
  claimed: false,
};

/**
 * A level-99 member of a class in the tier-10 set (strong enough for the Wasp Queen in two); with `quest`,
 * today's board holds that one quest.
 */
async function veteran(id: string, character: Character, level = 99, quest?: Quest): Promise<void> {
  await t.server.accounts.ensurePlayer({ discordId: id, username: id.toUpperCase() });
  const loaded = await t.server.store.loadPlayer(id);
  const doc = loaded!.doc;
  const p = doc.player;
  const style = CHARACTER_STYLE[character]!;
  p.activeCharacter = character;
  p.lab.rp = 10_000;
  for (const flag of ["combat", style, "intellect"]) p.featureFlags[flag] = true;
  for (const skill of [style, "health", "intellect"] as const)
    p.skills[skill] = { level, xp: xpForLevel(level) };
  for (const slot of EQUIPMENT_SLOTS)
    p.equipmentSlots[style][slot] = { id: gearItemId(style, 10, slot), stack: 1 };
  if (quest)
    p.quests = { ...p.quests, day: dayOf(t.server.clock.now()), daily: [{ ...quest, skill: style }] };
  await t.server.store.savePlayer(doc, loaded!.version, 0);
  const nodes = quest ? ["east:utility:gold-pouch", "east:utility:quest"] : [];
  for (const node of ["west:meta:multiplayer", ...nodes])
    await runIntent(t.server.service, "labBuy", id, { nodeId: node });
}

beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_WRITES: "0", ROOM_GRACE_MS: "300" });
  await veteran("ann", "mage");
  await veteran("bob", "archer");
  await veteran("cat", "warrior");
  await veteran("dan", "archer");
  await veteran("eve", "archer", 30);
  for (const [id, character] of [
    ["fay", "mage"],
    ["gus", "archer"],
    ["hal", "warrior"],
  ] as const)
    await veteran(id, character, 99, QUEEN_QUEST);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

interface Client {
  socket: GameClient;
  groups: GroupUpdate[];
}

async function open(discordId: string): Promise<Client> {
  const token = t.server.signer.sessionToken(discordId, t.server.clock.now(), []);
  const socket = gameSocket(t.url, { auth: { token } });
  sockets.push(socket);
  const groups: GroupUpdate[] = [];
  socket.on("groupUpdate", (u: GroupUpdate) => groups.push(u));
  await connected(socket);
  return { socket, groups };
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

async function join(c: Client, roomId: string): Promise<void> {
  const answer = await emit(c.socket, "joinGroup", { roomId });
  expect(answer.ok).toBe(true);
  c.groups.push(answer as unknown as GroupUpdate);
}

const waitFor = async (check: () => boolean | Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
};

/** The boss fight as the client last heard it. */
const lastBoss = (c: Client): BossView | null | undefined =>
  c.groups.filter((g) => g.boss !== undefined).at(-1)?.boss;

const trophies = (id: string) =>
  t.server.service.read(id, (p) =>
    p.inventory.filter((e) => e.id === QUEEN.trophy).reduce((a, e) => a + e.stack, 0),
  );

describe("party bosses over the socket", () => {
  it("two members challenge and win; a third who left gets nothing; a second challenge while it runs is refused", async () => {
    const [ann, bob, cat] = [await open("ann"), await open("bob"), await open("cat")];
    for (const c of [ann, bob, cat]) await join(c, "boss-club");
    expect(await emit(ann.socket, "challengeBoss", { roomId: "boss-club", bossId: QUEEN.id })).toEqual({
      ok: true,
    });
    await waitFor(() => lastBoss(bob)?.bossId === QUEEN.id);
    expect(lastBoss(bob)!.fighters.map((f) => [f.id, f.role])).toEqual([
      ["ann", "mender"],
      ["bob", "striker"],
      ["cat", "guard"],
    ]);
    // twice at once
    expect(await emit(bob.socket, "challengeBoss", { roomId: "boss-club", bossId: QUEEN.id })).toMatchObject({
      ok: false,
      code: "boss/busy",
    });
    // the rounds run on the server's own clock: a few land while the guard is still in
    const clock = t.server.clock as TestClock;
    clock.advance(6_000);
    await waitFor(() => (lastBoss(ann)?.rounds ?? 0) >= 3);
    expect(lastBoss(ann)!.fighters.find((f) => f.id === "cat")!.damage).toBeGreaterThan(0);
    expect(await emit(cat.socket, "leaveGroup", { roomId: "boss-club" })).toEqual({ ok: true });
    const catDamage = lastBoss(ann)!.fighters.find((f) => f.id === "cat")!.damage;

    clock.advance(200_000);
    await waitFor(() => lastBoss(ann)?.outcome != null);
    const end = lastBoss(ann)!;
    expect(end.outcome).toBe("won");
    expect(end.hp).toBe(0);
    expect(end.endedAt!).toBeLessThan(end.enrageAt);
    const cats = end.fighters.find((f) => f.id === "cat")!;
    expect(cats).toMatchObject({ left: true, loot: null });
    expect(cats.damage).toBe(catDamage);
    for (const id of ["ann", "bob"]) {
      const loot = end.fighters.find((f) => f.id === id)!.loot!;
      expect(loot[0]!.id).toBe(QUEEN.trophy);
      await waitFor(async () => (await trophies(id)) === loot[0]!.quantity);
    }
    expect(await trophies("cat")).toBe(0);
    expect(await t.server.service.read("ann", (p) => p.bossLoot?.count)).toBe(1);
    // the bot may announce the kill: one outbox item naming those who stayed
    await waitFor(async () => {
      const items = await t.server.store.claimOutbox("test", t.server.clock.now(), 1000, 50);
      const kill = items.find((i) => i.kind === "boss");
      if (kill) expect(kill.payload).toMatchObject({ bossId: QUEEN.id, names: ["ANN", "BOB"] });
      return kill !== undefined;
    });
  });

  it("refuses a solo challenge, a non-member's, an unknown boss and one above the party's tier, changing nothing", async () => {
    const [dan, eve] = [await open("dan"), await open("eve")];
    await join(dan, "lonely");
    const challenge = (c: Client, roomId: string, bossId = QUEEN.id) =>
      emit(c.socket, "challengeBoss", { roomId, bossId });
    expect(await challenge(dan, "lonely")).toEqual({ ok: false, code: "boss/solo" });
    expect(await challenge(eve, "lonely")).toEqual({ ok: false, code: "boss/not_member" });
    await join(eve, "lonely");
    expect(await challenge(dan, "lonely", "dragon")).toEqual({ ok: false, code: "boss/unknown" });
    // eve's combat level is 30, the queen's 50
    expect(await challenge(dan, "lonely")).toEqual({ ok: false, code: "boss/above_tier" });
    expect(await challenge(dan, "lonely", 42 as unknown as string)).toMatchObject({
      ok: false,
      code: "request/invalid",
    });
    await new Promise((r) => setTimeout(r, 400));
    expect(lastBoss(dan) ?? null).toBeNull();
  });
});

describe("boss quests over the socket", () => {
  it("two members win the boss: the quest progresses for both, not for the one who left", async () => {
    const [fay, gus, hal] = [await open("fay"), await open("gus"), await open("hal")];
    for (const c of [fay, gus, hal]) await join(c, "quest-club");
    const quest = (id: string) => t.server.service.read(id, (p) => p.quests.daily.find((q) => q.id === "q"));
    expect(await emit(fay.socket, "challengeBoss", { roomId: "quest-club", bossId: QUEEN.id })).toEqual({
      ok: true,
    });
    await waitFor(() => lastBoss(gus)?.bossId === QUEEN.id);
    const clock = t.server.clock as TestClock;
    clock.advance(6_000);
    await waitFor(() => (lastBoss(fay)?.rounds ?? 0) >= 3);
    expect(await emit(hal.socket, "leaveGroup", { roomId: "quest-club" })).toEqual({ ok: true });
    expect((await quest("fay"))!.progress).toBe(0);

    clock.advance(200_000);
    await waitFor(() => lastBoss(fay)?.outcome != null);
    expect(lastBoss(fay)!.outcome).toBe("won");
    for (const id of ["fay", "gus"]) await waitFor(async () => (await quest(id))?.progress === 1);
    expect(await quest("hal")).toMatchObject({ progress: 0, claimed: false });
    // a won quest is claimed like any other, and pays its reward once
    const before = await t.server.service.read("gus", (p) => p.gold);
    expect(await runIntent(t.server.service, "claimQuest", "gus", { questId: "q" })).toEqual({ ok: true });
    expect(await t.server.service.read("gus", (p) => p.gold)).toBe(before + QUEEN_QUEST.reward.gold);
    await expect(runIntent(t.server.service, "claimQuest", "hal", { questId: "q" })).rejects.toMatchObject({
      code: "quest/not_done",
    });
  });
});
