import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fighter } from "../../../../testing/fighters.ts";
import { BOSS_ENRAGE_MS, BOSS_LOOTS_PER_WEEK, BOSS_ROUND_MS, BOSSES } from "../../../data/bosses.ts";
import type { Character } from "../../../data/skills.ts";
import type { BossFight } from "../../../protocol/boss.ts";
import type { Player } from "../../../protocol/player.ts";
import type { RoomState } from "../../../protocol/rooms.ts";
import { weekOf, weekStart } from "../quests/weeklyGoal.ts";
import { advanceRoom, newRoomState } from "../room/advanceRoom.ts";
import { settleRoom } from "../settle.ts";
import { advanceBoss, BOSS_ROLE, challengeBoss } from "./bossFight.ts";
import { payBossLoot } from "./bossLoot.ts";

const QUEEN = BOSSES.wasp_queen!;
const T0 = weekStart(3000) + 3_600_000;

/** A member at the boss's level in its tier's set (or the one below), resting at home. */
function member(id: string, character: Character, gearTier = QUEEN.tier, level = QUEEN.level): Player {
  const p = fighter({ location: QUEEN.location, level, character, gearTier, intellect: true, now: T0 });
  p.currentAction = { ...p.currentAction, skill: "none", location: "home" };
  return { ...p, discordId: id, username: id };
}

const party = (...classes: Character[]) => classes.map((c, i) => member(`${c}${i}`, c));
const ids = (ps: readonly Player[]) => ps.map((p) => p.discordId);

function challenged(members: readonly Player[], bossId = QUEEN.id): BossFight {
  const r = challengeBoss(undefined, members, members[0]!.discordId, bossId, T0, 7);
  if (!r.ok) throw new Error(r.message);
  return r.fight;
}

const toEnd = (fight: BossFight, present: readonly string[]) =>
  advanceBoss(fight, present, T0 + 10 * BOSS_ENRAGE_MS);

describe("a party boss", () => {
  it("gives each class its role: the warrior guards, the mage mends, the archer strikes", () => {
    expect(BOSS_ROLE).toEqual({ warrior: "guard", mage: "mender", archer: "striker", seed: "striker" });
    const f = challenged(party("warrior", "mage", "archer"));
    const by = (role: string) => f.fighters.find((x) => x.role === role)!;
    expect(by("striker").hit).toBeGreaterThan(by("guard").hit);
    expect(by("guard").hit).toBeGreaterThan(by("mender").hit);
    expect(by("mender").heal).toBeGreaterThan(0);
    expect(by("guard").heal).toBe(0);
  });

  it("is won by a guard, a mender and a striker of its tier before the enrage, each playing its part", () => {
    const ps = party("warrior", "mage", "archer");
    const end = toEnd(challenged(ps), ids(ps));
    expect(end.outcome).toBe("won");
    expect(end.hp).toBe(0);
    expect(end.endedAt!).toBeLessThan(end.enrageAt);
    const by = (role: string) => end.fighters.find((x) => x.role === role)!;
    expect(by("mender").healed).toBeGreaterThan(0);
    expect(end.fighters.reduce((a, x) => a + x.damage, 0)).toBe(QUEEN.maxHp);
    // the guard took the blows: it is the one hurt
    expect(by("guard").hp).toBeLessThan(by("striker").hp);
  });

  it("is lost by a party missing a role, and by the tier's party in the tier below's gear", () => {
    for (const classes of [
      ["warrior", "archer", "archer"],
      ["mage", "archer", "archer"],
      ["warrior", "mage"],
    ] as Character[][]) {
      const ps = party(...classes);
      expect(toEnd(challenged(ps), ids(ps)).outcome, classes.join("+")).toBe("lost");
    }
    const below = [member("w", "warrior", 6), member("m", "mage", 6), member("a", "archer", 6)];
    expect(toEnd(challenged(below), ids(below)).outcome).toBe("lost");
  });

  it("has far more health than one striker takes down before its enrage", () => {
    const ps = party("archer", "warrior");
    // the warrior leaves at once: the archer fights alone
    const end = toEnd(challenged(ps), [ps[0]!.discordId]);
    expect(end.outcome).toBe("lost");
    const archer = end.fighters.find((x) => x.role === "striker")!;
    expect(archer.damage).toBeLessThan(QUEEN.maxHp / 3);
    // even never hurt, its swings to the enrage would not be enough
    expect(QUEEN.maxHp).toBeGreaterThan((1.5 * archer.hit * BOSS_ENRAGE_MS) / BOSS_ROUND_MS);
  });

  it("enrages: a party that holds until the enrage falls within a few rounds of it", () => {
    // a guard and a mender hold (little damage, enough healing) until the enrage
    const ps = party("warrior", "mage");
    const before = advanceBoss(challenged(ps), ids(ps), T0 + BOSS_ENRAGE_MS - BOSS_ROUND_MS);
    expect(before.outcome).toBeNull();
    expect(before.fighters.every((f) => f.hp > 0)).toBe(true);
    const end = toEnd(before, ids(ps));
    expect(end.outcome).toBe("lost");
    expect(end.endedAt!).toBeGreaterThanOrEqual(end.enrageAt);
    expect(end.endedAt!).toBeLessThanOrEqual(end.enrageAt + 5 * BOSS_ROUND_MS);
  });

  it("refuses a bad challenge with a boss/* code", () => {
    const ps = party("warrior", "mage");
    const code = (r: ReturnType<typeof challengeBoss>) => (r.ok ? "ok" : r.code);
    expect(code(challengeBoss(undefined, ps, "warrior0", "nope", T0, 1))).toBe("boss/unknown");
    expect(code(challengeBoss(undefined, ps.slice(0, 1), "warrior0", QUEEN.id, T0, 1))).toBe("boss/solo");
    expect(code(challengeBoss(undefined, ps, "stranger", QUEEN.id, T0, 1))).toBe("boss/not_member");
    const live = challenged(ps);
    expect(code(challengeBoss(live, ps, "warrior0", QUEEN.id, T0, 1))).toBe("boss/busy");
    expect(code(challengeBoss(toEnd(live, ids(ps)), ps, "warrior0", QUEEN.id, T0, 1))).toBe("ok");
    expect(code(challengeBoss(undefined, ps, "warrior0", "hornet_tyrant", T0, 1))).toBe("boss/above_tier");
  });
});

describe("a boss's loot", () => {
  function wonRoom(ps: Player[], present = ids(ps)): RoomState {
    const room = newRoomState("r", 1, T0);
    return { ...room, boss: toEnd(challenged(ps), present) };
  }

  it("is rolled once for each fighter who stayed, and paid once", () => {
    const ps = party("warrior", "mage", "archer", "archer");
    const room = wonRoom(ps, ids(ps).slice(0, 3));
    const boss = room.boss!;
    expect(boss.outcome).toBe("won");
    const left = boss.fighters.find((f) => f.left)!;
    expect(left.loot).toBeNull();
    expect(boss.unpaid).toEqual(boss.fighters.filter((f) => !f.left).map((f) => f.id));
    const paid = payBossLoot(room, ps, boss.endedAt!);
    ps.forEach((p, i) => {
      const f = boss.fighters.find((x) => x.id === p.discordId)!;
      const trophies = paid.members[i]!.inventory.filter((e) => e.id === QUEEN.trophy);
      if (f.left) expect(trophies).toEqual([]);
      else {
        expect(trophies.reduce((a, e) => a + e.stack, 0)).toBe(f.loot![0]!.quantity);
        expect(paid.members[i]!.bossLoot).toEqual({ week: weekOf(boss.endedAt!), count: 1 });
      }
    });
    expect(paid.room.boss!.unpaid).toEqual([]);
    const again = payBossLoot(paid.room, paid.members, boss.endedAt! + 1000);
    expect(again.members).toEqual(paid.members);
  });

  it("is kept to BOSS_LOOTS_PER_WEEK a week per player; the next week counts again", () => {
    const ps = party("warrior", "mage", "archer");
    const room = wonRoom(ps);
    const week = weekOf(room.boss!.endedAt!);
    const full = ps.map((p, i) => (i === 0 ? { ...p, bossLoot: { week, count: BOSS_LOOTS_PER_WEEK } } : p));
    const paid = payBossLoot(room, full, room.boss!.endedAt!);
    expect(paid.members[0]).toBe(full[0]);
    expect(paid.room.boss!.fighters.find((f) => f.id === full[0]!.discordId)!.loot).toEqual([]);
    expect(paid.members[1]!.bossLoot).toEqual({ week, count: 1 });
    const lastWeek = ps.map((p) => ({ ...p, bossLoot: { week: week - 1, count: BOSS_LOOTS_PER_WEEK } }));
    expect(payBossLoot(room, lastWeek, room.boss!.endedAt!).members[0]!.bossLoot).toEqual({ week, count: 1 });
  });

  it("is paid by the room's settle to the members who fought, not to one who left", () => {
    const ps = party("warrior", "mage", "archer", "archer");
    let room: RoomState = { ...newRoomState("r", 1, T0), boss: challenged(ps) };
    let members = ps;
    const first = settleRoom(room, members, T0 + 30_000);
    room = first.room;
    members = first.results.map((r) => r.player).slice(0, 3); // the second archer leaves
    const end = settleRoom(room, members, T0 + BOSS_ENRAGE_MS);
    expect(end.room.boss!.outcome).toBe("won");
    for (const r of end.results) expect(r.player.inventory.some((e) => e.id === QUEEN.trophy)).toBe(true);
    expect(end.room.boss!.fighters.find((f) => f.id === "archer3")!).toMatchObject({
      left: true,
      loot: null,
    });
  });
});

describe("a boss fight is the same however a span is cut", () => {
  it("advanceRoom and settleRoom", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: BOSS_ROUND_MS, max: 2 * BOSS_ENRAGE_MS }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 5 }),
        (seed, span, cuts) => {
          const ps = party("warrior", "mage", "archer");
          const r = challengeBoss(undefined, ps, ps[0]!.discordId, QUEEN.id, T0, seed);
          if (!r.ok) throw new Error(r.message);
          const room: RoomState = { ...newRoomState("r", seed, T0), boss: r.fight };
          const times = [...cuts.map((c) => T0 + Math.floor(c * span)).sort((a, b) => a - b), T0 + span];
          const whole = advanceRoom(room, ps, T0 + span);
          let split = { room, members: ps };
          for (const t of times) split = advanceRoom(split.room, split.members, t);
          expect(whole.room.boss!.rounds).toBeGreaterThan(0);
          expect(whole.room.boss!.rounds).toBeLessThanOrEqual(Math.floor(span / BOSS_ROUND_MS));
          expect(split.room).toEqual(whole.room);
          expect(split.members).toEqual(whole.members);

          const settled = settleRoom(room, ps, T0 + span);
          let cut = { room, members: ps as Player[] };
          for (const t of times) {
            const s = settleRoom(cut.room, cut.members, t);
            cut = { room: s.room, members: s.results.map((x) => x.player) };
          }
          expect(cut.room).toEqual(settled.room);
          expect(cut.members).toEqual(settled.results.map((x) => x.player));
        },
      ),
      { numRuns: 25 },
    );
  });
});
