import type { Character, CombatStyle, EquipmentSlot } from "@pickle-garden/shared";
import { intent } from "./intent.ts";

/** Equipment and the active character, as intents (intent.ts). */
export const equip = (style: CombatStyle, slot: EquipmentSlot, inventoryIndex: number) =>
  intent("/api/user/equip", { style, slot, inventoryIndex });
export const unequip = (style: CombatStyle, slot: EquipmentSlot) =>
  intent("/api/user/unequip", { style, slot });
export const chooseCharacter = (activeCharacter: Character) =>
  intent("/api/user/active-character", { activeCharacter });
