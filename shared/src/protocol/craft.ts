import { z } from "zod";
import { CraftSkillSchema } from "../data/skills.ts";
import { ItemIdParam, Quantity } from "./common.ts";
import { CraftSlotSchema, InventoryEntrySchema } from "./player.ts";

/**
 * Crafting calls (spec mechanics §7). slotId is the 0-based index into the skill's slot list
 * (`smithingSlots[slotId]`); messages show it to players as slot slotId + 1.
 */
export const SlotIdSchema = z.number().int().min(0).max(3);

export const CraftBodySchema = z.object({
  craftingSkill: CraftSkillSchema,
  itemId: ItemIdParam,
  slotId: SlotIdSchema,
  quantity: Quantity.default(1),
});
export type CraftBody = z.input<typeof CraftBodySchema>;
/** A craft body after parsing (quantity defaulted). */
export type CraftOrderBody = z.output<typeof CraftBodySchema>;

export const CraftAnswerSchema = z.object({
  error: z.string().optional(),
  code: z.string().optional(),
  inventory: z.array(InventoryEntrySchema),
  /** crafts still to do in the slot */
  remaining: z.number().int().min(0),
  /** server time of this answer; the slot's timer runs from its startTime */
  lastUpdate: z.number(),
  /** the skill's slots after the call */
  slots: z.array(CraftSlotSchema),
});
export type CraftAnswer = z.infer<typeof CraftAnswerSchema>;

/** POST /api/user/cancel-craft: `skill` (or `craftingSkill`, as the bulk variant names it) and the slot. */
export const CancelCraftBodySchema = z
  .object({
    skill: CraftSkillSchema.optional(),
    craftingSkill: CraftSkillSchema.optional(),
    slotId: SlotIdSchema,
  })
  .refine((b) => b.skill !== undefined || b.craftingSkill !== undefined, {
    message: "skill (or craftingSkill) is required",
  });
export type CancelCraftBody = z.infer<typeof CancelCraftBodySchema>;

export const CancelCraftAnswerSchema = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  code: z.string().optional(),
  updatedSlotId: SlotIdSchema,
  inventory: z.array(InventoryEntrySchema),
  slots: z.array(CraftSlotSchema),
});
export type CancelCraftAnswer = z.infer<typeof CancelCraftAnswerSchema>;

/** POST /api/user/cancel-craft-bulk: cancel these slots (every running slot when slotIds is omitted). */
export const CancelCraftBulkBodySchema = z.object({
  craftingSkill: CraftSkillSchema,
  slotIds: z.array(SlotIdSchema).max(4).optional(),
});
export type CancelCraftBulkBody = z.infer<typeof CancelCraftBulkBodySchema>;

export const CancelCraftBulkAnswerSchema = z.object({
  success: z.boolean(),
  results: z.array(
    z.object({ updatedSlotId: SlotIdSchema, success: z.boolean(), error: z.string().optional() }),
  ),
  inventory: z.array(InventoryEntrySchema),
  slots: z.array(CraftSlotSchema),
});
export type CancelCraftBulkAnswer = z.infer<typeof CancelCraftBulkAnswerSchema>;
