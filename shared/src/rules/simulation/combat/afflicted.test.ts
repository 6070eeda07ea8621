import { describe, expect, it } from "vitest";
import { fighter } from "../../../../testing/fighters.ts";
import { EventSink } from "../../state/EventSink.ts";
import { Rng } from "../../state/rng.ts";
import { Afflicted } from "./Afflicted.ts";
import { afflict, poisonTick } from "./afflictions.ts";
import { CombatSim } from "./CombatSim.ts";

const NONE = Number.NEGATIVE_INFINITY;
const INF = Number.POSITIVE_INFINITY;

/** A level-62 warrior's fight at the log pile (stag beetle: weaken) at t = 0; `limit` events kept. */
function simAt(location: string, level: number, limit = 100): CombatSim {
  const p = fighter({ location, level, character: "warrior" });
  return new CombatSim(p, 0, new Rng(p.rng), new EventSink(0, 100_000, limit));
}

const playerPopups = (s: CombatSim) =>
  s.sink.events.flatMap((e) =>
    e.type === "combatPopup" && e.target.kind === "player" ? [[e.at, e.popup, e.amount]] : [],
  );

describe("Afflicted: the fighter's afflictions as numbers", () => {
  it("restores what still runs after `at`, drops what ends at it, and a stun only for the swing it put back", () => {
    const a = new Afflicted();
    a.restore(
      {
        poison: { until: 5000, dps: 30, nextTickAt: 1000 },
        weaken: { until: 1000, pct: 30 },
        slow: { until: 1000, pct: 30 },
        stun: { swingAt: 4000 },
      },
      1000,
      3000,
    );
    expect([
      a.poisonNextTick,
      a.poisonDps,
      a.weakenUntil,
      a.weakenPct,
      a.slowUntil,
      a.slowPct,
      a.stunSwingAt,
    ]).toEqual([INF, 0, NONE, 0, NONE, 0, NONE]);
    a.restore(
      {
        poison: { until: 5000, dps: 30, nextTickAt: 1001 },
        weaken: { until: 1001, pct: 30 },
        slow: { until: 1001, pct: 20 },
        stun: { swingAt: 3000 },
      },
      1000,
      3000,
    );
    expect([a.poisonNextTick, a.poisonDps, a.weakenUntil, a.slowUntil, a.stunSwingAt]).toEqual([
      1001, 30, 1001, 1001, 3000,
    ]);
    // slowed strictly before its end
    expect(a.swingInterval(3000, 1000)).toBe(3600);
    expect(a.swingInterval(3000, 1001)).toBe(3000);
  });

  it("writes back what runs after t; a stun only while its swing is the next one, still to come", () => {
    const a = new Afflicted();
    Object.assign(a, { weakenUntil: 2000, weakenPct: 30, slowUntil: 2000, slowPct: 30, stunSwingAt: 2000 });
    expect(a.toDocument(1999, 2000)).toEqual({
      weaken: { until: 2000, pct: 30 },
      slow: { until: 2000, pct: 30 },
      stun: { swingAt: 2000 },
    });
    expect(a.toDocument(2000, 2000)).toBeUndefined();
    expect(a.toDocument(1999, 5000)).toEqual({
      weaken: { until: 2000, pct: 30 },
      slow: { until: 2000, pct: 30 },
    });
  });
});

describe("afflict and poisonTick", () => {
  it("no power (a ward can floor it to 0): nothing", () => {
    const s = simAt("log_pile", 62);
    const p = s.mons[0]!.proto;
    s.afflictPower[p.id] = 0;
    afflict(s, p, 1000);
    expect([s.aff.weakenUntil, s.aff.weakenPct]).toEqual([NONE, 0]);
    expect(playerPopups(s)).toEqual([]);
  });

  it("a weaken renewed exactly as it ends is a new onset; before, a silent renewal", () => {
    const s = simAt("log_pile", 62);
    const p = s.mons[0]!.proto;
    afflict(s, p, 1000);
    afflict(s, p, 2000);
    expect(s.aff.weakenUntil).toBe(8000);
    afflict(s, p, 8000);
    expect(playerPopups(s)).toEqual([
      [1000, "weaken", 30],
      [8000, "weaken", 30],
    ]);
    const slow = simAt("tall_grass", 75);
    const q = slow.mons[0]!.proto;
    afflict(slow, q, 1000);
    afflict(slow, q, 2000);
    afflict(slow, q, 8000);
    expect(playerPopups(slow)).toEqual([
      [1000, "slow", 30],
      [8000, "slow", 30],
    ]);
  });

  it("a poison ticks on until a tick past its end; a tick taking the last health kills", () => {
    const s = simAt("wasp_nest", 50);
    Object.assign(s.aff, { poisonDps: 30, poisonUntil: 3000, poisonNextTick: 2000 });
    poisonTick(s, 2000);
    expect([s.aff.poisonNextTick, s.aff.poisonDps]).toEqual([3000, 30]);
    poisonTick(s, 3000);
    expect([s.aff.poisonNextTick, s.aff.poisonDps]).toEqual([INF, 0]);
    const low = simAt("wasp_nest", 50);
    Object.assign(low.aff, { poisonDps: 30, poisonUntil: 9000, poisonNextTick: 2000 });
    low.health = 30;
    poisonTick(low, 2000);
    expect([low.health, low.dead, low.deaths]).toEqual([0, true, 1]);
    const lower = simAt("wasp_nest", 50, 0);
    Object.assign(lower.aff, { poisonDps: 30, poisonUntil: 9000, poisonNextTick: 2000 });
    lower.health = 10;
    poisonTick(lower, 2000);
    expect([lower.health, lower.dead]).toEqual([0, true]);
    expect(lower.sink.summary.eventsTruncated).toBe(false);
  });
});
