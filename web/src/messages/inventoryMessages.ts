import { INVENTORY_FULL_CODES, type InventoryFullCode, type PopupPayload } from "@pickle-garden/shared";

/** Each code of the rules' inventory limit (spec shell §8) and its text's i18n key in `shell`. */
const KEYS: Readonly<Record<InventoryFullCode, string>> = {
  "inventory/full_stack": "messages.inventoryFullStack",
  "inventory/no_space_to_stack": "messages.noSpaceToStack",
  "inventory/no_space_to_add": "messages.noSpaceToAdd",
};

const isInventoryFull = (code: string | undefined): code is InventoryFullCode =>
  (INVENTORY_FULL_CODES as readonly (string | undefined)[]).includes(code);

/**
 * The message-log text of an info popup saying items did not all fit: the rules chose which of the spec's
 * texts applies (its code); this only writes it, as an i18n key of `shell` with the item and the count
 * lost. Null for any other popup.
 */
export function inventoryFullMessage(
  p: Pick<PopupPayload, "code" | "itemId" | "value">,
): { key: string; item: number; n: number } | null {
  if (p.itemId === undefined || !isInventoryFull(p.code)) return null;
  return { key: KEYS[p.code], item: p.itemId, n: p.value ?? 0 };
}
