import { describe, expect, it } from "vitest";
import { fighter, withStats } from "../../../../testing/fighters.ts";
import type { Player } from "../../../protocol/player.ts";
import { deepClone } from "../../state/clonePlayer.ts";
import { EventSink } from "../../state/EventSink.ts";
import { Rng } from "../../state/rng.ts";
import { advance } from "../advance.ts";
import { CombatSim } from "./CombatSim.ts";
import { catchUpRegen, regenerate, syncBarrier, tickRegen } from "./regen.ts";

const ALL = { maxEvents: 1_000_000 };

/** A level-1 fighter at rest at home (110 health and mana at most), `over` set on it. */
function resting(over: Partial<Player> = {}): Player {
  const p = fighter({ location: "aphid_nest" });
  p.currentAction = { ...p.currentAction, skill: "none", location: "home" };
  return Object.assign(p, over);
}

function rest(p: Player, from: number, to: number, limit = 100) {
  const sink = new EventSink(from, to, limit);
  regenerate(p, from, to, sink);
  return sink;
}

describe("regeneration out of combat (regenerate)", () => {
  it("a tick on each whole second after the last: a kept time after `from` is the next one, a stale or missing one is from + 1 s", () => {
    const kept = resting({ health: 50, mana: 60 });
    kept.combat.nextRegenAt = 500;
    const sink = rest(kept, 0, 2600);
    // ticks at 500, 1500 and 2500
    expect([kept.health, kept.mana, kept.combat.nextRegenAt]).toEqual([53, 63, 3500]);
    expect(sink.events).toEqual([
      { type: "combatPopup", at: 2600, popup: "heal", amount: 3, target: { kind: "player" } },
      { type: "combatPopup", at: 2600, popup: "mana", amount: 3, target: { kind: "player" } },
    ]);
    // a time at `from` was settled already: the next tick is a second later
    const stale = resting({ health: 50 });
    stale.combat.nextRegenAt = 1000;
    rest(stale, 1000, 2000);
    expect([stale.health, stale.combat.nextRegenAt]).toEqual([51, 3000]);
    const none = resting({ health: 50 });
    none.combat.nextRegenAt = null;
    rest(none, 1000, 2999);
    expect([none.health, none.combat.nextRegenAt]).toEqual([51, 3000]);
  });

  it("before the next tick only the time is kept", () => {
    const p = resting({ health: 50 });
    p.combat.nextRegenAt = 5000;
    const sink = rest(p, 0, 4999);
    expect([p.health, p.combat]).toEqual([
      50,
      { ...fighter({ location: "aphid_nest" }).combat, nextRegenAt: 5000 },
    ]);
    expect(sink.events).toEqual([]);
  });

  it("stops at max health and mana, and says only what it gave", () => {
    const p = resting({ health: 105, mana: 110 });
    const sink = rest(p, 0, 10_000);
    expect([p.health, p.mana]).toEqual([110, 110]);
    expect(sink.events).toEqual([
      { type: "combatPopup", at: 10_000, popup: "heal", amount: 5, target: { kind: "player" } },
    ]);
    const manaOnly = resting({ health: 110, mana: 100 });
    expect(
      rest(manaOnly, 0, 3000).events.map((e) => e.type === "combatPopup" && [e.popup, e.amount]),
    ).toEqual([["mana", 3]]);
    // no room for events: none is built
    const quiet = resting({ health: 50, mana: 50 });
    const full = rest(quiet, 0, 3000, 0);
    expect([quiet.health, full.events, full.summary.eventsTruncated]).toEqual([53, [], false]);
  });

  it("a dead player revives when its death ends in the span, then rests from there; not before", () => {
    const dead = (): Player =>
      resting({ dead: true, health: 0, mana: 0, deathInfo: { startedAt: 0, respawnAt: 10_000 } });
    const early = dead();
    const before = deepClone(early);
    expect(rest(early, 0, 9999).events).toEqual([]);
    expect(early).toEqual({ ...before, maxHealth: 110, maxMana: 110 });

    const p = dead();
    p.previousAction = { ...p.currentAction, skill: "combat", location: "aphid_nest" };
    const sink = rest(p, 0, 12_000);
    expect(p.dead).toBe(false);
    expect([p.health, p.mana, p.deathInfo, p.previousAction]).toEqual([110, 110, null, null]);
    expect(p.combat.nextRegenAt).toBe(13_000);
    expect(sink.events).toEqual([
      { type: "playerRevived", at: 10_000, health: 110, mana: 110, message: "regrowed" },
    ]);
    // no death time kept: the death ends at `from`
    const lost = resting({ dead: true, health: 0, mana: 0, deathInfo: null });
    expect(rest(lost, 4000, 4500).events).toEqual([
      { type: "playerRevived", at: 4000, health: 110, mana: 110, message: "regrowed" },
    ]);
    expect([lost.dead, lost.health, lost.combat.nextRegenAt]).toEqual([false, 110, 5000]);
    // the revival moves only the regeneration clock: the spells' cooldowns and the mana spent stay
    const busy = dead();
    busy.combat = { ...busy.combat, spellReadyAt: { whirlwind: 11_000 }, manaSpent: 7, quit: true };
    rest(busy, 0, 10_500);
    expect(busy.combat).toEqual({
      spellReadyAt: { whirlwind: 11_000 },
      manaSpent: 7,
      regenAcc: { health: 0, mana: 0 },
      nextRegenAt: 11_000,
      quit: true,
    });
    // without room for events the revival is silent
    const quiet = dead();
    const full = rest(quiet, 0, 10_000, 0);
    expect([quiet.dead, full.summary.eventsTruncated]).toEqual([false, false]);
  });
});

describe("the barrier at rest (syncBarrier)", () => {
  const synced = (remaining: number, max: number, nextReadyAt: number, at = 1000) => {
    const p = resting({ barrier: { remaining, max: 99, nextReadyAt } });
    syncBarrier(p, max, at);
    return p.barrier;
  };

  it("follows the gear's max, keeps what is left, cleans up below zero and refills once its cooldown passed", () => {
    expect(synced(5, 20, 0)).toEqual({ remaining: 5, max: 20, nextReadyAt: 0 });
    expect(synced(50, 20, 0)).toEqual({ remaining: 20, max: 20, nextReadyAt: 0 });
    expect(synced(-5, 20, 5000)).toEqual({ remaining: 0, max: 20, nextReadyAt: 5000 });
    expect(synced(Number.NaN, 20, 5000)).toEqual({ remaining: 0, max: 20, nextReadyAt: 5000 });
    // depleted: whole again exactly when its cooldown ends, not a millisecond before
    expect(synced(0, 20, 1000)).toEqual({ remaining: 20, max: 20, nextReadyAt: 1000 });
    expect(synced(0, 20, 1001)).toEqual({ remaining: 0, max: 20, nextReadyAt: 1001 });
    expect(synced(-3, 20, 1000)).toEqual({ remaining: 20, max: 20, nextReadyAt: 1000 });
    expect(synced(3, 0, 0)).toEqual({ remaining: 0, max: 0, nextReadyAt: 0 });
  });

  it("resting refreshes it", () => {
    const p = resting({ barrier: { remaining: 0, max: 0, nextReadyAt: 500 } });
    withStats(p, { barrier: 30 });
    p.barrier = { remaining: 0, max: 30, nextReadyAt: 500 };
    rest(p, 0, 1000);
    expect(p.barrier).toEqual({ remaining: 30, max: 30, nextReadyAt: 500 });
  });
});

describe("affix regeneration in a fight (tickRegen, catchUpRegen)", () => {
  /** A fight at t = 0 of a level-10 warrior at the beetle nest with these affixes, at `health` and `mana`. */
  function sim(stats: Record<string, number>, health: number, mana: number, limit = 0): CombatSim {
    const p = withStats(fighter({ location: "beetle_nest", level: 10 }), stats);
    p.health = health;
    p.mana = mana;
    return new CombatSim(p, 0, new Rng(p.rng), new EventSink(0, 100_000, limit));
  }

  it("counts the whole seconds passed: 1, 2, 3, then any number, on the exact boundaries", () => {
    for (const [t, n] of [
      [1000, 1],
      [1999, 1],
      [2000, 2],
      [3999, 3],
      [4000, 4],
      [6500, 6],
    ] as const) {
      const s = sim({ health_regen: 2 }, 50, 0);
      expect(s.nextRegenAt).toBe(1000);
      tickRegen(s, t);
      expect([t, s.health, s.nextRegenAt], `at ${t}`).toEqual([t, 50 + 2 * n, 1000 + n * 1000]);
    }
    const early = sim({ health_regen: 2 }, 50, 0);
    tickRegen(early, 999);
    expect([early.health, early.nextRegenAt]).toEqual([50, 1000]);
  });

  it("up to max; a mana popup for what came back, none when mana is full", () => {
    const s = sim({ health_regen: 50, mana_regen: 7 }, 190, 100, 100);
    expect([s.maxHealth, s.maxMana]).toEqual([200, 200]);
    tickRegen(s, 1000);
    expect([s.health, s.mana]).toEqual([200, 107]);
    const popups = (x: CombatSim) => x.sink.events.filter((e) => e.type === "combatPopup");
    expect(popups(s)).toEqual([
      { type: "combatPopup", at: 1000, popup: "mana", amount: 7, target: { kind: "player" } },
    ]);
    const full = sim({ mana_regen: 7 }, 100, 200, 100);
    tickRegen(full, 3000);
    expect([full.mana, full.health, popups(full)]).toEqual([200, 100, []]);
    // no mana regeneration: no popup of 0, even below max
    const none = sim({ health_regen: 2 }, 50, 50, 100);
    tickRegen(none, 1000);
    expect([none.health, none.mana, popups(none)]).toEqual([52, 50, []]);
    // no room for events: no popup tried, so the summary is not marked truncated
    const quiet = sim({ mana_regen: 7 }, 100, 100, 0);
    tickRegen(quiet, 1000);
    expect([quiet.mana, quiet.sink.events, quiet.sink.summary.eventsTruncated]).toEqual([107, [], false]);
  });

  it("a catch-up only when due and regenerating; it counts every second passed", () => {
    const s = sim({ health_regen: 2 }, 50, 0);
    catchUpRegen(s, 999);
    expect(s.health).toBe(50);
    catchUpRegen(s, 2500);
    expect([s.health, s.nextRegenAt]).toEqual([54, 3000]);
    const none = sim({}, 50, 0);
    catchUpRegen(none, 5000);
    expect([none.health, none.nextRegenAt]).toEqual([50, 1000]);
  });

  it("a bite finds the health regenerated up to its time", () => {
    // the beetle's bite takes 17 at 2000: 100 + 2 × 5 − 17
    const p = withStats(fighter({ location: "beetle_nest", level: 10 }), { health_regen: 5 });
    p.health = 100;
    const r = advance(p, 2000, ALL);
    const bite = r.events.find((e) => e.type === "monsterAttack");
    expect(bite).toMatchObject({ at: 2000, damage: 17, health: 93 });
  });
});
