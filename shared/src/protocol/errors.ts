import { z } from "zod";

/**
 * Error codes every HTTP answer and socket acknowledgement may carry, namespaced like boardgame.io's
 * 'action/invalid_move'. Rule rejections pass their own code through (e.g. 'craft/not_enough_materials').
 */
export const ERROR_CODES = {
  invalidRequest: "request/invalid",
  malformedJson: "request/malformed_json",
  tooLarge: "request/too_large",
  unauthenticated: "auth/required",
  forbidden: "auth/forbidden",
  notFound: "request/not_found",
  unknownNode: "gather/unknown_node",
  unknownMonster: "combat/unknown_monster",
  unknownLocation: "action/unknown_location",
  unknownItem: "item/unknown",
  unknownSpell: "spell/unknown",
  unknownLabNode: "lab/unknown_node",
  unknownPanel: "panel/unknown",
  unknownOption: "panel/unknown_option",
  alreadyVoted: "panel/already_voted",
  notDismissible: "panel/not_dismissible",
  rejected: "rule/rejected",
  rateLimited: "request/rate_limited",
  conflict: "store/conflict",
  unavailable: "server/unavailable",
  internal: "server/internal",
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/**
 * The body of every 4xx/5xx answer: a human-readable error and, when known, a namespaced code.
 * - 400: the body did not parse (malformed JSON, wrong types, unknown ids such as a node, monster, lab node,
 *   location or recipe that does not exist); nothing changed.
 * - 401 no session, 403 not allowed (admin authoring), 404 unknown panel or player, 409 already voted,
 *   413 body over 16 kB, 429 too many writes.
 * - 422: a game rule said no (e.g. 'Cannot buy', 'not enough of …'): the intent's answer `ok: false`, with
 *   `code` (e.g. 'lab/cannot_buy') and `error` (the spec's text); nothing changed.
 */
export const ErrorBodySchema = z.object({
  error: z.string(),
  code: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/**
 * A refused socket event's acknowledgement: its code and, where the code alone does not say it, its data
 * (the fields that did not parse, the limit that was reached). No text: clients write the code in the
 * player's language.
 */
export const AckErrorSchema = z.object({
  ok: z.literal(false),
  code: z.string(),
  data: z.record(z.string(), z.union([z.number(), z.array(z.string())])).optional(),
});
export type AckError = z.infer<typeof AckErrorSchema>;
export type Ack<T extends object = Record<never, never>> = ({ ok: true } & T) | AckError;
