import type { Player } from "../../../protocol/player.ts";
import type { EventSink } from "../../state/EventSink.ts";
import type { Rng } from "../../state/rng.ts";
import { CombatSim } from "./CombatSim.ts";
import { regenerate } from "./regen.ts";
import { writeBackCombat } from "./writeBackCombat.ts";

/**
 * The combat seam of `advance` (DESIGN §3), called when `player.currentAction.skill === "combat"`.
 *
 * - `player` is a private draft owned by `advance`: it is mutated in place.
 * - Simulates (player.settledAt, until], event to event: player swings, gear spells, monster attacks,
 *   burn and bleed ticks, affix regeneration, death, the 10 s countdown and revival; never a fixed step.
 * - Draws every random number from `rng`; pushes detailed events to `sink` while it has room, and
 *   always fills `sink.summary.combat` and `sink.summary.lost`.
 * - With the quit flag set no fight runs: the player rests (out-of-combat regeneration).
 */
export function advanceCombat(player: Player, until: number, rng: Rng, sink: EventSink): void {
  if (player.combat.quit) {
    regenerate(player, player.settledAt, until, sink);
    return;
  }
  const sim = new CombatSim(player, player.settledAt, rng, sink);
  sim.run(until);
  writeBackCombat(sim);
}
