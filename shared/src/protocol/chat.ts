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
 * What a `logs` line stands for, so clients write it in the player's language (the `text` is the server's
 * English): a gathering drop, a monster's loot, a crafting update (crafted or stopped) or a skill reaching a
 * new level.
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
]);
export type LogEntry = z.infer<typeof LogEntrySchema>;

/** chatMessage from the server, and the replayed history. */
export const ChatMessageSchema = z.object({
  username: z.string(),
  text: z.string(),
  type: ChatTypeSchema,
  timestamp: z.number(),
  roomId: z.string().optional(),
  discordId: z.string().optional(),
  /** logs only: the structured line */
  log: LogEntrySchema.optional(),
});
export type ChatMessageOut = z.infer<typeof ChatMessageSchema>;
