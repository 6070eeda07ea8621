import { z } from "zod";
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

/** chatMessage from the server, and the replayed history. */
export const ChatMessageSchema = z.object({
  username: z.string(),
  text: z.string(),
  type: ChatTypeSchema,
  timestamp: z.number(),
  roomId: z.string().optional(),
  discordId: z.string().optional(),
});
export type ChatMessageOut = z.infer<typeof ChatMessageSchema>;
