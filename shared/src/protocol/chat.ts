import { z } from "zod";
import { SkillIdSchema } from "../data/skills.ts";
import { displayText } from "./text.ts";

/** Chat (DESIGN §7): global, party and logs channels; the server keeps the last CHAT_HISTORY (data/constants) of each. */

export const CHAT_TEXT_MAX = 300;

export const ChatTypeSchema = z.enum(["global", "party", "logs"]);
export type ChatType = z.infer<typeof ChatTypeSchema>;

/** chatMessage from a client: username and timestamp are accepted for the spec's clients and replaced. */
export const ChatMessageInSchema = z.object({
  username: z.string().max(64).optional(),
  text: displayText(CHAT_TEXT_MAX).pipe(z.string().min(1, "empty message")),
  type: ChatTypeSchema.default("global"),
  timestamp: z.number().optional(),
  roomId: z.string().max(100).optional(),
});
export type ChatMessageIn = z.input<typeof ChatMessageInSchema>;

/**
 * What a `logs` line stands for, which clients write in the player's language: a gathering drop, a
 * monster's loot, a crafting update (crafted or stopped) or a skill reaching a new level.
 */
export const LogEntrySchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("drop"),
    skill: z.string(),
    itemId: z.number().int(),
    quantity: z.number().int(),
    lost: z.number().int(),
  }),
  z.object({
    kind: z.literal("loot"),
    monsterId: z.number().int(),
    itemId: z.number().int(),
    quantity: z.number().int(),
  }),
  z.object({
    kind: z.literal("craft"),
    skill: z.string(),
    slotId: z.number().int(),
    itemId: z.number().int().nullable(),
    remaining: z.number().int(),
    craft: z.enum(["crafted", "stopped"]),
    reason: z
      .enum(["finished", "materials", "no_space", "inventory_full", "cancelled", "switched"])
      .optional(),
    quantity: z.number().int().optional(),
    xp: z.number().optional(),
    next: z.string().optional(),
  }),
  z.object({
    kind: z.literal("level"),
    skill: SkillIdSchema,
    /** the level reached */
    level: z.number().int(),
  }),
  /** the action changed by itself: what the player does now (skill "none": resting) and why */
  z.object({
    kind: z.literal("action"),
    skill: z.string(),
    location: z.string(),
    why: z.enum(["crafting_done", "crafting_full", "crafting_materials", "locked", "unavailable"]),
    /** the skill of the action that ended (its page's log keeps the line) */
    from: z.string().optional(),
  }),
]);
export type LogEntry = z.infer<typeof LogEntrySchema>;

/** A party line the server writes: the line's player (discordId, username) joined or left the room. */
export const PartyNoticeSchema = z.enum(["joined", "left"]);
export type PartyNotice = z.infer<typeof PartyNoticeSchema>;

/**
 * chatMessage from the server, and the replayed history. A line is exactly one of: what a player wrote
 * (`text`), a logs line (`log`) or a party notice (`notice`); clients write the last two in the player's
 * language.
 */
export const ChatMessageSchema = z
  .object({
    username: z.string(),
    /** a player's own words */
    text: z.string().optional(),
    type: ChatTypeSchema,
    timestamp: z.number(),
    roomId: z.string().optional(),
    discordId: z.string().optional(),
    /** logs only: the structured line */
    log: LogEntrySchema.optional(),
    /** party only: a join or leave */
    notice: PartyNoticeSchema.optional(),
  })
  .refine((m) => [m.text, m.log, m.notice].filter((x) => x !== undefined).length === 1, {
    message: "a chat line is a text, a log or a notice",
  });
export type ChatMessageOut = z.infer<typeof ChatMessageSchema>;
