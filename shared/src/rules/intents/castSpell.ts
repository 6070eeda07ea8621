import type { Player } from "../../protocol/player.ts";
import { CombatSim } from "../simulation/combat/CombatSim.ts";
import type { SpellBlock } from "../simulation/combat/simSpells.ts";
import { castUnchecked, spellBlocked, spellById } from "../simulation/combat/simSpells.ts";
import { writeBackCombat } from "../simulation/combat/writeBackCombat.ts";
import { clonePlayer } from "../state/clonePlayer.ts";
import { EventSink } from "../state/EventSink.ts";
import type { GameEvent } from "../state/events.ts";
import type { Rejection, RuleResult } from "../state/result.ts";
import { reject } from "../state/result.ts";
import { Rng } from "../state/rng.ts";

export const SPELL_CODES = {
  unknown: "spell/unknown",
  intellect: "spell/no_intellect",
  dead: "spell/dead",
  cooldown: "spell/cooldown",
  mana: "spell/not_enough_mana",
  fullHealth: "spell/full_health",
  noTarget: "spell/no_target",
} as const;
export type SpellCode = (typeof SPELL_CODES)[keyof typeof SPELL_CODES];

export type CastResult = RuleResult<Player, GameEvent, SpellCode>;

/** Why a cast of `spellId` cannot go off, as the rule's rejection. */
export function spellRejection(block: SpellBlock, spellId: string): Rejection<SpellCode> {
  const { code, message } = rejectionText(block, spellById(spellId)?.name ?? spellId);
  return reject(code, message);
}

/** The rejection of each reason a spell cannot go off: the spec's texts (mechanics §8), ours where it has none. */
function rejectionText(block: SpellBlock, spellName: string): { code: SpellCode; message: string } {
  switch (block) {
    case "unknown":
      return { code: SPELL_CODES.unknown, message: `Unknown spell: ${spellName}` };
    case "intellect":
      return {
        code: SPELL_CODES.intellect,
        message: `❌ You fail to cast ${spellName}, try learning Intellect !`,
      };
    case "mana":
      return { code: SPELL_CODES.mana, message: `❌ Not enough Mana for ${spellName}` };
    case "dead":
      return { code: SPELL_CODES.dead, message: "You died! Wait 10 seconds before fighting again." };
    case "cooldown":
      return { code: SPELL_CODES.cooldown, message: `${spellName} is not ready yet` };
    case "full_health":
      return { code: SPELL_CODES.fullHealth, message: `${spellName} skipped: you are at full health` };
    case "no_target":
      return { code: SPELL_CODES.noTarget, message: `${spellName} has no target` };
  }
}

/**
 * Casts a spell at `now` (the server settles the player to `now` first). Checks in order: the spell
 * exists, the intellect flag, alive, cooldown, mana ≥ cost, then a heal needs missing health and a damage
 * spell a live first monster (so a damage spell needs a fight). On success: mana spent (its intellect xp
 * granted), the cooldown set, the heal or the hits on up to `targets` monsters (× 1.5 on a counter,
 * shown as a crit), kills handled as in the fight; `spellCast` events carry the spec's success texts.
 */
export function castSpell(player: Player, spellId: string, now: number): CastResult {
  const draft = clonePlayer(player);
  const rng = new Rng(draft.rng);
  const sink = new EventSink(now, now);
  const sim = new CombatSim(draft, now, rng, sink);
  const block = spellBlocked(sim, spellId, now);
  if (block) return spellRejection(block, spellId);
  castUnchecked(sim, spellId, now, true);
  writeBackCombat(sim);
  draft.rng = rng.state();
  return { ok: true, state: draft, events: sink.events };
}
