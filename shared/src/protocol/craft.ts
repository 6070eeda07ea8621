import { z } from "zod";
import { CraftSkillSchema } from "../data/skills.ts";
import { ItemIdParam, Quantity } from "./common.ts";

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

/** POST /api/intents/cancelAllCrafts: every busy slot of one crafting skill. */
export const CancelAllCraftsBodySchema = z.object({ craftingSkill: CraftSkillSchema });
export type CancelAllCraftsBody = z.infer<typeof CancelAllCraftsBodySchema>;
