import { z } from "zod";
import { CharacterSchema, CombatStyleSchema, EquipmentSlotSchema } from "../data/skills.ts";
import { SPELL_IDS } from "../data/spells.ts";
import { displayText } from "./text.ts";

/** Intents the spec needs without naming a call (DESIGN §2), and the answer of every intent. */

/** POST /api/intents/equip: move inventory[inventoryIndex] into equipmentSlots[style][slot]. */
export const EquipBodySchema = z.object({
  style: CombatStyleSchema,
  slot: EquipmentSlotSchema,
  inventoryIndex: z.number().int().min(0).max(999),
});
export type EquipBody = z.infer<typeof EquipBodySchema>;

/** POST /api/intents/unequip: move equipmentSlots[style][slot] back into the inventory. */
export const UnequipBodySchema = z.object({ style: CombatStyleSchema, slot: EquipmentSlotSchema });
export type UnequipBody = z.infer<typeof UnequipBodySchema>;

/** POST /api/intents/activeCharacter */
export const ActiveCharacterBodySchema = z.object({ activeCharacter: CharacterSchema });
export type ActiveCharacterBody = z.infer<typeof ActiveCharacterBodySchema>;

/**
 * PATCH /api/user/username. The server trims it and strips control characters; a guest's empty name
 * becomes 'Guest Sprout' (spec §5), anyone else's is refused.
 */
/** Names are cut to this many characters (graphemes). */
export const USERNAME_MAX = 32;
/** PATCH /api/user/username: normalised (protocol/text); an empty result is the server's to answer. */
export const UsernameBodySchema = z.object({ username: displayText(USERNAME_MAX) });
export type UsernameBody = z.infer<typeof UsernameBodySchema>;
/** The name as the server kept it (trimmed; a guest's empty name becomes the default guest name). */
export const UsernameAnswerSchema = z.object({ username: z.string() });
export type UsernameAnswer = z.infer<typeof UsernameAnswerSchema>;

/** POST /api/intents/castSpell */
export const SpellIdSchema = z.enum(SPELL_IDS);
export const CastSpellBodySchema = z.object({ spellId: SpellIdSchema });
export type CastSpellBody = z.infer<typeof CastSpellBodySchema>;

/**
 * The answer of every intent (DESIGN §2): `ok`, and on a refusal (HTTP 422) the rule's `code` and the
 * server's words; an intent adds only what its caller alone needs (CastSpellAnswerSchema). The player's
 * new state goes once over the socket, to every tab.
 */
export const IntentAnswerSchema = z.object({
  ok: z.boolean(),
  code: z.string().optional(),
  error: z.string().optional(),
});
export type IntentAnswer = z.infer<typeof IntentAnswerSchema>;

/** POST /api/intents/castSpell: what the spell did, for the caster's line (health healed or damage dealt). */
export const CastSpellAnswerSchema = IntentAnswerSchema.extend({ amount: z.number().optional() });
export type CastSpellAnswer = z.infer<typeof CastSpellAnswerSchema>;

/**
 * POST /api/intents/sellItem (gold pouch bought) and POST /api/intents/discardItem: `quantity` units of
 * inventory[inventoryIndex]. Any number parses; the rule refuses a slot or quantity that is not one
 * (shared/src/rules/intents/sellItem.ts codes), so the answer names what was wrong.
 */
export const InventoryTakeBodySchema = z.object({
  inventoryIndex: z.number(),
  quantity: z.number(),
});
export type InventoryTakeBody = z.infer<typeof InventoryTakeBodySchema>;

/** POST /api/intents/sellAll: every plain stack of one item. */
export const SellAllBodySchema = z.object({ itemId: z.number().int() });
export type SellAllBody = z.infer<typeof SellAllBodySchema>;
