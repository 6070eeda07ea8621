import { z } from "zod";
import { IdString } from "./common.ts";

/** POST /api/lab/buy (spec mechanics §7). */
export const LabBuyBodySchema = z.object({ nodeId: IdString });
export type LabBuyBody = z.infer<typeof LabBuyBodySchema>;

/**
 * POST /api/intents/fundResearch: `grants` research grants bought with gold. Any number
 * parses; the rule refuses a count that is not 1 to MAX_GRANTS_PER_FUNDING (research/bad_quantity).
 */
export const FundResearchBodySchema = z.object({ grants: z.number() });
export type FundResearchBody = z.infer<typeof FundResearchBodySchema>;
