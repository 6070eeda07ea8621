import { ITEMS } from "../../data/items.ts";
import { RECIPES } from "../../data/recipes.ts";
import type { Item, Recipe } from "../../data/schemas.ts";
import type { CraftSkill } from "../../data/skills.ts";
import { isCraftSkill } from "../../data/skills.ts";
import type { CraftSlot, Player } from "../../protocol/player.ts";
import { addItemsInPlace, freeSlots, itemName, roomFor } from "./addItems.ts";
import { mayRollAffixes } from "./craftOutput.ts";
import type { CraftStopped, CraftStopReason } from "./events.ts";
import { CRAFT_SLOT_COUNT, restingAction } from "./newPlayer.ts";

export type SlotsKey = "smithingSlots" | "tanningSlots" | "tailoringSlots";

export function slotsKey(skill: CraftSkill): SlotsKey {
  return `${skill}Slots`;
}

/** Slots usable per crafting skill: the lab's `{skill}:slot:1..4` flags taken consecutively. */
export function unlockedSlots(player: Pick<Player, "featureFlags">, skill: CraftSkill): number {
  let n = 0;
  while (n < CRAFT_SLOT_COUNT && player.featureFlags[`${skill}:slot:${n + 1}`]) n++;
  return n;
}

export function unlockedSlotsAll(player: Pick<Player, "featureFlags">): Record<CraftSkill, number> {
  return {
    smithing: unlockedSlots(player, "smithing"),
    tanning: unlockedSlots(player, "tanning"),
    tailoring: unlockedSlots(player, "tailoring"),
  };
}

export function recipeOf(itemId: number): { recipe: Recipe; item: Item } | null {
  const recipe = RECIPES[itemId];
  const item = ITEMS[itemId];
  return recipe && item ? { recipe, item } : null;
}

/** The first input the player lacks for one craft, or null. */
export function missingMaterial(player: Pick<Player, "inventory">, recipe: Recipe): number | null {
  for (const [id, qty] of Object.entries(recipe.inputs)) {
    let have = 0;
    for (const e of player.inventory) if (e.id === Number(id)) have += e.stack;
    if (have < qty) return Number(id);
  }
  return null;
}

/** Room for one craft's output (a piece that may roll affixes needs a free slot of its own). */
export function roomForOutput(player: Player, recipe: Recipe, item: Item): boolean {
  if (mayRollAffixes(item)) return freeSlots(player) >= recipe.output;
  return roomFor(player, item.id) >= recipe.output;
}

/** Slot N as players read it (slotId 0 is Slot 1). */
export function slotLabel(slotId: number): number {
  return slotId + 1;
}

export function stopMessage(
  reason: CraftStopReason,
  skill: CraftSkill,
  slotId: number,
  itemId: number | null,
  detail = "",
): string {
  const n = slotLabel(slotId);
  const item = itemId === null ? "item" : itemName(itemId);
  switch (reason) {
    case "finished":
      return `Slot ${n} finished crafting all items.`;
    case "inventory_full":
      return `❌ Crafting ${item} in ${skill} slot ${n} cancelled: Inventory full.`;
    case "no_space":
      return `❌ Crafting ${item} in ${skill} slot ${n} cancelled: No space for next craft`;
    case "materials":
      return `❌ Crafting ${item} in ${skill} slot ${n} cancelled: ${detail}`;
    case "switched":
    case "cancelled":
      return detail;
  }
}

/**
 * Stops a slot on a draft: the item in progress gives its materials back (they were taken when it
 * started), the slot goes idle. Returns the craftStopped event.
 */
export function stopSlotInPlace(
  draft: Player,
  skill: CraftSkill,
  slotId: number,
  at: number,
  reason: CraftStopReason,
  message: string,
  refund: boolean,
): CraftStopped {
  const slot = draft[slotsKey(skill)][slotId] as CraftSlot;
  const itemId = slot.currentItem;
  const remaining = slot.remaining;
  if (refund && itemId !== null && remaining > 0) {
    const r = RECIPES[itemId];
    if (r)
      for (const [id, qty] of Object.entries(r.inputs))
        addItemsInPlace(draft, { id: Number(id), quantity: qty });
  }
  draft[slotsKey(skill)][slotId] = { currentItem: null, startTime: at, remaining: 0 };
  return {
    type: "craftStopped",
    at,
    skill,
    slotId,
    itemId,
    remaining: reason === "finished" ? 0 : remaining,
    reason,
    message,
  };
}

export function activeSlotIds(player: Pick<Player, SlotsKey>, skill: CraftSkill): number[] {
  const out: number[] = [];
  player[slotsKey(skill)].forEach((s, i) => {
    if (s.currentItem !== null) out.push(i);
  });
  return out;
}

/** Crafting stops and the player goes home once no slot of the crafting action holds an item. */
export function restIfIdleInPlace(draft: Player, at: number): boolean {
  const skill = draft.currentAction.skill;
  if (!isCraftSkill(skill) || activeSlotIds(draft, skill).length > 0) return false;
  draft.currentAction = restingAction(at);
  return true;
}
