import type { z } from "zod";
import type { Player, RoomState } from "../protocol/index.ts";
import type { GameEvent, RoomAdvanceResult, RuleResult } from "../rules/index.ts";

/**
 * An intent's rule for a room member (castSpellInRoom): the room and its members settled to `now`, the one
 * acting at `member`; every member's new document and events, as advanceRoom answers.
 */
export type RoomRule<I = never> = (
  room: RoomState,
  members: readonly Player[],
  member: number,
  input: I,
  now: number,
) => RuleResult<RoomAdvanceResult, never>;

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
   * a room member's act on its room's shared place (the monsters its party fights): this rule runs in
   * the room, for every member it touches; the solo `rule` runs for anyone in no room
   */
  roomRule?: RoomRule<z.output<S>>;
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
