import { DEFAULT_INV_SIZE, MAX_GOLD_SLOTS, SLOT_PRICE_GOLD } from "../../data/constants.ts";
import type { Player } from "../../protocol/player.ts";
import { clonePlayer } from "../state/clonePlayer.ts";
import type { GameEvent } from "../state/events.ts";
import { padInventory } from "../state/inventoryCapacity.ts";
import type { RuleResult } from "../state/result.ts";
import { reject } from "../state/result.ts";
import { INVENTORY_CODES, type InventoryCode } from "./sellItem.ts";

/** Slots bought with gold so far: what inv_size holds above the default (the lab's slots are modifiers). */
export function goldSlotsBought(player: Pick<Player, "inv_size">): number {
  return Math.max(0, player.inv_size - DEFAULT_INV_SIZE);
}

/** Gold the next slot costs (100 × n² for the n-th), or null when every slot has been bought. */
export function inventorySlotPrice(player: Pick<Player, "inv_size">): number | null {
  const n = goldSlotsBought(player) + 1;
  return n > MAX_GOLD_SLOTS ? null : SLOT_PRICE_GOLD * n * n;
}

/** The intent "buy one more inventory slot" with gold, at the rising price (DESIGN §11's gold sink). */
export function buyInventorySlot(player: Player): RuleResult<Player, GameEvent, InventoryCode> {
  if (!player.featureFlags.goldPouch)
    return reject(INVENTORY_CODES.noGoldPouch, "Buy the gold pouch in the lab to spend gold");
  const price = inventorySlotPrice(player);
  if (price === null) return reject(INVENTORY_CODES.noMoreSlots, "Every slot has been bought");
  if (player.gold < price) return reject(INVENTORY_CODES.notEnoughGold, `The next slot costs ${price} gold`);
  const draft = clonePlayer(player);
  draft.gold -= price;
  draft.inv_size += 1;
  padInventory(draft);
  return { ok: true, state: draft, events: [] };
}
