import type { Player } from "../../protocol/player.ts";
import type { RoomState } from "../../protocol/rooms.ts";
import { tutorialProgress } from "../intents/tutorial.ts";
import type { GameEvent } from "../state/events.ts";
import type { RuleResult } from "../state/result.ts";
import { type AdvanceResult, advance } from "./advance.ts";
import { payBossLoot } from "./boss/bossLoot.ts";
import { payPartyQuest } from "./quests/partyQuest.ts";
import { countBossQuests } from "./quests/questProgress.ts";
import { refreshQuests } from "./quests/rollQuests.ts";
import {
  type AdvanceRoomOptions,
  advanceRoom,
  type PlaceEvents,
  type RoomAdvanceResult,
} from "./room/advanceRoom.ts";
import { holdUntouched } from "./room/heldMembers.ts";
import { shiftTime } from "./shiftTime.ts";

/**
 * Settling a player: the simulation (advance, or advanceRoom for a room's members) with what follows every
 * span of it: the tutorial steps the new state proves, the daily quest board, and the offline cap.
 */

export interface SettleOptions {
  /**
   * The longest span simulated (the offline cap): the rest of a longer absence passes with nothing
   * happening, its timers moved forward (shiftTime). None: the whole span is simulated.
   */
  capMs?: number;
}

/**
 * A settle's result with the tutorial steps it completed (the first aphid killed, six resources…) and a new
 * day's quest board drawn.
 */
export function afterSettle(result: AdvanceResult, until: number): AdvanceResult {
  const boarded = refreshQuests(result.player, until);
  const progress = tutorialProgress(boarded, until, { kills: result.summary.combat?.kills ?? 0 });
  if (progress.events.length === 0)
    return boarded === result.player ? result : { ...result, player: boarded };
  return { ...result, events: [...result.events, ...progress.events], player: progress.player };
}

/** One player settled to `until`: advance (at most `capMs` of it), then the tutorial. */
export function settle(player: Player, until: number, options: SettleOptions = {}): AdvanceResult {
  const simulated = options.capMs === undefined ? until : Math.min(until, player.settledAt + options.capMs);
  const result = advance(player, simulated);
  if (simulated < until) result.player = shiftTime(result.player, until - simulated);
  return afterSettle(result, until);
}

/** A room rule's members as settle results (tutorial included), in the order of `players`. */
export function settledMembers(r: RoomAdvanceResult, until: number): AdvanceResult[] {
  return r.members.map((player, i) =>
    afterSettle({ player, events: r.events[i]!, summary: r.summaries[i]! }, until),
  );
}

/**
 * A room's members settled together to `until` (advanceRoom), a party quest met in the span paid to its
 * contributors and a boss won counted toward its fighters' boss quests and paid to them, then each one's tutorial and board; the shared places'
 * events and the members moved by their place alone beside the members' (advanceRoom). `holdBack`: the
 * members a span of their node left untouched keep their documents (holdUntouched).
 */
export function settleRoom(
  room: RoomState,
  players: readonly Player[],
  until: number,
  options: AdvanceRoomOptions = {},
): { room: RoomState; results: AdvanceResult[]; places: PlaceEvents[]; placeOnly: boolean[] } {
  const r = advanceRoom(room, players, until, options);
  const paid = payPartyQuest(r.room, r.members, until);
  const bossed = countBossQuests(paid.room, paid.members, until);
  const looted = payBossLoot(paid.room, bossed.members, until);
  const events = r.events.map((e, i) => {
    const more = [...paid.events[i]!, ...bossed.events[i]!, ...looted.events[i]!];
    return more.length > 0 ? [...e, ...more] : e;
  });
  const results = settledMembers({ ...r, members: looted.members, events }, until);
  // moved by its place alone still once the room's payments, the tutorial and the board have passed
  const placeOnly = r.placeOnly.map(
    (only, i) => only && results[i]!.player === r.members[i] && results[i]!.events.length === 0,
  );
  const state = holdUntouched(looted.room, players, r.members, r.untouched ?? [], results, placeOnly);
  return { room: state, results, places: r.places, placeOnly };
}

/**
 * The tutorial follows every change: a step an intent's new state proves (the path's unlock bought, the
 * first location, …) completes with the intent itself, rather than waiting for the client's complete-step.
 */
export function withTutorial<Code extends string>(
  result: RuleResult<Player, GameEvent, Code>,
  now: number,
): RuleResult<Player, GameEvent, Code> {
  if (!result.ok) return result;
  const progress = tutorialProgress(result.state, now);
  if (progress.events.length === 0) return result;
  return { ok: true, state: progress.player, events: [...result.events, ...progress.events] };
}
