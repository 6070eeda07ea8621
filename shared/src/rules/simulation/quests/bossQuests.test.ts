import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fighter } from "../../../../testing/fighters.ts";
import { deepFreeze } from "../../../../testing/players.ts";
import { BOSS_ENRAGE_MS, BOSS_LOOTS_PER_WEEK, BOSSES, bossAt } from "../../../data/bosses.ts";
import { locationFor } from "../../../data/locations.ts";
import {
  BOSS_QUEST_WINS,
  QUEST_GOLD_SHARE,
  QUEST_MINUTES_MAX,
  QUEST_MINUTES_MIN,
  QUEST_XP_SHARE,
} from "../../../data/quests.ts";
import type { Character } from "../../../data/skills.ts";
import type { Player } from "../../../protocol/player.ts";
import type { Quest } from "../../../protocol/quests.ts";
import type { RoomState } from "../../../protocol/rooms.ts";
import { deepClone } from "../../state/clonePlayer.ts";
import { Rng } from "../../state/rng.ts";
import { xpForLevel } from "../../state/xpForLevel.ts";
import { challengeBoss } from "../boss/bossFight.ts";
import { advanceRoom, newRoomState } from "../room/advanceRoom.ts";
import { settleRoom } from "../settle.ts";
import { countBossQuests } from "./questProgress.ts";
import { dayOf, defeatCandidate, questCandidates, questFrom, refreshQuests } from "./rollQuests.ts";
import { weekOf, weekStart } from "./weeklyGoal.ts";

const QUEEN = BOSSES.wasp_queen!;
const STAG = BOSSES.stag_king!;
const T0 = weekStart(3000) + 3_600_000;

/**
 * A member of a party at a boss's level in its tier's set, resting at home, with the quest board open and
 * (unless `fought` is false) a boss won before.
 */
function member(id: string, character: Character, level = QUEEN.level, fought = true): Player {
  const p = fighter({ location: QUEEN.location, level, character, gearTier: 7, intellect: true, now: T0 });
  p.currentAction = { ...p.currentAction, skill: "none", location: "home" };
  p.featureFlags.quest = true;
  if (fought) p.bossLoot = { week: weekOf(T0) - 1, count: 1 };
  return { ...p, discordId: id, username: id };
}

const bossTemplates = (p: Player) =>
  questCandidates(p)
    .filter((c) => c.kind === "boss")
    .map((c) => `${c.skill}:${c.subject}:${c.location}:${c.count}`);

/** The boss quest of `boss` on the player's board, with `progress` wins, beside its drawn quests. */
function withBossQuest(p: Player, boss = QUEEN, progress = 0, id = "b"): Player {
  const draft = deepClone(p);
  const area = locationFor("combat", boss.location)!;
  const quest = questFrom(
    { ...defeatCandidate(draft, area), kind: "boss", subject: null, count: BOSS_QUEST_WINS },
    id,
    Rng.seed(1),
  );
  draft.quests.daily = [{ ...quest, progress }];
  draft.quests.day = dayOf(T0);
  return draft;
}

const bossQuest = (p: Player, id = "b") => p.quests.daily.find((q) => q.id === id)!;

/** A room whose party (every member) challenged the wasp queen at T0. */
function challengedRoom(members: readonly Player[], bossId = QUEEN.id): RoomState {
  const r = challengeBoss(undefined, members, members[0]!.discordId, bossId, T0, 7);
  if (!r.ok) throw new Error(r.message);
  return { ...newRoomState("r", 1, T0), boss: r.fight };
}

describe("boss quests: drawn for a player who fights with a party", () => {
  it("offers the highest boss the combat level reaches, once a boss has been won", () => {
    expect(bossTemplates(member("a", "warrior"))).toEqual([`melee:null:${QUEEN.location}:1`]);
    expect(bossTemplates(member("a", "archer", STAG.level + 1))).toEqual([`ranged:null:${STAG.location}:1`]);
    // never won a boss (a player who plays alone): none
    expect(bossTemplates(member("a", "warrior", QUEEN.level, false))).toEqual([]);
    // below the first boss's level: none
    expect(bossTemplates(member("a", "warrior", QUEEN.level - 1))).toEqual([]);
    // the combat style at 99: neither a defeat nor a boss quest
    const maxed = deepClone(member("a", "mage", 98));
    maxed.skills.magic = { level: 99, xp: xpForLevel(99) };
    expect(questCandidates(maxed).filter((c) => c.kind === "defeat" || c.kind === "boss")).toEqual([]);
  });

  it("is drawn on a board like the other templates", () => {
    const p = member("a", "warrior");
    const kinds = new Set<string>();
    for (let seed = 1; seed <= 20; seed++) {
      const board = refreshQuests({ ...p, rng: Rng.seed(seed).state() }, T0);
      for (const q of board.quests.daily) kinds.add(q.kind);
    }
    expect(kinds).toContain("boss");
  });

  it("asks for one win, paid as the drawn 30 to 60 minutes of fighting at the boss's area", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (seed) => {
        const p = member("a", "archer", STAG.level);
        const boss = questCandidates(p).find((c) => c.kind === "boss")!;
        const defeat = defeatCandidate(p, locationFor("combat", STAG.location)!);
        expect({ ...boss, kind: "defeat", subject: defeat.subject, count: undefined }).toEqual({
          ...defeat,
          count: undefined,
        });
        const q = questFrom(boss, "x", Rng.seed(seed));
        expect(q).toMatchObject({ kind: "boss", count: 1, subject: null, location: STAG.location });
        const hour = boss.perHour * boss.xpPerUnit * QUEST_XP_SHARE;
        expect(q.reward.xp).toBeGreaterThanOrEqual(Math.floor((hour * QUEST_MINUTES_MIN) / 60));
        expect(q.reward.xp).toBeLessThanOrEqual(Math.ceil((hour * QUEST_MINUTES_MAX) / 60));
        // the same minutes drawn as a defeat quest there pay the same, but for its rounding to whole kills
        const asDefeat = questFrom(defeat, "x", Rng.seed(seed));
        expect(Math.abs(q.reward.xp - asDefeat.reward.xp)).toBeLessThanOrEqual(
          boss.xpPerUnit * QUEST_XP_SHARE,
        );
        expect(Math.abs(q.reward.gold - asDefeat.reward.gold)).toBeLessThanOrEqual(
          boss.goldPerUnit * QUEST_GOLD_SHARE + 1,
        );
        expect(q.reward.gold).toBeGreaterThan(0);
        expect(q.reward.rp).toBeGreaterThan(0);
      }),
      { numRuns: 20 },
    );
  });

  it("pays one win of the stag king's quest, pinned for a fixed draw", () => {
    const boss = questCandidates(member("a", "archer", STAG.level)).find((c) => c.kind === "boss")!;
    expect(questFrom(boss, "x", Rng.seed(1))).toMatchInlineSnapshot(`
      {
        "claimed": false,
        "count": 1,
        "id": "x",
        "kind": "boss",
        "location": "log_pile",
        "progress": 0,
        "reward": {
          "gold": 539,
          "rp": 942.6,
          "xp": 9426,
        },
        "skill": "ranged",
        "subject": null,
      }
    `);
  });

  it("pays a quest without a fixed count for its whole count, not its unrounded work", () => {
    const c = defeatCandidate(member("a", "warrior"), locationFor("combat", QUEEN.location)!);
    for (let seed = 1; seed <= 10; seed++) {
      const q = questFrom({ ...c, perHour: 7, xpPerUnit: 10, goldPerUnit: 10 }, "x", Rng.seed(seed));
      expect(q.reward.xp).toBe(Math.round(q.count * 10 * QUEST_XP_SHARE));
      expect(q.reward.gold).toBe(Math.round(q.count * 10 * QUEST_GOLD_SHARE));
    }
  });

  it("names its boss by the boss's area", () => {
    for (const boss of Object.values(BOSSES)) expect(bossAt(boss.location)).toBe(boss);
    expect(bossAt("garden")).toBeUndefined();
    expect(bossAt(null)).toBeUndefined();
  });
});

describe("boss quests: a won fight counts for the fighters who stayed", () => {
  const party = () =>
    [member("w", "warrior"), member("m", "mage"), member("a", "archer"), member("z", "archer")].map((p) =>
      deepFreeze(withBossQuest(p)),
    );

  it("counts one win for each member who fought to the end, not for one who left, and once", () => {
    const ps = party();
    const first = settleRoom(challengedRoom(ps), ps, T0 + 30_000);
    const stayed = first.results.map((r) => r.player).slice(0, 3); // z leaves
    const end = settleRoom(first.room, stayed, T0 + BOSS_ENRAGE_MS);
    expect(end.room.boss!.outcome).toBe("won");
    for (const [i, r] of end.results.entries()) {
      expect(bossQuest(r.player).progress, stayed[i]!.discordId).toBe(1);
      expect(r.events).toContainEqual({ type: "questReady", at: end.room.boss!.endedAt!, questId: "b" });
    }
    // z came back to the room after the fight: it left it, so it counts nothing
    const back = [...end.results.map((r) => r.player), first.results[3]!.player];
    const z = countBossQuests({ ...end.room, boss: { ...end.room.boss!, unpaid: ["w", "m", "a"] } }, back, 0);
    expect(z.members[3]).toBe(back[3]);
    expect(z.events[3]).toEqual([]);
    // the next settle counts nothing again
    const later = settleRoom(
      end.room,
      end.results.map((r) => r.player),
      T0 + BOSS_ENRAGE_MS + 60_000,
    );
    for (const r of later.results) expect(bossQuest(r.player).progress).toBe(1);
  });

  it("counts nothing when the fight is lost", () => {
    // a mage and an archer: no guard, the party falls
    const ps = [member("m", "mage"), member("a", "archer")].map((p) => withBossQuest(p));
    const end = settleRoom(challengedRoom(ps), ps, T0 + 2 * BOSS_ENRAGE_MS);
    expect(end.room.boss!.outcome).toBe("lost");
    for (const r of end.results) expect(bossQuest(r.player).progress).toBe(0);
  });

  it("counts a win over the quest's boss or a mightier one, past the week's loot limit, not a claimed quest", () => {
    const ps = party().slice(0, 3);
    // the room at the win, its loot not paid yet (settleRoom counts, then pays)
    const won = advanceRoom(challengedRoom(ps), ps, T0 + BOSS_ENRAGE_MS).room;
    expect(won.boss!.outcome).toBe("won");
    const fresh = countBossQuests(won, ps, T0);
    expect(fresh.members.map((p) => bossQuest(p).progress)).toEqual([1, 1, 1]);
    // a quest over a mightier boss than the one won: not counted
    const stagQuest = ps.map((p) => withBossQuest(p, STAG));
    expect(countBossQuests(won, stagQuest, T0).members).toEqual(stagQuest);
    // a wasp queen quest is counted by a stag king's win
    const stagWon: RoomState = { ...won, boss: { ...won.boss!, bossId: STAG.id } };
    expect(countBossQuests(stagWon, ps, T0).members.map((p) => bossQuest(p).progress)).toEqual([1, 1, 1]);
    // the loot limit reached this week: the win still counts
    const full = ps.map((p) => ({ ...p, bossLoot: { week: weekOf(T0), count: BOSS_LOOTS_PER_WEEK } }));
    expect(countBossQuests(won, full, T0).members.map((p) => bossQuest(p).progress)).toEqual([1, 1, 1]);
    // no fight in the room: nothing
    expect(countBossQuests(newRoomState("r", 1, T0), ps, T0)).toEqual({ members: ps, events: [[], [], []] });
    // on a board of several, only the boss quest counts: not a defeat quest at the boss's area, nor a
    // stored boss quest whose area holds no boss
    const mixed = ps.map((p) => {
      const d = deepClone(p);
      const boss = d.quests.daily[0]!;
      d.quests.daily.push(
        { ...boss, id: "d", kind: "defeat", subject: 7 },
        { ...boss, id: "g", location: "garden" },
      );
      return d;
    });
    const board = countBossQuests(won, mixed, T0).members.map((p) => p.quests.daily.map((q) => q.progress));
    expect(board).toEqual([
      [1, 0, 0],
      [1, 0, 0],
      [1, 0, 0],
    ]);
    // finished or claimed quests are left alone
    const done = ps.map((p) => withBossQuest(p, QUEEN, 1));
    expect(countBossQuests(won, done, T0).members).toEqual(done);
    const claimed = ps.map((p) => {
      const d = deepClone(p);
      d.quests.daily[0]!.claimed = true;
      return d;
    });
    expect(countBossQuests(won, claimed, T0).members).toEqual(claimed);
  });

  it("counts a quest of two wins one win at a time", () => {
    const twice = (p: Player): Player => {
      const d = withBossQuest(p);
      (d.quests.daily[0] as Quest).count = 2;
      return d;
    };
    const ps = party().slice(0, 3).map(twice);
    const won = advanceRoom(challengedRoom(ps), ps, T0 + BOSS_ENRAGE_MS).room;
    const once = countBossQuests(won, ps, T0);
    expect(once.members.map((p) => bossQuest(p).progress)).toEqual([1, 1, 1]);
    expect(once.events).toEqual([[], [], []]);
  });

  it("is the same however the span is cut", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 2 * BOSS_ENRAGE_MS }), { minLength: 1, maxLength: 4 }),
        (cuts) => {
          const ps = party().slice(0, 3);
          const room = challengedRoom(ps);
          const end = T0 + 2 * BOSS_ENRAGE_MS;
          const whole = settleRoom(room, ps, end);
          let split = { room, members: ps };
          for (const t of [...cuts.map((c) => T0 + c).sort((a, b) => a - b), end]) {
            const s = settleRoom(split.room, split.members, t);
            split = { room: s.room, members: s.results.map((r) => r.player) };
          }
          expect(split.members.map((p) => p.quests)).toEqual(whole.results.map((r) => r.player.quests));
          expect(whole.results.map((r) => bossQuest(r.player).progress)).toEqual([1, 1, 1]);
        },
      ),
      { numRuns: 15 },
    );
  });
});
