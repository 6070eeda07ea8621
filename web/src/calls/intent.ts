import {
  type IntentAnswer,
  IntentAnswerSchema,
  type IntentInputOf,
  type IntentName,
} from "@pickle-garden/shared";
import type { z } from "zod";
import { http } from "../api/http.ts";
import { errorCodeOf } from "../messages/errorMessages.ts";

/** What an intent came to: its answer, or its refusal's code (errorMessages.ts's, NETWORK_ERROR unanswered). */
export type IntentOutcome<A extends IntentAnswer = IntentAnswer> =
  | (A & { ok: true })
  | { ok: false; code: string; error: unknown };

/**
 * One intent of shared's table (shared/src/intents): POST /api/intents/<name>. The answer is `{ ok }` and
 * what only this caller needs (`schema`, the entry's answer); the new state comes over the socket, to
 * every tab, and the player store takes it from there. A refusal (a 422, which http.ts throws) or a failed
 * call never throws here: the outcome names its code.
 */
export async function intent<
  N extends IntentName,
  S extends z.ZodType<IntentAnswer> = typeof IntentAnswerSchema,
>(name: N, input: IntentInputOf<N>, schema?: S): Promise<IntentOutcome<z.output<S>>> {
  try {
    const answer = await http.post(`/api/intents/${name}`, input, { schema: schema ?? IntentAnswerSchema });
    return { ...(answer as z.output<S>), ok: true };
  } catch (error) {
    return { ok: false, code: errorCodeOf(error), error };
  }
}
