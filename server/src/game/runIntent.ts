import {
  INTENTS,
  type IntentAnswer,
  type IntentName,
  type Player,
  type RoomRule,
  withTutorial,
} from "@pickle-garden/shared";
import { GameError } from "./GameError.ts";
import type { GameService } from "./GameService.ts";
import type { IntentResult } from "./rules.ts";

/**
 * An intent of shared's table (shared/src/intents) run in the player's command: its rule on the player
 * settled to now, the tutorial after it when its entry says so. A rejection is a 422 with the rule's code;
 * a success answers `{ ok: true }` and the entry's reply, and the command publishes the new state once,
 * to every socket of the player.
 */
export function runIntent(
  service: GameService,
  name: IntentName,
  discordId: string,
  input: unknown,
): Promise<IntentAnswer> {
  const entry = INTENTS[name] as (typeof INTENTS)[IntentName];
  const rule = entry.rule as (player: Player, input: unknown, now: number) => IntentResult;
  const reply = ("reply" in entry ? entry.reply : undefined) as
    | ((before: Player, after: Player, input: unknown) => object)
    | undefined;
  const roomRule = ("roomRule" in entry ? entry.roomRule : undefined) as RoomRule<unknown> | undefined;
  return service.command(discordId, (player, now) => {
    const result =
      (roomRule ? service.inRoom(discordId, roomRule, input, now) : null) ??
      (entry.tutorial ? withTutorial(rule(player, input, now), now) : rule(player, input, now));
    if (!result.ok) throw GameError.rejected(result.code, result.message);
    return {
      player: result.state,
      events: result.events,
      answer: { ok: true, ...reply?.(player, result.state, input) },
    };
  });
}
