import fc from "fast-check";
import { LOCATION_IDS_BY_SKILL } from "../src/data/locations.ts";
import type { Character } from "../src/data/skills.ts";
import type { Player } from "../src/protocol/player.ts";
import { CombatSim } from "../src/rules/simulation/combat/CombatSim.ts";
import { writeBackCombat } from "../src/rules/simulation/combat/writeBackCombat.ts";
import { clonePlayer } from "../src/rules/state/clonePlayer.ts";
import { EventSink } from "../src/rules/state/EventSink.ts";
import { Rng } from "../src/rules/state/rng.ts";
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
