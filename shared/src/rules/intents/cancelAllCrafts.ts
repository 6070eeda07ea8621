import type { CraftSkill } from "../../data/skills.ts";
import type { Player } from "../../protocol/player.ts";
import { activeSlotIds } from "../state/craftSlots.ts";
import type { GameEvent } from "../state/events.ts";
import type { RuleResult } from "../state/result.ts";
import { reject } from "../state/result.ts";
import { cancelCraft } from "./cancelCraft.ts";
import { CRAFT_CODES, type CraftCode } from "./craftCodes.ts";

/**
 * Cancels every busy slot of one crafting skill, as a cancel of each in slot order (their materials back,
 * then home when none is left busy); refused when none is crafting.
 */
export function cancelAllCrafts(
  player: Player,
  input: { skill: CraftSkill },
  now: number,
): RuleResult<Player, GameEvent, CraftCode> {
  const busy = activeSlotIds(player, input.skill);
  if (busy.length === 0) return reject(CRAFT_CODES.slotIdle, `No ${input.skill} slot is crafting`);
  let state = player;
  const events: GameEvent[] = [];
  for (const slotId of busy) {
    const done = cancelCraft(state, { skill: input.skill, slotId }, now);
    if (!done.ok) return done;
    state = done.state;
    events.push(...done.events);
  }
  return { ok: true, state, events };
}
