import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  arbitraryFighter,
  arbitraryLeftovers,
  combatSim,
  fight,
  withLeftovers,
} from "../../../../testing/fastForward.ts";
import {
  areaFighter,
  fighter,
  freshFighter,
  gearedFighter,
  withStats,
} from "../../../../testing/fighters.ts";
import { LOCATION_IDS_BY_SKILL } from "../../../data/locations.ts";
import type { Character } from "../../../data/skills.ts";
import { clonePlayer } from "../../state/clonePlayer.ts";
import { combatStats } from "./combatStats.ts";
import { fastForwardSwings } from "./fastForwardSwings.ts";
import { writeBackCombat } from "./writeBackCombat.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe("fastForwardSwings", () => {
  it("agrees exactly with the event loop alone: every proc, dodges, blocks, barriers, afflictions, regeneration, gear spells, deaths", () => {
    fc.assert(
      fc.property(
        arbitraryFighter(
          fc.record({
            health_regen: fc.integer({ min: 0, max: 3 }),
            mana_regen: fc.integer({ min: 0, max: 3 }),
            crit_chance_pct: fc.constantFrom(0, 0, 5, 30),
            freeze_chance_pct: fc.constantFrom(0, 0, 3, 20),
            stun_chance_pct: fc.constantFrom(0, 3, 20),
            dodge_chance_pct: fc.constantFrom(0, 0, 10),
            block_chance_pct: fc.constantFrom(0, 0, 10),
            barrier: fc.constantFrom(0, 0, 50, 500),
            lifesteal_chance_pct: fc.constantFrom(0, 0, 10),
            burn_chance_pct: fc.constantFrom(0, 0, 10),
            bleed_chance_pct: fc.constantFrom(0, 0, 10),
            berserk_damage_pct: fc.constantFrom(0, 0, 50),
            dmg_per_mana_pct: fc.constantFrom(0, 0, 20),
          }),
        ),
        fc.integer({ min: 1, max: 2 * HOUR }),
        (p, span) => {
          expect(fight(p, span, true)).toEqual(fight(p, span, false));
        },
      ),
      { numRuns: 80 },
    );
    // up to 80 fights of 2 hours each through the plain event loop (under Stryker, every surviving mutant reruns them)
  }, 60_000);

  it("agrees for plain fighters (plainStretch: crits, freezes, stuns, regeneration, gear spells)", () => {
    fc.assert(
      fc.property(
        arbitraryFighter(
          fc.record({
            health_regen: fc.integer({ min: 0, max: 3 }),
            mana_regen: fc.integer({ min: 0, max: 3 }),
            crit_chance_pct: fc.constantFrom(0, 5, 30),
            freeze_chance_pct: fc.constantFrom(0, 3, 20),
            stun_chance_pct: fc.constantFrom(0, 3, 20),
          }),
          { characters: ["seed", "warrior", "mage"], intellect: fc.constant(true) },
        ),
        fc.integer({ min: 1, max: 2 * HOUR }),
        (p, span) => {
          expect(fight(p, span, true)).toEqual(fight(p, span, false));
        },
      ),
      { numRuns: 60 },
    );
  }, 60_000);

  it("agrees from whatever the last settle left: a monster part-way down, frozen or burning, the fighter poisoned, slowed, low or a few xp short of a level", () => {
    fc.assert(
      fc.property(
        arbitraryFighter(
          fc.record({
            health_regen: fc.constantFrom(0, 0, 2),
            mana_regen: fc.constantFrom(0, 2),
            crit_chance_pct: fc.constantFrom(0, 0, 30),
            freeze_chance_pct: fc.constantFrom(0, 0, 20),
            stun_chance_pct: fc.constantFrom(0, 0, 20),
            // mostly plain fighters (plainStretch.ts): the leftovers are what keeps them out of it
            burn_chance_pct: fc.constantFrom(0, 0, 0, 0, 10),
            bleed_chance_pct: fc.constantFrom(0, 0, 0, 0, 10),
            lifesteal_chance_pct: fc.constantFrom(0, 0, 0, 0, 10),
            dodge_chance_pct: fc.constantFrom(0, 0, 0, 0, 10),
          }),
          { characters: ["seed", "warrior", "mage"] },
        ),
        arbitraryLeftovers(),
        fc.integer({ min: 1, max: HOUR }),
        (p, leftovers, span) => {
          const q = withLeftovers(p, leftovers);
          expect(fight(q, span, true)).toEqual(fight(q, span, false));
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);

  it("agrees at the insects' places (plainStretch: the barrier, poison, weaken, slow and stun afflictions, deaths to a sting or a poison tick), whole and in pieces", () => {
    const frontier = ["wasp_nest", "log_pile", "tall_grass", "hornet_hive"] as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...frontier),
        fc.constantFrom<Character>("warrior", "mage", "archer"),
        // the area's own set, one tier below (no ward: the full affliction) or above
        fc.integer({ min: -1, max: 1 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.record({
          health_regen: fc.constantFrom(0, 2, 30),
          mana_regen: fc.constantFrom(0, 2),
          crit_chance_pct: fc.constantFrom(0, 30),
          freeze_chance_pct: fc.constantFrom(0, 20),
          stun_chance_pct: fc.constantFrom(0, 20),
          barrier: fc.constantFrom(0, 300),
        }),
        arbitraryLeftovers(),
        fc.integer({ min: 1, max: HOUR }),
        (location, character, tierShift, seed, stats, leftovers, span) => {
          const tier = Math.min(10, frontier.indexOf(location) + 7 + tierShift);
          const p = withLeftovers(withStats(areaFighter(location, seed, character, tier), stats), leftovers);
          expect(fight(p, span, true)).toEqual(fight(p, span, false));
          const part = fight(p, Math.floor(span / 3), true).draft;
          expect(fight(part, span, true)).toEqual(fight(part, span, false));
        },
      ),
      { numRuns: 120 },
    );
  }, 60_000);

  it("agrees on a poison's last tick, due right at its end (the monster frozen: no sting renews it)", () => {
    const p = withLeftovers(areaFighter("wasp_nest"), {
      poison: { until: 5_000, dps: 7, nextTickAt: 1_000 },
      freeze: 20_000,
      nextAttackAt: 1_000,
      health: 0.5,
    });
    const fast = fight(p, 8_000, true);
    expect(fast).toEqual(fight(p, 8_000, false));
    // five ticks (1 s to 5 s) against eight seconds of regeneration
    expect(fast.draft.health).toBe(p.health - 5 * 7 + 8 * combatStats(p).healthRegen);
  });

  it("agrees where the ward takes a whole affliction (a power of 0 afflicts nothing)", () => {
    for (const location of ["wasp_nest", "hornet_hive"]) {
      for (const span of [5 * MINUTE, 7 * MINUTE + 300, HOUR]) {
        const [fast, slow] = [true, false].map((fastForward) => {
          const draft = clonePlayer(areaFighter(location));
          const s = combatSim(draft, span, fastForward);
          // no monster's power is that low: a ward of no power, kept through the levels' refreshes
          const refresh = s.refreshHit.bind(s);
          s.refreshHit = () => {
            refresh();
            s.afflictPower.fill(0);
          };
          s.refreshHit();
          s.run(span);
          return { summary: writeBackCombat(s), draft };
        });
        expect(fast).toEqual(slow);
        expect(slow!.draft.combat.afflictions).toBeUndefined();
      }
    }
  });

  it("agrees with a monster frozen and stunned at once: its bites wait for the later end", () => {
    for (const [freeze, stun] of [
      [4_000, 9_000],
      [9_000, 4_000],
    ] as const) {
      // a plain fighter who needs several swings a monster, whose bites hurt (plainStretch.ts)
      const p = withLeftovers(fighter({ location: "swamp", level: 20, character: "warrior" }), {
        nextAttackAt: 2_000,
        freeze,
        stun,
      });
      expect(fight(p, HOUR, true)).toEqual(fight(p, HOUR, false));
    }
  });

  it("agrees where nothing draws or regenerates (no gear)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99 }),
        fc.constantFrom<Character>("seed", "warrior", "mage"),
        fc.integer({ min: 0, max: LOCATION_IDS_BY_SKILL.combat.length - 1 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: 3 * HOUR }),
        (level, character, area, seed, span) => {
          const p = fighter({ location: LOCATION_IDS_BY_SKILL.combat[area]!, level, character, seed });
          expect(fight(p, span, true)).toEqual(fight(p, span, false));
          const part = fight(p, Math.floor(span / 3), true).draft;
          expect(fight(part, span, true)).toEqual(fight(part, span, false));
        },
      ),
      { numRuns: 40 },
    );
  }, 60_000);

  it("agrees in the bench's fights, whole and from a settled midpoint", () => {
    for (const p of [
      freshFighter("swamp"),
      gearedFighter("swamp"),
      gearedFighter("beetle_nest", 3, "mage"),
      gearedFighter("rosebush_nest", 5, "archer"),
    ]) {
      expect(fight(p, 24 * HOUR, true)).toEqual(fight(p, 24 * HOUR, false));
      const half = fight(p, 7 * HOUR + 123, true).draft;
      expect(fight(half, 24 * HOUR, true)).toEqual(fight(half, 24 * HOUR, false));
    }
  });

  it("casts damage gear spells in plainStretch's own numbers, and leaves one that may cross a level to simSpells.ts", () => {
    // the wasp nest's fighter: two damage spells on mana regeneration, a few intellect or style xp short of a level
    const none = { style: undefined, health: undefined, intellect: undefined };
    for (const [seed, short] of [
      [1, { ...none, intellect: 3 }],
      [2, { ...none, intellect: 40 }],
      [3, { ...none, intellect: 400 }],
      [4, { ...none, style: 3 }],
      [5, { ...none, health: 20 }],
      [6, none],
    ] as const) {
      const p = withLeftovers(areaFighter("wasp_nest", seed), { xpShort: short });
      for (const span of [MINUTE / 2, 17 * MINUTE + 5, HOUR]) {
        const fast = fight(p, span, true);
        // JSON: the order of the cooldowns' keys too (a spell's first cast adds its key, as castSpell does)
        expect(JSON.stringify(fast)).toBe(JSON.stringify(fight(p, span, false)));
        expect(fast.summary.damageDealt).toBeGreaterThan(0);
      }
    }
    // fresh cooldowns: their keys are added in the order the spells are first cast, not in the gear's order
    for (let seed = 1; seed <= 20; seed++) {
      const p = areaFighter("wasp_nest", seed);
      for (const span of [MINUTE, 10 * MINUTE])
        expect(JSON.stringify(fight(p, span, true))).toBe(JSON.stringify(fight(p, span, false)));
    }
  });

  it("keeps the event loop's order at a tie: a poison tick due at a swing's time comes first", () => {
    const p = areaFighter("wasp_nest");
    p.health = 3;
    p.currentAction.nextHitAt = 5000;
    p.combat.afflictions = { poison: { until: 9000, dps: 5, nextTickAt: 5000 } };
    const fast = fight(p, 6000, true);
    expect(fast).toEqual(fight(p, 6000, false));
    // the tick killed before the swing could land
    expect(fast.draft.dead).toBe(true);
    expect(fast.summary.damageDealt).toBe(0);
  });

  it("runs a fight of many swings a kill to its end by itself, deaths and revivals included", () => {
    const draft = clonePlayer(freshFighter("swamp"));
    const s = combatSim(draft, 24 * HOUR, true);
    fastForwardSwings(s, 24 * HOUR);
    expect(s.kills).toBeGreaterThan(100);
    expect(s.deaths).toBeGreaterThan(100);
    // it stopped only at a level crossed (the event loop's swing then changes the fighter's stats) or the end
    expect(s.t).toBeGreaterThan(HOUR);
  });
});
