import { describe, expect, it } from "vitest";
import { combatSim, fight, withLeftovers } from "../../../../testing/fastForward.ts";
import { areaFighter, fighter, withStats } from "../../../../testing/fighters.ts";
import { LOCATION_IDS_BY_SKILL } from "../../../data/locations.ts";
import { clonePlayer } from "../../state/clonePlayer.ts";
import { plainFighter } from "./plainStretch.ts";

const MINUTE = 60_000;

/**
 * A plain fighter (plainStretch.ts) who casts a gear spell (whirlwind) and, with no freeze or stun of its own,
 * never reads the monster's held time again after a hit (only after a spell).
 */
function plainCaster(location: string) {
  const p = fighter({ location, level: 40, character: "seed", gearTier: 6, intellect: true, seed: 4 });
  const s = combatSim(clonePlayer(p), MINUTE, true);
  expect(plainFighter(s) && s.canCast && s.spellDefs.length > 0).toBe(true);
  expect([s.stats.freezeChance, s.stats.stunChance]).toEqual([0, 0]);
  return p;
}

describe("the fast paths (plainStretch, fastForwardSwings) against the event loop alone: their edges", () => {
  it("a gear spell cast while the monster is frozen, stunned or both keeps its bites waiting for the later end", () => {
    for (const location of ["swamp", "beetle_nest", "rosebush_nest"]) {
      for (const [freeze, stun] of [
        [15_000, undefined],
        [undefined, 15_000],
        [6_000, 15_000],
        [15_000, 6_000],
      ] as const) {
        const p = withLeftovers(plainCaster(location), { nextAttackAt: 2_000, freeze, stun, nextHitAt: 500 });
        expect(fight(p, 10 * MINUTE, true), `${location} ${freeze} ${stun}`).toEqual(
          fight(p, 10 * MINUTE, false),
        );
      }
    }
  });

  it("a gear spell ready exactly at a swing is cast at that swing (a swing of 1 s, a cooldown of 7 s)", () => {
    // plain (plainStretch), then a burner (fastForwardSwings' own loop)
    for (const [stats, plain] of [
      [{ melee_speed_pct: 189 }, true],
      [{ melee_speed_pct: 189, burn_chance_pct: 10 }, false],
    ] as const) {
      const p = withStats(plainCaster("swamp"), stats);
      const s = combatSim(clonePlayer(p), MINUTE, true);
      expect(plainFighter(s)).toBe(plain);
      expect([s.stats.attackIntervalMs, s.spellDefs[0]!.cooldownMs]).toEqual([1_000, 7_000]);
      for (const span of [MINUTE, 10 * MINUTE]) expect(fight(p, span, true)).toEqual(fight(p, span, false));
    }
  });

  it("a burn or bleed tick and a poison tick due in the same millisecond: the monster's tick first, then the lethal poison", () => {
    for (const dot of ["burn", "bleed"] as const) {
      // fastForwardSwings' loop (a burner is no plain fighter): the tick kills the monster, the poison the fighter
      const p = withLeftovers(withStats(areaFighter("swamp"), { burn_chance_pct: 10 }), {
        monsterHp: 0,
        [dot]: { until: 5_000, dps: 50, acc: 0, nextTickAt: 1_000 },
        poison: { until: 5_000, dps: 1_000_000, nextTickAt: 1_000 },
        nextHitAt: 3_000,
        nextAttackAt: 3_000,
      });
      const fast = fight(p, MINUTE, true);
      expect(fast).toEqual(fight(p, MINUTE, false));
      expect(fast.summary.kills).toBeGreaterThan(0);
      expect(fast.summary.deaths).toBeGreaterThan(0);
    }
  });

  it("plainStretch: a lethal poison tick and a swing that kills, due in the same millisecond: the poison first", () => {
    // a plain fighter (no one-hit kills) whose monster has 1 HP left, poisoned from an insect's place
    for (const location of ["swamp", "beetle_nest", "rosebush_nest"]) {
      const p = withLeftovers(fighter({ location, level: 40, character: "warrior" }), {
        monsterHp: 0,
        poison: { until: 5_000, dps: 1_000_000, nextTickAt: 1_000 },
        nextHitAt: 1_000,
        nextAttackAt: 3_000,
      });
      const s = combatSim(clonePlayer(p), MINUTE, true);
      expect(plainFighter(s)).toBe(true);
      expect(s.cachedHit).toBeLessThan(s.mons[0]!.proto.maxHp);
      const fast = fight(p, MINUTE, true);
      expect(fast, location).toEqual(fight(p, MINUTE, false));
      expect(fast.summary.deaths).toBe(1);
    }
  });

  it("a first swing whose hit and kill bring exactly the xp a level needs (style or health): the level comes at that swing", () => {
    // a plain fighter (plainStretch) and a burner (fastForwardSwings' own loop); the monster has 1 HP left
    for (const stats of [{}, { burn_chance_pct: 10 }] as Record<string, number>[]) {
      for (const level of [2, 5, 9]) {
        for (const location of LOCATION_IDS_BY_SKILL.combat.slice(0, 3)) {
          const p = withStats(fighter({ location, level, character: "warrior" }), stats);
          const s = combatSim(clonePlayer(p), MINUTE, true);
          const m = s.mons[0]!;
          if (s.cachedHit >= m.proto.maxHp) continue;
          const exact = s.xp.eff(m.proto.hitXp) + s.xp.eff(m.proto.dropBreakXp[0]!);
          for (const skill of ["style", "health"] as const) {
            const q = withLeftovers(clonePlayer(p), {
              monsterHp: 0,
              nextHitAt: 1_000,
              nextAttackAt: 5_000,
              health: 0.5,
              xpShort: { style: undefined, health: undefined, intellect: undefined, [skill]: exact },
            });
            const fast = fight(q, MINUTE, true);
            expect(fast, `${level} ${location} ${skill}`).toEqual(fight(q, MINUTE, false));
            expect(fast.summary.kills).toBeGreaterThan(0);
          }
        }
      }
    }
  });

  it("fastForwardKills: a gear spell whose mana crosses an intellect level (or whose xp a style or health level) hands the swing to the event loop's strike", () => {
    // the plain caster kills the aphids (100 HP) in one swing: fastForwardKills' steady cycles, whirlwind at times
    const p = plainCaster("aphid_nest");
    const s = combatSim(clonePlayer(p), MINUTE, true);
    expect(s.cachedHit).toBeGreaterThanOrEqual(s.mons[0]!.proto.maxHp);
    for (const skill of ["style", "health", "intellect"] as const) {
      for (let short = 1; short <= 40; short += 3) {
        const q = withLeftovers(clonePlayer(p), {
          xpShort: { style: undefined, health: undefined, intellect: undefined, [skill]: short },
        });
        expect(fight(q, 10 * MINUTE, true), `${skill} ${short}`).toEqual(fight(q, 10 * MINUTE, false));
      }
    }
  });
});
