import { z } from "zod";
import { SkillIdSchema } from "../data/skills.ts";

/** Quests (DESIGN §11): the player's daily board, a room's party quest and the garden's weekly goal. */

export const QuestKindSchema = z.enum(["gather", "craft", "defeat", "boss"]);
export type QuestKind = z.infer<typeof QuestKindSchema>;

export const QuestRewardSchema = z.object({
  gold: z.number().int().min(0),
  rp: z.number().min(0),
  xp: z.number().int().min(0),
});
export type QuestReward = z.infer<typeof QuestRewardSchema>;

/**
 * One daily quest: gather `count` resources by a gathering skill, craft `count` of item `subject`,
 * defeat `count` of monster `subject` (at `location`), or win `count` fights with a party against the boss
 * of `location` (its combat area; `subject` null). `skill` is the skill its xp reward goes to.
 */
export const QuestSchema = z.object({
  id: z.string(),
  kind: QuestKindSchema,
  skill: SkillIdSchema,
  subject: z.number().int().nullable(),
  location: z.string().nullable(),
  count: z.number().int().positive(),
  progress: z.number().int().min(0),
  reward: QuestRewardSchema,
  claimed: z.boolean(),
});
export type Quest = z.infer<typeof QuestSchema>;

/** The player's board (a field of the player document). `day` counts UTC days since 1970; -1 before any draw. */
export const QuestBoardSchema = z.object({
  day: z.number().int(),
  daily: z.array(QuestSchema),
  /** the day the reroll was last used */
  rerollDay: z.number().int(),
  /** quests claimed, ever */
  claimedTotal: z.number().int().min(0),
  /** the last week whose garden reward the player took */
  weeklyClaimed: z.number().int(),
});
export type QuestBoard = z.infer<typeof QuestBoardSchema>;

/** A room's shared goal: break `count` nodes or defeat `count` monsters, with each member's share. */
export const PartyQuestSchema = z.object({
  kind: z.enum(["break", "defeat"]),
  /**
   * where it is sized and counted: a shared gathering node (`skill@location`) or a fight (its location);
   * absent on quests drawn before places were written, which are drawn again
   */
  place: z.string().optional(),
  /** the place's location, for its name */
  location: z.string().optional(),
  count: z.number().int().positive(),
  progress: z.number().int().min(0),
  contributors: z.record(z.string(), z.number().int().min(0)),
  reward: QuestRewardSchema.pick({ gold: true, rp: true }),
});
export type PartyQuest = z.infer<typeof PartyQuestSchema>;

/** POST /api/intents/claimQuest and /rerollQuest: one quest of the board by its id. */
export const QuestIdBodySchema = z.object({ questId: z.string().min(1).max(64) });
export type QuestIdBody = z.infer<typeof QuestIdBodySchema>;

/** The garden's weekly goal: every player's resources gathered this week, and the asking player's share. */
export const WeeklyGoalSchema = z.object({
  week: z.number().int(),
  startsAt: z.number(),
  endsAt: z.number(),
  target: z.number().int().positive(),
  total: z.number().int().min(0),
  contributors: z.number().int().min(0),
  threshold: z.number().int().min(0),
  /** per level summed over every skill in the rules; in the player's own amounts in the HTTP answer */
  reward: z.object({ gold: z.number().min(0), rp: z.number().min(0) }),
});
export type WeeklyGoal = z.infer<typeof WeeklyGoalSchema>;

/**
 * GET /api/weekly-goal: this week, and the week before with the player's share and whether its reward was
 * received (granted at the player's first load after the close when the share passed the threshold).
 */
export const WeeklyGoalAnswerSchema = z.object({
  current: WeeklyGoalSchema,
  share: z.number().int().min(0),
  previous: WeeklyGoalSchema.extend({
    share: z.number().int().min(0),
    claimed: z.boolean(),
  }).nullable(),
});
export type WeeklyGoalAnswer = z.infer<typeof WeeklyGoalAnswerSchema>;
