import type { ActionSkill, CraftSkill } from "../../data/skills.ts";
import { CRAFT_SKILLS } from "../../data/skills.ts";
import type { Player } from "../../protocol/player.ts";
import { itemName } from "../state/addItems.ts";
import { clonePlayer } from "../state/clonePlayer.ts";
import {
  activeSlotIds,
  restIfIdleInPlace,
  slotLabel,
  slotsKey,
  stopSlotInPlace,
} from "../state/craftSlots.ts";
import type { GameEvent } from "../state/events.ts";
import type { RuleResult } from "../state/result.ts";
import { reject } from "../state/result.ts";
import { CRAFT_CODES, type CraftCode } from "./craftCodes.ts";

/**
 * Cancels a slot: the item in progress gives its materials back and the slot goes idle
 * ('{item} {skill} in slot {n} cancelled → (none)'). With no slot left busy, the player goes home.
 */
export function cancelCraft(
  player: Player,
  input: { skill: CraftSkill; slotId: number },
  now: number,
): RuleResult<Player, GameEvent, CraftCode> {
  const slot = player[slotsKey(input.skill)][input.slotId];
  if (!slot || slot.currentItem === null)
    return reject(CRAFT_CODES.slotIdle, `Slot ${slotLabel(input.slotId)} is not crafting`);
  const draft = clonePlayer(player);
  const message = `${itemName(slot.currentItem)} ${input.skill} in slot ${slotLabel(input.slotId)} cancelled → (none)`;
  const events: GameEvent[] = [
    stopSlotInPlace(draft, input.skill, input.slotId, now, "cancelled", message, true),
  ];
  if (restIfIdleInPlace(draft, now)) {
    events.push({
      type: "actionChanged",
      at: now,
      skill: "none",
      location: "home",
      reason: "no slot is crafting",
      code: "crafting_cancelled",
      from: input.skill,
    });
  }
  return { ok: true, state: draft, events };
}

/**
 * On a switch to `next`, cancels every active slot of the crafting skills other than `next` (all of them when
 * `next` is not a crafting skill), with 'Auto-cancelled {remaining} {item} in {skill} Slot {n} (switching to {next})'.
 */
export function cancelOtherCraftSkillsInPlace(draft: Player, next: ActionSkill, now: number): GameEvent[] {
  const events: GameEvent[] = [];
  for (const skill of CRAFT_SKILLS) {
    if (skill === next) continue;
    for (const slotId of activeSlotIds(draft, skill)) {
      const slot = draft[slotsKey(skill)][slotId];
      if (!slot || slot.currentItem === null) continue;
      const message = `Auto-cancelled ${slot.remaining} ${itemName(slot.currentItem)} in ${skill} Slot ${slotLabel(slotId)} (switching to ${next})`;
      events.push({ ...stopSlotInPlace(draft, skill, slotId, now, "switched", message, true), next });
    }
  }
  return events;
}
