import { ITEMS } from "../../data/items.ts";
import type { Character, CombatStyle, EquipmentSlot } from "../../data/skills.ts";
import { CHARACTER_STYLE } from "../../data/skills.ts";
import type { InventoryEntry, Player } from "../../protocol/player.ts";
import { EMPTY_SLOT_ID } from "../../protocol/player.ts";
import { addItemsInPlace } from "../state/addItems.ts";
import { clonePlayer } from "../state/clonePlayer.ts";
import type { GameEvent } from "../state/events.ts";
import type { RuleResult } from "../state/result.ts";
import { reject } from "../state/result.ts";

export const EQUIP_CODES = {
  noItem: "equip/no_item",
  notGear: "equip/not_gear",
  levelRequired: "equip/level_required",
  inventoryFull: "equip/inventory_full",
  emptySlot: "equip/empty_slot",
  locked: "equip/locked",
} as const;
export type EquipCode = (typeof EQUIP_CODES)[keyof typeof EQUIP_CODES];

type EquipResult = RuleResult<Player, GameEvent, EquipCode>;

/**
 * Equips one piece from inventory slot `inventoryIndex` into its class's loadout (the item's gear class and
 * equipment slot); the piece worn there before goes back to the inventory. Needs the class's skill at the
 * item's level (chosen: the spec gives gear levels but no rule; this is the natural one).
 */
export function equipItem(player: Player, inventoryIndex: number): EquipResult {
  const entry = player.inventory[inventoryIndex];
  if (!entry || entry.id === EMPTY_SLOT_ID || entry.stack <= 0)
    return reject(EQUIP_CODES.noItem, "No item in that slot");
  const item = ITEMS[entry.id];
  if (!item?.equipmentslot || !item.gearClass)
    return reject(EQUIP_CODES.notGear, "This item cannot be equipped");
  const style = item.gearClass;
  if (player.skills[style].level < item.level) {
    return reject(EQUIP_CODES.levelRequired, `${style} level ${item.level} required`);
  }
  const draft = clonePlayer(player);
  const from = draft.inventory[inventoryIndex] as InventoryEntry;
  const piece: InventoryEntry = { id: from.id, stack: 1 };
  if (from.level !== undefined) piece.level = from.level;
  if (from.affixes !== undefined) piece.affixes = from.affixes;
  if (from.stack > 1) from.stack -= 1;
  else draft.inventory[inventoryIndex] = { id: EMPTY_SLOT_ID, stack: 0 };
  const loadout = draft.equipmentSlots[style];
  const previous = loadout[item.equipmentslot];
  loadout[item.equipmentslot] = piece;
  if (previous) {
    const back = addItemsInPlace(draft, {
      id: previous.id,
      quantity: 1,
      affixes: previous.affixes,
      level: previous.level,
    });
    if (back.lost > 0) return reject(EQUIP_CODES.inventoryFull, "Inventory full");
  }
  return { ok: true, state: draft, events: [] };
}

/** Takes a piece off a class's loadout back into the inventory (refused when there is no room). */
export function unequipItem(player: Player, style: CombatStyle, slot: EquipmentSlot): EquipResult {
  const piece = player.equipmentSlots[style][slot];
  if (!piece) return reject(EQUIP_CODES.emptySlot, "Nothing equipped there");
  const draft = clonePlayer(player);
  draft.equipmentSlots[style][slot] = null;
  const back = addItemsInPlace(draft, {
    id: piece.id,
    quantity: 1,
    affixes: piece.affixes,
    level: piece.level,
  });
  if (back.lost > 0) return reject(EQUIP_CODES.inventoryFull, "Inventory full");
  return { ok: true, state: draft, events: [] };
}

/** Picks the character: seed always; archer, mage and warrior need their class unlocked (ranged, magic, melee flags). */
export function setActiveCharacter(player: Player, character: Character): EquipResult {
  const style = CHARACTER_STYLE[character];
  if (style && !player.featureFlags[style]) return reject(EQUIP_CODES.locked, `Unlock ${style} first`);
  if (player.activeCharacter === character) return { ok: true, state: player, events: [] };
  const draft = clonePlayer(player);
  draft.activeCharacter = character;
  return { ok: true, state: draft, events: [] };
}
