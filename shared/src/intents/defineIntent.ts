import type { z } from "zod";
import type { Player } from "../protocol/index.ts";
import type { GameEvent, RuleResult } from "../rules/index.ts";

/**
 * One intent of the table (intents.ts), as boardgame.io's moves or Colyseus's `onMessage(type, schema)`:
 * everything the server's HTTP routes, its socket path and its forwarding between nodes need to run it.
 */
export interface IntentEntry<S extends z.ZodType = z.ZodType, A extends object = object> {
  /** the input's zod schema (shared/src/protocol): a body or payload that fails it changes nothing */
  input: S;
  /** the shared rule: the player settled to `now`, the parsed input; a rejection is data with its code */
  rule: (player: Player, input: z.output<S>, now: number) => RuleResult<Player, GameEvent>;
  /** a success also completes the tutorial steps its new state proves (withTutorial) */
  tutorial: boolean;
  /**
   * a room member's acts on its room's shared place (the monsters its party fights): the room applies it
   * to every member it touches, the solo `rule` applies to anyone else
   */
  sharedPlace?: true;
  /** the answer's schema: IntentAnswerSchema's `{ ok, code }`, plus what only the caller needs */
  answer: z.ZodType;
  /** what only the caller needs beside `ok` (the state itself goes over the socket) */
  reply?: (before: Player, after: Player, input: z.output<S>) => A;
  /** the codes its rule rejects with (a 422 carrying one of them) */
  codes: readonly string[];
  /** the spec's own route for it (spec §7), served beside POST /api/intents/<name> */
  specRoute?: { method: "post" | "patch"; path: string };
}

/** An entry, its rule's input typed by its schema. */
export const defineIntent = <S extends z.ZodType, A extends object = object>(
  entry: IntentEntry<S, A>,
): IntentEntry<S, A> => entry;
