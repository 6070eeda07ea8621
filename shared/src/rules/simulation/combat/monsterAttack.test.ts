import { describe, expect, it } from "vitest";
import { fighter, withStats } from "../../../../testing/fighters.ts";
import { EventSink } from "../../state/EventSink.ts";
import { Rng } from "../../state/rng.ts";
import { CombatSim } from "./CombatSim.ts";
import { countdown, die, revive } from "./death.ts";
import { monsterAttack } from "./monsterAttack.ts";

const INF = Number.POSITIVE_INFINITY;

/** A level-10 warrior's fight at `location` (a beetle bites 17 at the beetle nest) at t = 0; `limit` events kept. */
function simWith(
  stats: Record<string, number>,
  limit = 100,
  location = "beetle_nest",
  level = 10,
): CombatSim {
  const p = withStats(fighter({ location, level, character: "warrior" }), stats);
  return new CombatSim(p, 0, new Rng(p.rng), new EventSink(0, 100_000, limit));
}

const bites = (s: CombatSim) => s.sink.events.filter((e) => e.type === "monsterAttack");

describe("a monster's bite (monsterAttack)", () => {
  it("a plain bite draws nothing, is neither dodged nor blocked, and takes its damage", () => {
    const s = simWith({});
    const before = s.rng.state();
    monsterAttack(s, s.mons[0]!, 2000);
    expect(s.rng.state()).toEqual(before);
    expect(bites(s)).toEqual([
      {
        type: "monsterAttack",
        at: 2000,
        monsterId: 5,
        uid: "5-0-0",
        attack: 40,
        damage: 17,
        absorbed: 0,
        dodged: false,
        blocked: false,
        health: s.maxHealth - 17,
      },
    ]);
  });

  it("a bite that takes the last health (or more) leaves 0 and kills", () => {
    const s = simWith({});
    s.health = 10;
    monsterAttack(s, s.mons[0]!, 2000);
    expect(bites(s)[0]).toMatchObject({ damage: 17, health: 0 });
    expect([s.dead, s.deaths]).toEqual([true, 1]);
  });

  it("a dodged bite leaves a depleted barrier as it was; a blocked one without events builds none", () => {
    const s = simWith({ dodge_chance_pct: 100, barrier: 20 });
    s.barrierRem = 0;
    s.barrierReadyAt = 0;
    monsterAttack(s, s.mons[0]!, 2000);
    expect([s.barrierRem, s.health]).toEqual([0, s.maxHealth]);
    const quiet = simWith({ block_chance_pct: 100 }, 0);
    monsterAttack(quiet, quiet.mons[0]!, 2000);
    const dodger = simWith({ dodge_chance_pct: 100 }, 0);
    monsterAttack(dodger, dodger.mons[0]!, 2000);
    expect([quiet.health, dodger.health]).toEqual([quiet.maxHealth - 8, dodger.maxHealth]);
    expect([quiet.sink.summary.eventsTruncated, dodger.sink.summary.eventsTruncated]).toEqual([false, false]);
  });

  it("an insect's dodged bite afflicts nothing", () => {
    const s = simWith({ dodge_chance_pct: 100 }, 100, "wasp_nest", 50);
    monsterAttack(s, s.mons[0]!, 1500);
    expect(s.aff.poisonNextTick).toBe(INF);
  });
});

describe("death and revival", () => {
  it("a death counts once, stops every monster's attacks and ends their statuses; without events, silently", () => {
    const s = simWith({}, 0);
    Object.assign(s.mons[0]!, { burnNextTick: 2000, burnDps: 3, burnUntil: 5000, freezeUntil: 3000 });
    die(s, 1000);
    expect([s.deaths, s.dead, s.respawnAt, s.nextSwingAt, s.nextRegenAt]).toEqual([
      1,
      true,
      11_000,
      INF,
      INF,
    ]);
    const m = s.mons[0]!;
    expect([m.nextAttackAt, m.burnNextTick, m.freezeUntil]).toEqual([INF, INF, Number.NEGATIVE_INFINITY]);
    expect(s.sink.summary.eventsTruncated).toBe(false);
    revive(s, 11_000);
    expect(s.sink.summary.eventsTruncated).toBe(false);
  });

  it("the countdown: one a second from the death's rhythm, up to `end` included", () => {
    const s = simWith({});
    die(s, 1000);
    s.t = 3500;
    countdown(s, 6000);
    const ticks = s.sink.events.filter((e) => e.type === "deathCountdown").map((e) => [e.at, e.secondsLeft]);
    expect(ticks).toEqual([
      [1000, 10],
      [4000, 7],
      [5000, 6],
      [6000, 5],
    ]);
  });

  it("revival: full health and mana, the swing and regeneration a step on, the hit of a berserker recomputed", () => {
    const s = simWith({ berserk_damage_pct: 100 });
    die(s, 1000);
    s.refreshHit();
    const dying = s.cachedHit;
    revive(s, 11_000);
    expect([s.health, s.mana, s.nextSwingAt, s.nextRegenAt, s.mons[0]!.nextAttackAt]).toEqual([
      s.maxHealth,
      s.maxMana,
      14_000,
      12_000,
      13_000,
    ]);
    expect(s.cachedHit).toBe(s.computeHit());
    expect(s.cachedHit).toBeLessThan(dying);
  });
});
