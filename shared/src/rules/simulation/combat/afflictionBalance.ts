import { areaFighter } from "../../../../testing/fighters.ts";
import { gearItemId, SEED_TIERS } from "../../../data/itemIds.ts";
import { LOCATION_IDS_BY_SKILL } from "../../../data/locations.ts";
import { MONSTERS } from "../../../data/monsters.ts";
import type { AfflictionKind } from "../../../data/schemas.ts";
import type { Character } from "../../../data/skills.ts";
import type { Player } from "../../../protocol/player.ts";
import { deepClone } from "../../state/clonePlayer.ts";
import { advance } from "../advance.ts";
import { combatStyle } from "./combatStats.ts";

/**
 * The afflictions' part of docs/combat-balance.md (balanceTable.ts writes the page): each insect's affliction
 * from the monster table, and what the helmet's ward is worth in fixed-seed fights. A development tool.
 */

const HOUR = 3_600_000;
const CLASSES: readonly Character[] = ["warrior", "mage", "archer"];

/** One line per afflicting insect, from the monster table: its affliction whole, then halved by the ward. */
export function afflictionLines(): string {
  const what: Readonly<Record<AfflictionKind, (power: number, s: number) => string>> = {
    poison: (v, s) => `the fighter loses ${v} health a second (on whole-second ticks) for ${s} s`,
    weaken: (v, s) => `the fighter's swings deal ${v} % less for ${s} s`,
    slow: (v, s) => `the fighter's swings take ${v} % longer for ${s} s`,
    stun: (v) => `the fighter's next swing waits ${v} ms more (once per swing)`,
  };
  return Object.values(MONSTERS)
    .flatMap((m) => {
      const a = m.affliction;
      if (!a) return [];
      const s = a.durationMs / 1000;
      const full = what[a.kind](a.power, s);
      const half = what[a.kind](Math.floor(a.power / 2), s);
      return [`- **${m.name}** (${a.kind}): ${full}; with a tier-${a.tier} helmet or better, ${half}.`];
    })
    .join("\n");
}

/** The fighter with its helmet swapped for the one a tier down (no ward against the area's insect). */
function helmetShort(p: Player, tier: number): Player {
  const q = deepClone(p);
  const style = combatStyle(q);
  const head = q.equipmentSlots[style].head!;
  q.equipmentSlots[style].head = { ...head, id: gearItemId(style, tier - 1, "head") };
  return q;
}

/** Kills and deaths in the first hour at each area past level 40: the tier's set, then its helmet one tier short. */
export function wardMarkdown(seed = 1): string {
  const rows = LOCATION_IDS_BY_SKILL.combat.slice(SEED_TIERS).flatMap((location, i) => {
    const tier = SEED_TIERS + i + 1;
    return CLASSES.map((c) => {
      const p = areaFighter(location, seed, c);
      const own = advance(p, HOUR).summary.combat!;
      const short = advance(helmetShort(p, tier), HOUR).summary.combat!;
      return `| ${location} | ${c} | ${own.kills} | ${own.deaths} | ${short.kills} | ${short.deaths} |`;
    });
  });
  return [
    "| Location | Class | Kills/h, tier's set | Deaths/h | Kills/h, helmet one tier short | Deaths/h |",
    "|---|---|---:|---:|---:|---:|",
    ...rows,
  ].join("\n");
}
