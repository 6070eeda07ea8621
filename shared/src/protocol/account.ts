import { z } from "zod";

/**
 * Linking a guest to Discord on the website (docs/server-identity-and-storage.md, "Linking a guest to
 * Discord"): when both accounts have progress the player chooses which one the Discord id keeps.
 */

export const LinkKeepSchema = z.enum(["guest", "discord"]);
export type LinkKeep = z.infer<typeof LinkKeepSchema>;

/** One side of a conflicting link, as the choice shows it. */
export const LinkOptionSchema = z.object({
  keep: LinkKeepSchema,
  discordId: z.string(),
  username: z.string(),
  totalLevel: z.number(),
  gold: z.number(),
  rp: z.number(),
  createdAt: z.number(),
});
export type LinkOption = z.infer<typeof LinkOptionSchema>;

/** Both sides of a conflicting link: the guest's first, then the Discord account's. */
export const LinkConflictSchema = z.object({ conflict: z.literal(true), options: z.array(LinkOptionSchema) });
export type LinkConflict = z.infer<typeof LinkConflictSchema>;

/** GET /api/account/link: the choice waiting for the caller, or `{ pending: false }`. */
export const LinkAnswerSchema = z.union([LinkConflictSchema, z.object({ pending: z.literal(false) })]);
export type LinkAnswer = z.infer<typeof LinkAnswerSchema>;

/** POST /api/account/link: which progress a guest keeps when the Discord id already has a player. */
export const LinkChoiceBodySchema = z.object({ keep: LinkKeepSchema });
export type LinkChoiceBody = z.infer<typeof LinkChoiceBodySchema>;

/**
 * A link done, the answer of POST /api/account/link: `moved` when the guest's progress now lives under
 * the Discord id.
 */
export const LinkDoneSchema = z.object({
  linked: z.literal(true),
  discordId: z.string(),
  moved: z.boolean(),
});
export type LinkDone = z.infer<typeof LinkDoneSchema>;

/** What linking a guest on Discord's callback gives: done, or a conflict to choose from. */
export type LinkResult = LinkDone | LinkConflict;
