import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arbitraryFighter, combatSim, fight, withLeftovers } from "../../../../testing/fastForward.ts";
import { fighter, withStats } from "../../../../testing/fighters.ts";
import { clonePlayer } from "../../state/clonePlayer.ts";

describe("fastForwardKills", () => {
  it("agrees exactly with the event loop alone", () => {
    fc.assert(
      fc.property(
        arbitraryFighter(fc.record({ health_regen: fc.integer({ min: 0, max: 3 }) }), { areas: 6 }),
        fc.integer({ min: 1, max: 2 * 3_600_000 }),
        (p, span) => {
          expect(fight(p, span, true)).toEqual(fight(p, span, false));
        },
      ),
      { numRuns: 60 },
    );
    // up to 60 fights of 2 hours each through the plain event loop (under Stryker, every surviving mutant reruns them)
  }, 60_000);

  it("agrees for the geared casters of the balance table", () => {
    for (const character of ["warrior", "mage", "archer"] as const) {
      for (const location of ["aphid_nest", "black_ant_nest"]) {
        const p = fighter({ location, level: 40, character, gearTier: 6, intellect: true, seed: 1 });
        expect(fight(p, 6 * 3_600_000, true)).toEqual(fight(p, 6 * 3_600_000, false));
      }
    }
  });

  it("takes over the steady one-hit farming", () => {
    const p = fighter({ location: "aphid_nest", level: 60 });
    const fast = fight(p, 24 * 3_600_000, true);
    expect(fast).toEqual(fight(p, 24 * 3_600_000, false));
    expect(fast.draft.currentAction.nextHitAt).toBeGreaterThan(24 * 3_600_000);
  });

  it("stands aside while an insect's poison, weaken or slow lasts, brought from its place", () => {
    // a fighter poisoned, weakened and slowed at the wasps' nest who moved to the aphids (the document keeps them)
    for (const afflictions of [
      { poison: { until: 20_000, dps: 40, nextTickAt: 1_000 } },
      { weaken: { until: 20_000, pct: 90 } },
      { slow: { until: 20_000, pct: 100 } },
    ]) {
      const p = fighter({ location: "aphid_nest", level: 60 });
      p.combat.afflictions = afflictions;
      const fast = fight(p, 3_600_000, true);
      expect(fast).toEqual(fight(p, 3_600_000, false));
      const steady = fight(fighter({ location: "aphid_nest", level: 60 }), 3_600_000, true);
      // each changed the hour: health lost to the poison, a swing that no longer kills, fewer swings
      expect(fast.summary).not.toEqual(steady.summary);
    }
  });

  it("regenerates before each bite of its cycles, as the event loop does (health at its max or half of it)", () => {
    // a swamp monster killed in one swing that bites 14 between swings; regeneration after the bite instead
    // would catch up a tick the cap took away
    for (const regen of [1, 5, 20]) {
      for (const health of [undefined, 0.5]) {
        const p = withLeftovers(
          withStats(fighter({ location: "swamp", level: 40, character: "warrior" }), {
            melee_lvl: 3000,
            health_regen: regen,
          }),
          { health },
        );
        const s = combatSim(clonePlayer(p), 3_600_000, true);
        expect(s.cachedHit).toBeGreaterThanOrEqual(s.mons[0]!.proto.maxHp);
        expect(fight(p, 3_600_000, true), `${regen} ${health}`).toEqual(fight(p, 3_600_000, false));
      }
    }
  });

  it("leaves a lethal bite that is not the first of its cycle to the event loop at its own time", () => {
    // a swing every 5,000 ms kills a swamp monster (2,000 ms bites of 14): two bites a cycle, the second lethal
    const p = withStats(fighter({ location: "swamp", level: 40, character: "warrior" }), {
      melee_lvl: 3000,
      melee_speed_pct: -40,
    });
    const s = combatSim(clonePlayer(p), 3_600_000, true);
    expect([s.stats.attackIntervalMs, s.mons[0]!.proto.intervalMs, s.bites[s.mons[0]!.proto.id]]).toEqual([
      5_000, 2_000, 14,
    ]);
    for (let bites = 2; bites <= 7; bites++) {
      const q = clonePlayer(p);
      q.health = bites * 14;
      const fast = fight(q, 3_600_000, true);
      expect(fast, `${bites}`).toEqual(fight(q, 3_600_000, false));
      expect(fast.summary.deaths).toBeGreaterThan(0);
    }
  });

  it("stands aside where the insects afflict: a wasp killed in one swing still stings and poisons in between", () => {
    // no crafted swing takes a wasp's 6,000 hp in one; a test trinket's 3,000 melee levels do
    const p = withStats(fighter({ location: "wasp_nest", level: 50, character: "warrior", seed: 2 }), {
      melee_lvl: 3000,
      health_regen: 40,
    });
    const fast = fight(p, 3_600_000, true);
    expect(fast).toEqual(fight(p, 3_600_000, false));
    // its 40 a second outheal a sting (110 every 3 s) alone: the poison between the stings kills
    expect(fast.summary.deaths).toBeGreaterThan(0);
  });

  it("stands aside for what its cycles do not draw or track: dodges, blocks, a barrier, lifesteal, a monster's status", () => {
    // a swamp monster (1,700 hp) killed in one swing that still bites (14 a bite at level 40): each of these
    // changes the fight between two swings
    const oneHit = (stats: Record<string, number>) =>
      withStats(fighter({ location: "swamp", level: 40, character: "warrior" }), {
        melee_lvl: 3000,
        ...stats,
      });
    // health for exactly three bites: the third kills
    const exact = oneHit({});
    exact.health = 3 * 14;
    for (const p of [
      exact,
      // a swing every 2,000 ms, the monster's interval: its bite due at the swing's time never comes
      oneHit({ melee_speed_pct: 50 }),
      oneHit({ dodge_chance_pct: 20 }),
      oneHit({ block_chance_pct: 20 }),
      oneHit({ barrier: 50 }),
      oneHit({ lifesteal_chance_pct: 20 }),
      // its first bite due at 2,000, one interval after it appeared, as in the cycles; but a tick kills it before the
      // first swing (which then meets a monster that appeared at the tick), or it is held
      withLeftovers(oneHit({}), {
        nextAttackAt: 2_000,
        burn: { until: 9_000, dps: 2_000, acc: 0, nextTickAt: 1_000 },
      }),
      withLeftovers(oneHit({}), {
        nextAttackAt: 2_000,
        bleed: { until: 9_000, dps: 2_000, acc: 0, nextTickAt: 1_000 },
      }),
      withLeftovers(oneHit({}), { nextAttackAt: 2_000, freeze: 5_000 }),
      withLeftovers(oneHit({}), { nextAttackAt: 2_000, stun: 5_000 }),
      withLeftovers(oneHit({}), { nextAttackAt: 700 }),
      // the style's level two kills away and health's far, then the other way round
      withLeftovers(oneHit({}), { xpShort: { style: 100, health: undefined, intellect: undefined } }),
      withLeftovers(oneHit({}), { xpShort: { style: undefined, health: 100, intellect: undefined } }),
    ]) {
      expect(fight(p, 3_600_000, true)).toEqual(fight(p, 3_600_000, false));
    }
  });
});
