import { z } from "zod";
import { ActionSkillSchema, CraftSkillSchema } from "../data/skills.ts";
import { ItemQuantitySchema } from "./common.ts";
import { AdminPanelSchema, PanelCreateBodySchema, PanelIdSchema, PanelUpdateBodySchema } from "./panels.ts";
import { QuestSchema } from "./quests.ts";

/**
 * The bot's service API (DESIGN §10): the bot is a transport that reaches the server over HTTP under
 * /api/bot with `Authorization: Bearer <BOT_API_TOKEN>`, and a player's notification settings on the website.
 */

export const LanguageSchema = z.enum(["en", "fr"]);
export type NotifyLanguage = z.infer<typeof LanguageSchema>;

/** A Discord snowflake (the bot acts for Discord users only, never for guests). */
export const SnowflakeSchema = z.string().regex(/^\d{5,25}$/, "a Discord id: digits");

/** GET/PUT /api/user/notifications: welcome-back DMs for a player linked to Discord. */
export const NotificationSettingsSchema = z.object({
  summaries: z.boolean(),
  language: LanguageSchema,
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;
export const NotificationSettingsAnswerSchema = NotificationSettingsSchema.extend({
  /** false for a guest: DMs need a Discord account */
  linked: z.boolean(),
});
export type NotificationSettingsAnswer = z.infer<typeof NotificationSettingsAnswerSchema>;

/** The welcome-back DM's content, computed by the server when a linked player comes back. */
export const WelcomeBackSchema = z.object({
  discordId: SnowflakeSchema,
  username: z.string(),
  language: LanguageSchema,
  gameUrl: z.string(),
  awayMs: z.number().min(0),
  gathered: z.array(ItemQuantitySchema),
  crafted: z.array(ItemQuantitySchema),
  craftingSkill: CraftSkillSchema.nullable(),
  fought: z
    .object({ kills: z.number().int(), deaths: z.number().int(), loot: z.array(ItemQuantitySchema) })
    .nullable(),
  levels: z.array(z.object({ skill: z.string(), from: z.number().int(), to: z.number().int() })),
  xp: z.record(z.string(), z.number()),
  /** the part of `xp` the garden-supporter subscription added (0 or absent: no bonus line) */
  bonusXp: z.number().min(0).default(0),
  rp: z.number(),
  lostToFullInventory: z.number().int().min(0),
  craftStoppedForInventory: z.boolean(),
  /** the daily quests ready to claim when the player comes back */
  questsReady: z.array(QuestSchema).default([]),
});
export type WelcomeBack = z.infer<typeof WelcomeBackSchema>;

export const PanelMessageSchema = z.object({ channelId: SnowflakeSchema, messageId: SnowflakeSchema });
export type PanelMessageRef = z.infer<typeof PanelMessageSchema>;

/** A party boss beaten (docs/rooms.md "Party bosses"): the bot may announce it in the panel channel. */
export const BossKillSchema = z.object({
  bossId: z.string().max(40),
  /** the fighters who stayed to the end, as their party saw them */
  names: z.array(z.string().max(64)).max(25),
  at: z.number(),
});
export type BossKill = z.infer<typeof BossKillSchema>;

/** An outbox item as the bot receives it: a panel comes with its current state, counts and message. */
export const BotOutboxItemSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("panel"),
    id: z.string(),
    panelId: z.string(),
    panel: AdminPanelSchema.nullable(),
    votes: z.record(z.string(), z.number().int()),
    message: PanelMessageSchema.nullable(),
  }),
  z.object({ kind: z.literal("summary"), id: z.string(), summary: WelcomeBackSchema }),
  z.object({ kind: z.literal("boss"), id: z.string(), kill: BossKillSchema }),
]);
export type BotOutboxItem = z.infer<typeof BotOutboxItemSchema>;

/** POST /api/bot/outbox/claim */
export const BotClaimBodySchema = z.object({
  owner: z.string().min(1).max(64),
  limit: z.number().int().min(1).max(50).default(10),
  leaseMs: z.number().int().min(1000).max(600_000).default(60_000),
});
export const BotClaimAnswerSchema = z.object({ items: z.array(BotOutboxItemSchema) });
/** POST /api/bot/outbox/ack */
export const BotAckBodySchema = z.object({
  owner: z.string().min(1).max(64),
  id: z.string().min(1).max(64),
  /** the item was not delivered and never will be: why Discord refuses it */
  parked: z.string().min(1).max(500).optional(),
});
export const BotAckAnswerSchema = z.object({ ok: z.boolean() });

/** PUT /api/bot/panels/:id/message: where the panel was posted (later syncs edit that message) */
export const BotPanelMessageBodySchema = z.object({ message: PanelMessageSchema });

/** POST /api/bot/panels/:id/votes: a vote by button, for a Discord user */
export const BotVoteBodySchema = z.object({
  discordId: SnowflakeSchema,
  optionId: z.string().min(1).max(32),
});
const VotedOptionSchema = z.object({ id: z.string(), label: z.string() });
/** A button vote: recorded, or the option the user chose before (named, so the bot never reads a label back). */
export const BotVoteAnswerSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("recorded"), option: VotedOptionSchema }),
  z.object({ status: z.literal("already"), option: VotedOptionSchema }),
  z.object({ status: z.literal("closed") }),
]);
export type BotVoteAnswer = z.infer<typeof BotVoteAnswerSchema>;

/** /panel create|update|close through the bot (the bot checked Manage Server or ADMIN_DISCORD_IDS). */
export const BotPanelCreateBodySchema = PanelCreateBodySchema;
export const BotPanelUpdateBodySchema = PanelUpdateBodySchema;
export const BotPanelAnswerSchema = z.object({ panel: AdminPanelSchema });
export { PanelIdSchema as BotPanelIdSchema };

/** GET /api/bot/players/:discordId/status */
export const BotSkillStatusSchema = z.object({
  skill: z.string(),
  level: z.number().int(),
  xp: z.number(),
  /** xp still needed for the next level (0 at the cap) */
  toNext: z.number(),
});
export const BotStatusAnswerSchema = z.discriminatedUnion("found", [
  z.object({ found: z.literal(false) }),
  z.object({
    found: z.literal(true),
    username: z.string(),
    online: z.boolean(),
    activity: z.object({
      skill: ActionSkillSchema,
      location: z.string(),
      /** the crafted item or the gathering node's hp left, as a fraction 0..1 of the current cycle */
      progress: z.number().min(0).max(1).nullable(),
      /** estimated ms to the next level of the activity's skill at the current pace (null: no gain) */
      nextLevelInMs: z.number().min(0).nullable(),
      /** the skill gaining the most xp at this pace (a combat style when fighting), and its level */
      levelSkill: z.string().nullable(),
      skillLevel: z.number().int().nullable(),
    }),
    skills: z.array(BotSkillStatusSchema),
    rp: z.number(),
    summaries: z.boolean(),
  }),
]);
export type BotStatusAnswer = z.infer<typeof BotStatusAnswerSchema>;

/** PUT /api/bot/players/:discordId/summaries */
export const BotSummariesBodySchema = z.object({
  enabled: z.boolean(),
  /** the Discord client's language, when known (an interaction's locale) */
  language: LanguageSchema.optional(),
});
export const BotSummariesAnswerSchema = z.object({ summaries: z.boolean(), language: LanguageSchema });
