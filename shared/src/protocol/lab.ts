import { z } from "zod";
import { CharacterSchema } from "../data/skills.ts";
import { IdString } from "./common.ts";
import { InventoryEntrySchema, LabStateSchema, SpeedsSchema, TutorialSchema } from "./player.ts";

/** POST /api/lab/buy (spec mechanics §7). */
export const LabBuyBodySchema = z.object({ nodeId: IdString });
export type LabBuyBody = z.infer<typeof LabBuyBodySchema>;

/**
 * Answered on success and on a rule rejection alike (success false, error 'Cannot buy'…); 4xx for bad input.
 * It carries every part of the player a purchase changes (the lab, the flags and modifiers it recomputes,
 * the inventory it grows, the tutorial step it may complete, and the speeds the modifiers give), so the
 * client needs no get-user after it.
 */
export const LabBuyAnswerSchema = z
  .object({
    success: z.boolean(),
    error: z.string().optional(),
    code: z.string().optional(),
    lab: LabStateSchema,
    featureFlags: z.record(z.string(), z.boolean()),
    modifiers: z.record(z.string(), z.number()),
    updatedInventory: z.array(InventoryEntrySchema),
    activeCharacter: CharacterSchema,
    tutorial: TutorialSchema.nullable(),
  })
  .extend(SpeedsSchema.shape);
export type LabBuyAnswer = z.infer<typeof LabBuyAnswerSchema>;

/**
 * POST /api/lab/fund-research: `grants` research grants bought with gold, answered as an intent. Any number
 * parses; the rule refuses a count that is not 1 to MAX_GRANTS_PER_FUNDING (research/bad_quantity).
 */
export const FundResearchBodySchema = z.object({ grants: z.number() });
export type FundResearchBody = z.infer<typeof FundResearchBodySchema>;
