import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fighter } from "../../../../testing/fighters.ts";
import {
  BOSS_ENRAGE_MS,
  BOSS_ENRAGE_X,
  BOSS_LOOTS_PER_WEEK,
  BOSS_ROUND_MS,
  BOSS_UNGUARDED_X,
  BOSSES,
} from "../../../data/bosses.ts";
import type { Character } from "../../../data/skills.ts";
import type { BossFight } from "../../../protocol/boss.ts";
import type { Player } from "../../../protocol/player.ts";
import type { RoomState } from "../../../protocol/rooms.ts";
import { Rng } from "../../state/rng.ts";
import { monsterHitDamage } from "../combat/formulas.ts";
import { weekOf, weekStart } from "../quests/weeklyGoal.ts";
import { advanceRoom, newRoomState } from "../room/advanceRoom.ts";
import { settleRoom } from "../settle.ts";
import { advanceBoss, BOSS_ROLE, bossNextRoundAt, challengeBoss, challengeRoomBoss } from "./bossFight.ts";
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

function challenged(members: readonly Player[], bossId = QUEEN.id, seed = 7): BossFight {
  const r = challengeBoss(undefined, members, members[0]!.discordId, bossId, T0, seed);
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

  it("says why in words: the boss named, the level asked", () => {
    const ps = party("warrior", "mage");
    const said = (r: ReturnType<typeof challengeBoss>) => (r.ok ? "ok" : r.message);
    expect(said(challengeBoss(undefined, ps, "warrior0", "nope", T0, 1))).toBe("No boss nope");
    expect(said(challengeBoss(undefined, ps.slice(0, 1), "warrior0", QUEEN.id, T0, 1))).toBe(
      "A boss is fought by a party of two or more",
    );
    expect(said(challengeBoss(undefined, ps, "stranger", QUEEN.id, T0, 1))).toBe(
      "Only a member of the room can challenge a boss",
    );
    expect(said(challengeBoss(challenged(ps), ps, "warrior0", QUEEN.id, T0, 1))).toBe(
      "Your party is already fighting a boss",
    );
    const tyrant = BOSSES.hornet_tyrant!;
    expect(said(challengeBoss(undefined, ps, "warrior0", tyrant.id, T0, 1))).toBe(
      `Every member needs combat level ${tyrant.level} for ${tyrant.name}`,
    );
  });

  it("in a room: the fight's generator is seeded by the room's, which moves on; a refusal changes nothing", () => {
    const ps = party("warrior", "mage");
    const room = newRoomState("r", 9, T0);
    const r = challengeRoomBoss(room, ps, "warrior0", QUEEN.id, T0);
    if (!r.ok) throw new Error(r.message);
    const rng = new Rng(room.rng);
    const seed = rng.nextU32();
    expect(r.room).toEqual({ ...room, rng: rng.state(), boss: challenged(ps, QUEEN.id, seed) });
    const no = challengeRoomBoss(r.room, ps, "warrior0", QUEEN.id, T0);
    expect(no).toMatchObject({ ok: false, code: "boss/busy" });
  });

  it("is refused when one member alone is below the boss's level; the fighters come in id order", () => {
    const ps = [
      member("b", "warrior"),
      member("a", "mage"),
      member("c", "archer", QUEEN.tier, QUEEN.level - 1),
    ];
    const r = challengeBoss(undefined, ps, "b", QUEEN.id, T0, 1);
    expect(r.ok ? "ok" : r.code).toBe("boss/above_tier");
    expect(challenged(ps.slice(0, 2)).fighters.map((f) => f.id)).toEqual(["a", "b"]);
  });
});

describe("a boss round", () => {
  /** A fight whose next round is round `round`, its fighters made sturdy (or as given), the boss unbeatable. */
  function at(round: number, hp: Record<string, number> = {}): BossFight {
    const f = challenged(party("warrior", "mage", "archer"));
    for (const x of f.fighters) {
      x.maxHp = 1_000_000;
      x.hp = hp[x.role] ?? x.maxHp;
    }
    return { ...f, hp: 1e12, maxHp: 1e12, rounds: round - 1 };
  }
  const roundAt = (round: number) => T0 + round * BOSS_ROUND_MS;
  const role = (f: BossFight, r: string) => f.fighters.find((x) => x.role === r)!;
  const sweep = (f: BossFight, r: string, x: number) =>
    monsterHitDamage(QUEEN.sweep * x, QUEEN.level, role(f, r).defence);
  const strike = (f: BossFight, r: string, x: number) =>
    monsterHitDamage(QUEEN.strike * x, QUEEN.level, role(f, r).defence);

  it("comes at fixed times, none once the fight is over", () => {
    const f = at(3);
    expect(bossNextRoundAt(f)).toBe(roundAt(3));
    expect(bossNextRoundAt({ ...f, outcome: "won" })).toBeNull();
    expect(bossNextRoundAt({ ...f, outcome: "lost" })).toBeNull();
  });

  it("the sweep hits everyone standing, the strike the guard; ten times as hard from the enrage on, to the round", () => {
    const last = BOSS_ENRAGE_MS / BOSS_ROUND_MS;
    for (const [round, x] of [
      [last - 1, 1],
      [last, BOSS_ENRAGE_X],
    ] as const) {
      const f = at(round);
      expect(roundAt(round) >= f.enrageAt).toBe(x > 1);
      const after = advanceBoss(f, ids(party("warrior", "mage", "archer")), roundAt(round));
      expect(after.rounds).toBe(round);
      expect(role(after, "striker").hp).toBe(1_000_000 - sweep(f, "striker", x));
      expect(role(after, "mender").hp).toBe(1_000_000 - sweep(f, "mender", x));
      expect(role(after, "guard").hp).toBe(1_000_000 - sweep(f, "guard", x) - strike(f, "guard", x));
    }
  });

  it("a mender heals each standing member by its share, never past its health", () => {
    const f = at(2, { striker: 1_000_000 - 1, guard: 500_000 });
    const after = advanceBoss(f, ids(party("warrior", "mage", "archer")), roundAt(2));
    const share = Math.floor(1_000_000 * role(f, "mender").heal);
    expect(role(after, "mender").healed).toBe(1 + share);
    expect(role(after, "striker").hp).toBe(1_000_000 - sweep(f, "striker", 1));
    expect(role(after, "guard").hp).toBe(500_000 + share - sweep(f, "guard", 1) - strike(f, "guard", 1));
  });

  it("a guard the sweep fells takes no strike: the one left standing takes it, four times as hard", () => {
    // the mender has left: nobody heals the guard back up before the sweep
    const f = at(2, { guard: 1 });
    const after = advanceBoss(f, ["warrior0", "archer2"], roundAt(2));
    expect(role(after, "guard").hp).toBe(0);
    expect(role(after, "mender")).toMatchObject({ left: true, hp: 1_000_000, healed: 0 });
    expect(role(after, "striker").hp).toBe(
      1_000_000 - sweep(f, "striker", 1) - strike(f, "striker", BOSS_UNGUARDED_X),
    );
    expect(after.outcome).toBeNull();
  });

  it("with no guard, the strike goes to a member the sweep left standing, never one it felled", () => {
    // the guard has left; the striker has 1 health of 1, which neither the mender's share nor the sweep spares
    for (let seed = 1; seed <= 6; seed++) {
      const f = { ...at(2), rng: Rng.seed(seed).state() };
      Object.assign(role(f, "striker"), { maxHp: 1, hp: 1 });
      const after = advanceBoss(f, ["mage1", "archer2"], roundAt(2));
      expect(role(after, "striker").hp).toBe(0);
      expect(role(after, "mender").hp).toBe(
        1_000_000 - sweep(f, "mender", 1) - strike(f, "mender", BOSS_UNGUARDED_X),
      );
      expect(after.outcome).toBeNull();
    }
  });

  it("is lost in the round the last member falls, and at the first round when every member has left", () => {
    const f = at(2, { guard: 1, striker: 1 });
    const after = advanceBoss(f, ["warrior0", "archer2"], roundAt(5));
    expect(after).toMatchObject({ outcome: "lost", endedAt: roundAt(2), rounds: 2 });
    expect(after.fighters.every((x) => x.loot === null)).toBe(true);
    const gone = advanceBoss(at(2), [], roundAt(5));
    expect(gone).toMatchObject({ outcome: "lost", endedAt: roundAt(2), rounds: 2 });
    expect(gone.fighters.every((x) => x.left && x.hp === 1_000_000)).toBe(true);
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
