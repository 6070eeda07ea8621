import { describe, expect, it } from "vitest";
import { fighter, withStats } from "../../../../testing/fighters.ts";
import { EventSink } from "../../state/EventSink.ts";
import { Rng } from "../../state/rng.ts";
import { CombatSim } from "./CombatSim.ts";
import { hitPopup, MONSTER_DAMAGE_POPUPS } from "./events.ts";
import { dotTickOn, rollProcs } from "./statusEffects.ts";

const INF = Number.POSITIVE_INFINITY;

/** A level-10 warrior's fight at the beetle nest (1,200 hp) at t = 0 with these affixes; `limit` events kept. */
function simWith(stats: Record<string, number>, limit = 0): CombatSim {
  const p = withStats(fighter({ location: "beetle_nest", level: 10 }), stats);
  return new CombatSim(p, 0, new Rng(p.rng), new EventSink(0, 100_000, limit));
}

const ALL_PROCS = {
  freeze_chance_pct: 100,
  stun_chance_pct: 100,
  burn_chance_pct: 100,
  bleed_chance_pct: 100,
};

describe("a swing's procs (rollProcs)", () => {
  it("draw nothing without a chance", () => {
    const s = simWith({});
    const before = s.rng.state();
    rollProcs(s, s.mons[0]!, 100, 1000);
    expect(s.rng.state()).toEqual(before);
    const m = s.mons[0]!;
    expect([m.freezeUntil, m.stunUntil, m.burnNextTick, m.bleedNextTick]).toEqual([
      Number.NEGATIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      INF,
      INF,
    ]);
  });

  it("freeze and stun hold 1500 ms from the swing, a longer hold already running kept", () => {
    const s = simWith(ALL_PROCS);
    const m = s.mons[0]!;
    rollProcs(s, m, 100, 1000);
    expect([m.freezeUntil, m.stunUntil]).toEqual([2500, 2500]);
    m.freezeUntil = 9000;
    m.stunUntil = 9000;
    rollProcs(s, m, 100, 2000);
    expect([m.freezeUntil, m.stunUntil]).toEqual([9000, 9000]);
  });

  it("a fresh burn (30 %) or bleed (20 %) ticks a second on from nothing; a renewed one keeps its rhythm and fraction", () => {
    const s = simWith(ALL_PROCS);
    const m = s.mons[0]!;
    rollProcs(s, m, 100, 1000);
    expect([m.burnDps, m.burnUntil, m.burnNextTick, m.burnAcc]).toEqual([30, 6000, 2000, 0]);
    expect([m.bleedDps, m.bleedUntil, m.bleedNextTick, m.bleedAcc]).toEqual([20, 6000, 2000, 0]);
    m.burnAcc = 0.5;
    m.bleedAcc = 0.25;
    rollProcs(s, m, 50, 1500);
    expect([m.burnDps, m.burnUntil, m.burnNextTick, m.burnAcc]).toEqual([15, 6500, 2000, 0.5]);
    expect([m.bleedDps, m.bleedUntil, m.bleedNextTick, m.bleedAcc]).toEqual([10, 6500, 2000, 0.25]);
  });

  it("a popup for each, only while events are kept", () => {
    const quiet = simWith(ALL_PROCS);
    rollProcs(quiet, quiet.mons[0]!, 100, 1000);
    expect(quiet.sink.summary.eventsTruncated).toBe(false);
    const loud = simWith(ALL_PROCS, 100);
    rollProcs(loud, loud.mons[0]!, 100, 1000);
    const popups = loud.sink.events.flatMap((e) => (e.type === "combatPopup" ? [[e.popup, e.amount]] : []));
    expect(popups).toEqual([
      ["freeze", 0],
      ["stun", 0],
      ["burn", 30],
      ["bleed", 20],
    ]);
  });
});

describe("a burn or bleed tick (dotTickOn)", () => {
  it("a tick under a whole point deals nothing and says nothing", () => {
    const s = simWith({}, 100);
    const m = s.mons[0]!;
    Object.assign(m, { bleedDps: 0.5, bleedUntil: 5000, bleedNextTick: 1000, bleedAcc: 0 });
    dotTickOn(s, m, false, 1000);
    expect([m.hp, m.bleedAcc, m.bleedNextTick, s.damageDealt]).toEqual([1200, 0.5, 2000, 0]);
    expect(s.sink.events.filter((e) => e.type === "combatPopup")).toEqual([]);
  });

  it("a tick that takes exactly the hp left kills, and counts only the hp it took", () => {
    const s = simWith({});
    const m = s.mons[0]!;
    Object.assign(m, { hp: 3, burnDps: 3, burnUntil: 5000, burnNextTick: 1000, burnAcc: 0 });
    dotTickOn(s, m, true, 1000);
    expect([s.kills, s.damageDealt, m.hp]).toEqual([1, 3, 1200]);
    const over = simWith({});
    const n = over.mons[0]!;
    Object.assign(n, { hp: 3, bleedDps: 7, bleedUntil: 5000, bleedNextTick: 1000, bleedAcc: 0 });
    dotTickOn(over, n, false, 1000);
    expect([over.kills, over.damageDealt]).toEqual([1, 3]);
    expect(over.sink.summary.eventsTruncated).toBe(false);
  });
});

describe("popups", () => {
  it("a swing's, a crit's, a rapid shot's, and a spell's by its type (a counter as a crit)", () => {
    expect(hitPopup("magic", 0, "")).toBe("magic_dmg");
    expect(hitPopup("magic", 1, "")).toBe("magic_dmg_crit");
    expect(hitPopup("ranged", 2, "")).toBe("rapid_shot");
    expect(hitPopup("melee", 3, "magic_dmg")).toBe("magic_dmg");
    expect(hitPopup("melee", 4, "ranged_dmg")).toBe("ranged_dmg_crit");
  });

  it("the ones that take a monster's hp", () => {
    expect([...MONSTER_DAMAGE_POPUPS].sort()).toEqual(
      [
        "bleed_tick",
        "burn_tick",
        "magic_dmg",
        "magic_dmg_crit",
        "melee_dmg",
        "melee_dmg_crit",
        "ranged_dmg",
        "ranged_dmg_crit",
        "rapid_shot",
      ].sort(),
    );
  });
});
