import { z } from "zod";

/** Announcement and poll panels (spec shell §3 Panel, §4 Panels, §7). */

export const PanelIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, "panel id: 1-64 letters, digits, _ or -");
export const PanelOptionSchema = z.object({
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, "option id: 1-32 letters, digits, _ or -")
    // vote counts are keyed by option id: `__proto__` or `constructor` would be lost or misread
    .refine(
      (id) => !(id in Object.prototype),
      "option id: not a name every object has (__proto__, constructor…)",
    ),
  label: z.string().min(1).max(200),
});

/** Discord's limits on a message the bot posts (characters; an embed's total counts title, description, fields and footer). */
export const DISCORD_LIMITS = {
  embedTotal: 6000,
  title: 256,
  description: 4096,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  fields: 25,
  buttonLabel: 80,
  buttonsPerRow: 5,
  rows: 5,
} as const;

/**
 * chosen: room for the bot's own words beside an author's panel: each option's field value
 * ("1,234,567 votes · 100%", under 30) and the footer ("v123 · Vote with the buttons…", under 70);
 * bot/src/panelMessage.test.ts renders the largest panel accepted and measures it.
 */
export const PANEL_RENDER_RESERVE = { perOption: 40, footer: 100 } as const;

/** What an author writes in a panel (the rest of it, counts and footer, is the bot's). */
type PanelContent = {
  type: string;
  title: string;
  body: string;
  options: readonly { id: string; label: string }[];
};

/** A panel's embed length as the bot renders it (panelMessage), its own words counted at their reserve. */
export function panelEmbedLength(panel: PanelContent): number {
  const options = panel.type === "poll" ? panel.options : [];
  return (
    panel.title.length +
    panel.body.length +
    options.reduce((sum, o) => sum + o.label.length + PANEL_RENDER_RESERVE.perOption, 0) +
    PANEL_RENDER_RESERVE.footer
  );
}

/** What Discord would refuse in this panel as the bot renders it, or null (title, body and labels are bounded by the schema). */
export function panelDiscordProblem(panel: PanelContent): string | null {
  const length = panelEmbedLength(panel);
  if (length > DISCORD_LIMITS.embedTotal) {
    return `Discord shows a panel in one embed of at most ${DISCORD_LIMITS.embedTotal} characters; this one would be ${length} (title, body, options and the bot's ${PANEL_RENDER_RESERVE.perOption} per option and ${PANEL_RENDER_RESERVE.footer} for the footer): shorten it`;
  }
  if (new Set(panel.options.map((o) => o.id)).size !== panel.options.length) {
    return "option ids must differ: Discord refuses two buttons with the same id";
  }
  return null;
}

/** A panel as players see it. */
export const PanelSchema = z.object({
  _id: z.string(),
  version: z.number().int().min(1),
  type: z.enum(["message", "poll"]),
  title: z.string(),
  body: z.string(),
  dismissible: z.boolean(),
  options: z.array(PanelOptionSchema),
});
export type PanelView = z.infer<typeof PanelSchema>;

/** GET /api/panels/active: the newest active panel this player has not closed, with the vote counts. */
export const ActivePanelAnswerSchema = z.object({
  panel: PanelSchema.nullable(),
  votes: z.record(z.string(), z.number().int()),
  /** the player already closed (dismissed or voted on) this version */
  closed: z.boolean().optional(),
});
export type ActivePanelAnswer = z.infer<typeof ActivePanelAnswerSchema>;

/** POST /api/panels/:id/vote */
export const PanelVoteBodySchema = z.object({ optionId: z.string().min(1).max(32) });
export type PanelVoteBody = z.infer<typeof PanelVoteBodySchema>;
export const PanelVoteAnswerSchema = z.object({
  ok: z.literal(true),
  votes: z.record(z.string(), z.number().int()),
});
export type PanelVoteAnswer = z.infer<typeof PanelVoteAnswerSchema>;

/** POST /api/panels/:id/dismiss */
export const PanelDismissAnswerSchema = z.object({ ok: z.literal(true) });

/* ---- authoring: ADMIN_DISCORD_IDS over HTTP, or the admin CLI ---- */

const PanelFields = {
  type: z.enum(["message", "poll"]),
  title: z.string().min(1).max(200),
  body: z.string().max(4000),
  dismissible: z.boolean(),
  options: z.array(PanelOptionSchema).max(10),
  active: z.boolean(),
};

/** POST /api/admin/panels */
export const PanelCreateBodySchema = z
  .object({
    _id: PanelIdSchema.optional(),
    type: PanelFields.type,
    title: PanelFields.title,
    body: PanelFields.body.default(""),
    dismissible: PanelFields.dismissible.default(true),
    options: PanelFields.options.default([]),
    active: PanelFields.active.default(true),
  })
  .refine((p) => p.type !== "poll" || p.options.length >= 2, { message: "a poll needs at least 2 options" })
  .superRefine((p, ctx) => {
    const problem = panelDiscordProblem(p);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
export type PanelCreateBody = z.input<typeof PanelCreateBodySchema>;

/** PATCH /api/admin/panels/:id: changes bump the version, so players who closed it see it again. */
export const PanelUpdateBodySchema = z
  .object({
    type: PanelFields.type.optional(),
    title: PanelFields.title.optional(),
    body: PanelFields.body.optional(),
    dismissible: PanelFields.dismissible.optional(),
    options: PanelFields.options.optional(),
    active: PanelFields.active.optional(),
  })
  .refine((p) => Object.keys(p).length > 0, { message: "nothing to update" });
export type PanelUpdateBody = z.infer<typeof PanelUpdateBodySchema>;

export const AdminPanelSchema = PanelSchema.extend({ active: z.boolean(), createdAt: z.number() });
export const AdminPanelAnswerSchema = z.object({ panel: AdminPanelSchema });
/** A poll's counts per option, apart for linked (Discord) players and for guests (empty for messages). */
export const VotesByAccountSchema = z.object({
  linked: z.record(z.string(), z.number().int()),
  guests: z.record(z.string(), z.number().int()),
});
export const AdminPanelListItemSchema = AdminPanelSchema.extend({ votes: VotesByAccountSchema });
export const AdminPanelListAnswerSchema = z.object({ panels: z.array(AdminPanelListItemSchema) });
export type AdminPanelListAnswer = z.infer<typeof AdminPanelListAnswerSchema>;
