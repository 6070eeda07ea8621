import { z } from "zod";
import { PlayerViewSchema } from "./player.ts";
import { QuestBoardSchema } from "./quests.ts";

/** GET /api/quests (and every quest intent's answer): the board and what it costs to reroll today. */
export const QuestBoardAnswerSchema = z.object({
  unlocked: z.boolean(),
  board: QuestBoardSchema,
  rerollCost: z.number().int().min(0),
  rerollsLeft: z.number().int().min(0),
  /** when the next dailies are drawn (epoch ms) */
  nextDayAt: z.number(),
  /** the player's view (gold, RP and xp after a claim) */
  user: PlayerViewSchema,
});
export type QuestBoardAnswer = z.infer<typeof QuestBoardAnswerSchema>;
