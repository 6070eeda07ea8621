/** The rejection codes of starting and cancelling a craft. */
export const CRAFT_CODES = {
  locked: "craft/locked",
  slotLocked: "craft/slot_locked",
  slotBusy: "craft/slot_busy",
  slotIdle: "craft/slot_idle",
  unknownRecipe: "craft/unknown_recipe",
  levelRequired: "craft/level_required",
  notEnoughMaterials: "craft/not_enough_materials",
  inventoryFull: "craft/inventory_full",
  badQuantity: "craft/bad_quantity",
} as const;
export type CraftCode = (typeof CRAFT_CODES)[keyof typeof CRAFT_CODES];
