import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fighter, withStats } from "../../../../testing/fighters.ts";
import { deepFreeze } from "../../../../testing/players.ts";
import { LOCATION_IDS_BY_SKILL } from "../../../data/locations.ts";
import { MONSTERS } from "../../../data/monsters.ts";
import type { Character } from "../../../data/skills.ts";
import type { Player } from "../../../protocol/player.ts";
import type { GameEvent } from "../../state/events.ts";
import { advance } from "../advance.ts";

const COMBAT_AREAS = LOCATION_IDS_BY_SKILL.combat;
const MIN = 60_000;

/** Any fighter: level, class, gear tier, place, seed, intellect, and a random set of affix stats. */
const fighterArb = fc
  .record({
    level: fc.integer({ min: 1, max: 70 }),
    character: fc.constantFrom<Character>("seed", "warrior", "mage", "archer"),
    gearTier: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
    area: fc.integer({ min: 0, max: 5 }),
    seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
    intellect: fc.boolean(),
    stats: fc.record(
      {
        crit_chance_pct: fc.integer({ min: 0, max: 60 }),
        dodge_chance_pct: fc.integer({ min: 0, max: 40 }),
        block_chance_pct: fc.integer({ min: 0, max: 40 }),
        lifesteal_chance_pct: fc.integer({ min: 0, max: 50 }),
        freeze_chance_pct: fc.integer({ min: 0, max: 30 }),
        stun_chance_pct: fc.integer({ min: 0, max: 30 }),
        burn_chance_pct: fc.integer({ min: 0, max: 50 }),
        bleed_chance_pct: fc.integer({ min: 0, max: 50 }),
        barrier: fc.integer({ min: 0, max: 60 }),
        health_regen: fc.integer({ min: 0, max: 3 }),
        mana_regen: fc.integer({ min: 0, max: 3 }),
        berserk_damage_pct: fc.integer({ min: 0, max: 20 }),
        dmg_per_mana_pct: fc.integer({ min: 0, max: 2 }),
      },
      { requiredKeys: [] },
    ),
    subscribed: fc.boolean(),
  })
  .map((o) => {
    const p = withStats(
      fighter({
        location: COMBAT_AREAS[o.area]!,
        level: o.level,
        character: o.character,
        gearTier: o.gearTier,
        seed: o.seed,
        intellect: o.intellect,
      }),
      o.stats,
    );
    p.subscription_active = o.subscribed;
    return deepFreeze(p);
  });

const spanArb = fc.integer({ min: 1, max: 90 * MIN });

/**
 * A fighter at a place past level 40, whose insects afflict (afflictions.ts): a level around the place's, a
 * gear tier from the one below to the one above (its helmet's ward halving the affliction or not), a seed.
 */
const frontierArb = fc
  .record({
    area: fc.integer({ min: 6, max: 9 }),
    levelOffset: fc.integer({ min: -5, max: 15 }),
    character: fc.constantFrom<Character>("warrior", "mage", "archer"),
    tierOffset: fc.integer({ min: -1, max: 1 }),
    seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
    intellect: fc.boolean(),
  })
  .map((o) =>
    deepFreeze(
      fighter({
        location: COMBAT_AREAS[o.area]!,
        level: Math.min(99, [50, 62, 75, 88][o.area - 6]! + o.levelOffset),
        character: o.character,
        gearTier: Math.min(10, o.area + 1 + o.tierOffset),
        seed: o.seed,
        intellect: o.intellect,
      }),
    ),
  );

function checkBounds(p: Player): void {
  expect(p.health).toBeGreaterThanOrEqual(0);
  expect(p.health).toBeLessThanOrEqual(p.maxHealth);
  expect(p.mana).toBeGreaterThanOrEqual(0);
  expect(p.mana).toBeLessThanOrEqual(p.maxMana);
  expect(p.barrier.remaining).toBeGreaterThanOrEqual(0);
  expect(p.barrier.remaining).toBeLessThanOrEqual(p.barrier.max);
  for (const m of p.currentMonsters) {
    expect(m.hp).toBeGreaterThan(0);
    expect(m.hp).toBeLessThanOrEqual(m.maxHp);
  }
}

describe("combat properties", () => {
  it("health, mana and barrier stay within [0, max] at every step", () => {
    fc.assert(
      fc.property(fighterArb, fc.array(spanArb, { minLength: 1, maxLength: 4 }), (p, steps) => {
        let cur = p;
        let t = 0;
        for (const step of steps) {
          t += step;
          cur = advance(cur, t).player;
          checkBounds(cur);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("a dead player deals no damage", () => {
    const damaging = new Set([
      "melee_dmg",
      "magic_dmg",
      "ranged_dmg",
      "rapid_shot",
      "burn_tick",
      "bleed_tick",
    ]);
    fc.assert(
      fc.property(fighterArb, fc.integer({ min: 1, max: 20 * MIN }), (p, span) => {
        const { events } = advance(p, span, { maxEvents: 1_000_000 });
        const deaths = events.flatMap((e) =>
          e.type === "playerDeath" ? [[e.at, e.respawnAt] as const] : [],
        );
        const hits = events.filter(
          (e): e is Extract<GameEvent, { type: "combatPopup" }> =>
            e.type === "combatPopup" && damaging.has(e.popup) && e.target.kind === "monster",
        );
        for (const [from, to] of deaths) for (const h of hits) expect(h.at > from && h.at <= to).toBe(false);
      }),
      { numRuns: 60 },
    );
  });

  it("kills never exceed what the damage dealt allows", () => {
    fc.assert(
      fc.property(fighterArb, spanArb, (p, span) => {
        const { summary } = advance(p, span);
        const c = summary.combat!;
        const minHp = Math.min(...Object.values(MONSTERS).map((m) => m.maxHp));
        expect(c.kills * minHp).toBeLessThanOrEqual(c.damageDealt);
        const here =
          MONSTERS[p.currentMonsters[0]?.id ?? Number(COMBAT_AREAS.indexOf(p.currentAction.location)) + 1]!;
        expect(c.kills * here.maxHp).toBeLessThanOrEqual(c.damageDealt);
      }),
      { numRuns: 80 },
    );
  });

  it("splitting a span in two agrees exactly with one span", () => {
    fc.assert(
      fc.property(fighterArb, spanArb, spanArb, (p, a, b) => {
        const whole = advance(p, a + b);
        const first = advance(p, a);
        const second = advance(first.player, a + b);
        expect(second.player).toEqual(whole.player);
        const w = whole.summary.combat!;
        const f = first.summary.combat!;
        const s = second.summary.combat!;
        expect(f.kills + s.kills).toBe(w.kills);
        expect(f.deaths + s.deaths).toBe(w.deaths);
        expect(f.gainedXp + s.gainedXp).toBe(w.gainedXp);
        expect(f.gainedHealthXp + s.gainedHealthXp).toBe(w.gainedHealthXp);
        expect(f.damageDealt + s.damageDealt).toBe(w.damageDealt);
      }),
      { numRuns: 80 },
    );
  });

  it("past level 40, where the insects afflict, any split of a span (down to a millisecond) agrees exactly with one span", () => {
    fc.assert(
      fc.property(
        frontierArb,
        fc.array(fc.integer({ min: 1, max: 8 * MIN }), { minLength: 1, maxLength: 5 }),
        (p, steps) => {
          const end = steps.reduce((a, b) => a + b, 0);
          const whole = advance(p, end);
          let cur = p;
          let t = 0;
          for (const step of steps) {
            t += step;
            cur = advance(cur, t).player;
            checkBounds(cur);
          }
          expect(cur).toEqual(whole.player);
          // recording every event (no shortcut taken) gives the same player too
          expect(advance(p, end, { maxEvents: 10_000_000 }).player).toEqual(whole.player);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("the same player and until give the same result", () => {
    fc.assert(
      fc.property(fighterArb, spanArb, (p, span) => {
        expect(advance(p, span)).toEqual(advance(p, span));
      }),
      { numRuns: 20 },
    );
  });

  it("recording detailed events or not gives the same player", () => {
    // the unrecorded run takes the shortcuts (plain bites, fast-forwarded kills); the recorded one never does
    fc.assert(
      fc.property(fighterArb, spanArb, (p, span) => {
        const quiet = advance(p, span, { maxEvents: 0 });
        const loud = advance(p, span, { maxEvents: 10_000_000 });
        expect(quiet.player).toEqual(loud.player);
        expect(quiet.summary.combat).toEqual(loud.summary.combat);
      }),
      { numRuns: 40 },
    );
  });
});
