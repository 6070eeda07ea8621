import fc from "fast-check";
import { LOCATION_IDS_BY_SKILL } from "../src/data/locations.ts";
import type { Character } from "../src/data/skills.ts";
import type { Player } from "../src/protocol/player.ts";
import { CombatSim } from "../src/rules/simulation/combat/CombatSim.ts";
import { combatStyle } from "../src/rules/simulation/combat/combatStats.ts";
import { combatLocation } from "../src/rules/simulation/combat/monsters.ts";
import { writeBackCombat } from "../src/rules/simulation/combat/writeBackCombat.ts";
import { clonePlayer } from "../src/rules/state/clonePlayer.ts";
import { EventSink } from "../src/rules/state/EventSink.ts";
import { Rng } from "../src/rules/state/rng.ts";
import { xpForLevel } from "../src/rules/state/xpForLevel.ts";
import { fighter, withStats } from "./fighters.ts";

/**
 * The combat fast-forwards (fastForwardKills, fastForwardSwings) checked against the plain event loop: a fight
 * run with them on or off must give the same document and summary.
 */

/** A CombatSim over a copy's span to `until`, its fast-forwards on or off. */
export function combatSim(draft: Player, until: number, fastForward: boolean): CombatSim {
  return new CombatSim(draft, draft.settledAt, new Rng(draft.rng), new EventSink(draft.settledAt, until, 0), {
    fastForward,
  });
}

/** advanceCombat with the fast-forwards on or off: the document and the summary. */
export function fight(p: Player, until: number, fastForward: boolean) {
  const draft = clonePlayer(p);
  const s = combatSim(draft, until, fastForward);
  s.run(until);
  const summary = writeBackCombat(s);
  draft.settledAt = until;
  draft.rng = s.rng.state();
  return { draft, summary };
}

/** A made-up fighter at one of the combat areas (the first `areas`), with the extra stats drawn (withStats). */
export function arbitraryFighter(
  stats: fc.Arbitrary<Record<string, number>>,
  o: { characters?: Character[]; intellect?: fc.Arbitrary<boolean>; areas?: number } = {},
): fc.Arbitrary<Player> {
  return fc
    .record({
      level: fc.integer({ min: 1, max: 99 }),
      character: fc.constantFrom<Character>(...(o.characters ?? ["seed", "warrior", "mage", "archer"])),
      gearTier: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
      area: fc.integer({ min: 0, max: (o.areas ?? LOCATION_IDS_BY_SKILL.combat.length) - 1 }),
      seed: fc.integer({ min: 1, max: 1000 }),
      intellect: o.intellect ?? fc.boolean(),
      stats,
    })
    .map(({ area, stats: extra, ...rest }) =>
      withStats(fighter({ location: LOCATION_IDS_BY_SKILL.combat[area]!, ...rest }), extra),
    );
}

/**
 * What a fight left behind when it was settled last (`withLeftovers`): a monster part-way down, frozen, stunned,
 * burning or bleeding; the fighter poisoned, weakened, slowed, low on health or mana, a few xp short of a level;
 * a swing, a bite and a regeneration tick due soon. Each is drawn on or off, so the fast-forwards meet every
 * state they must stand aside from (and the ones they take over) right at the start of a span.
 */
export interface Leftovers {
  monsterHp: number | undefined;
  nextAttackAt: number | undefined;
  freeze: number | undefined;
  stun: number | undefined;
  burn: { until: number; dps: number; acc: number; nextTickAt: number } | undefined;
  bleed: { until: number; dps: number; acc: number; nextTickAt: number } | undefined;
  poison: { until: number; dps: number; nextTickAt: number } | undefined;
  weaken: { until: number; pct: number } | undefined;
  slow: { until: number; pct: number } | undefined;
  health: number | undefined;
  mana: number | undefined;
  /** xp short of the next level, per skill the fight teaches (its style, health, intellect) */
  xpShort: { style: number | undefined; health: number | undefined; intellect: number | undefined };
  nextHitAt: number | undefined;
  nextRegenAt: number | undefined;
}

export function arbitraryLeftovers(): fc.Arbitrary<Leftovers> {
  // each one in a quarter of the cases: several at once mostly keep the fast paths aside
  const maybe = <T>(a: fc.Arbitrary<T>) =>
    fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: a, weight: 1 });
  const soon = fc.integer({ min: 1, max: 20_000 });
  const dot = fc.record({
    until: fc.integer({ min: 1_000, max: 30_000 }),
    dps: fc.integer({ min: 1, max: 200 }),
    acc: fc.constantFrom(0, 0.5),
    nextTickAt: fc.integer({ min: 1, max: 1_000 }),
  });
  return fc.record({
    monsterHp: maybe(fc.double({ min: 0, max: 1, noNaN: true })),
    nextAttackAt: maybe(soon),
    freeze: maybe(soon),
    stun: maybe(soon),
    burn: maybe(dot),
    bleed: maybe(dot),
    poison: maybe(
      fc.record({
        until: fc.integer({ min: 1, max: 30_000 }),
        dps: fc.integer({ min: 1, max: 50 }),
        nextTickAt: fc.integer({ min: 1, max: 1_000 }),
      }),
    ),
    weaken: maybe(fc.record({ until: soon, pct: fc.integer({ min: 1, max: 90 }) })),
    slow: maybe(fc.record({ until: soon, pct: fc.integer({ min: 1, max: 200 }) })),
    health: maybe(fc.double({ min: 0.01, max: 1, noNaN: true })),
    mana: maybe(fc.double({ min: 0, max: 1, noNaN: true })),
    xpShort: fc.record({
      style: maybe(fc.integer({ min: 1, max: 40 })),
      health: maybe(fc.integer({ min: 1, max: 40 })),
      intellect: maybe(fc.integer({ min: 1, max: 40 })),
    }),
    nextHitAt: maybe(soon),
    nextRegenAt: maybe(fc.integer({ min: 1, max: 1_000 })),
  });
}

/** The fighter (settled at its `settledAt`, one monster of its place) with those leftovers written in. */
export function withLeftovers(p: Player, l: Partial<Leftovers>): Player {
  const at = p.settledAt;
  const after = (ms: number | undefined) => (ms === undefined ? undefined : at + ms);
  const id = combatLocation(p.currentAction.location).spawns[0]!.id;
  const maxHp = 1_000_000;
  p.currentMonsters = [
    {
      id,
      uid: `${id}-${at}-0`,
      // restoreMonsters clamps it to the monster's own maximum
      hp: l.monsterHp === undefined ? maxHp : Math.max(1, Math.round(l.monsterHp * maxHp)),
      maxHp,
      nextAttackAt: after(l.nextAttackAt) ?? null,
      status: {
        ...(l.freeze === undefined ? {} : { freeze: { until: at + l.freeze } }),
        ...(l.stun === undefined ? {} : { stun: { until: at + l.stun } }),
        ...(l.burn === undefined ? {} : { burn: shifted(l.burn, at) }),
        ...(l.bleed === undefined ? {} : { bleed: shifted(l.bleed, at) }),
      },
    },
  ];
  p.combat.afflictions = {
    ...(l.poison === undefined ? {} : { poison: shifted(l.poison, at) }),
    ...(l.weaken === undefined ? {} : { weaken: { ...l.weaken, until: at + l.weaken.until } }),
    ...(l.slow === undefined ? {} : { slow: { ...l.slow, until: at + l.slow.until } }),
  };
  if (l.health !== undefined) p.health = Math.max(1, Math.floor(l.health * p.maxHealth));
  if (l.mana !== undefined) p.mana = Math.floor(l.mana * p.maxMana);
  for (const [skill, short] of [
    [combatStyle(p), l.xpShort?.style],
    ["health", l.xpShort?.health],
    ["intellect", l.xpShort?.intellect],
  ] as const) {
    const level = p.skills[skill].level;
    if (short !== undefined && level < 99) p.skills[skill] = { level, xp: xpForLevel(level + 1) - short };
  }
  p.currentAction.nextHitAt = after(l.nextHitAt) ?? null;
  p.combat.nextRegenAt = after(l.nextRegenAt) ?? null;
  return p;
}

function shifted<T extends { until: number; nextTickAt: number }>(x: T, at: number): T {
  return { ...x, until: at + x.until, nextTickAt: at + x.nextTickAt };
}
