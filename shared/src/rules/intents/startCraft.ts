import type { CraftSkill } from "../../data/skills.ts";
import type { CraftSlot, Player } from "../../protocol/player.ts";
import { itemName, removeItemsInPlace } from "../state/addItems.ts";
import { clonePlayer } from "../state/clonePlayer.ts";
import {
  missingMaterial,
  recipeOf,
  roomForOutput,
  slotLabel,
  slotsKey,
  unlockedSlots,
} from "../state/craftSlots.ts";
import type { GameEvent } from "../state/events.ts";
import type { RuleResult } from "../state/result.ts";
import { reject } from "../state/result.ts";
import { cancelOtherCraftSkillsInPlace } from "./cancelCraft.ts";
import { CRAFT_CODES, type CraftCode } from "./craftCodes.ts";

export interface StartCraftInput {
  craftingSkill: CraftSkill;
  itemId: number;
  /** 0–3 (Slot 1–4) */
  slotId: number;
  quantity: number;
}

/**
 * Starts crafting `quantity` of an item in a slot, at `now` (the player settled to `now` first). The recipe's
 * level is required ('{skill} level {n} required'), the materials of one craft ('not enough of {item}') and
 * room for its output ('inventory full'). The first craft's materials are taken now; each next craft takes
 * its own when it starts. Crafting becomes the current action, and the other crafting skills' active slots
 * are cancelled ('Auto-cancelled …').
 */
export function startCraft(
  player: Player,
  input: StartCraftInput,
  now: number,
): RuleResult<Player, GameEvent, CraftCode> {
  const { craftingSkill: skill, itemId, slotId, quantity } = input;
  if (!Number.isInteger(quantity) || quantity < 1)
    return reject(CRAFT_CODES.badQuantity, "quantity must be at least 1");
  const found = recipeOf(itemId);
  if (!found || found.recipe.skill !== skill)
    return reject(CRAFT_CODES.unknownRecipe, `Unknown ${skill} recipe: ${itemId}`);
  const { recipe, item } = found;
  const open = unlockedSlots(player, skill);
  if (open === 0) return reject(CRAFT_CODES.locked, `Unlock ${skill} first`);
  if (!Number.isInteger(slotId) || slotId < 0 || slotId >= open) {
    return reject(CRAFT_CODES.slotLocked, `Slot ${slotLabel(slotId)} is locked`);
  }
  const slot = player[slotsKey(skill)][slotId];
  if (slot && slot.currentItem !== null)
    return reject(CRAFT_CODES.slotBusy, `Slot ${slotLabel(slotId)} is busy`);
  if (player.skills[skill].level < recipe.level) {
    return reject(CRAFT_CODES.levelRequired, `${skill} level ${recipe.level} required`);
  }
  const missing = missingMaterial(player, recipe);
  if (missing !== null) return reject(CRAFT_CODES.notEnoughMaterials, `not enough of ${itemName(missing)}`);

  const draft = clonePlayer(player);
  for (const [id, qty] of Object.entries(recipe.inputs)) removeItemsInPlace(draft, Number(id), qty);
  if (!roomForOutput(draft, recipe, item)) return reject(CRAFT_CODES.inventoryFull, "inventory full");
  const events: GameEvent[] = cancelOtherCraftSkillsInPlace(draft, skill, now);
  const slots = draft[slotsKey(skill)];
  while (slots.length <= slotId) slots.push({ currentItem: null, startTime: now, remaining: 0 });
  const started: CraftSlot = { currentItem: itemId, startTime: now, remaining: quantity, total: quantity };
  slots[slotId] = started;
  if (draft.currentAction.skill !== skill) {
    draft.currentAction = {
      skill,
      location: skill,
      lastUpdate: now,
      nodeId: null,
      nodeHp: 0,
      nodeMaxHp: 0,
      nextHitAt: null,
    };
  }
  events.push({ type: "craftProgress", at: now, skill, slotId, itemId, remaining: quantity, startTime: now });
  return { ok: true, state: draft, events };
}
