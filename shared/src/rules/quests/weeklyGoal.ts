import {
  WEEK_EPOCH_MS,
  WEEK_MS,
  WEEKLY_GOAL_REWARD,
  WEEKLY_GOAL_SHORT_FACTOR,
  WEEKLY_GOAL_TARGET,
  WEEKLY_GOAL_THRESHOLD,
} from "../../data/quests.ts";
import type { Player } from "../../protocol/player.ts";
import type { WeeklyGoal } from "../../protocol/quests.ts";
import { clonePlayer } from "../clonePlayer.ts";
import type { AdvanceSummary } from "../EventSink.ts";
import type { GameEvent } from "../events.ts";
import type { RuleResult } from "../result.ts";
import { reject } from "../result.ts";
import { addGoldAndRpInPlace } from "./claimQuest.ts";

/** The garden's weekly goal (DESIGN §11): resources gathered by every player in a week from Monday 00:00 UTC. */

export const WEEKLY_CODES = {
  notClosed: "weekly/not_closed",
  belowThreshold: "weekly/below_threshold",
  alreadyClaimed: "weekly/already_claimed",
} as const;
export type WeeklyCode = (typeof WEEKLY_CODES)[keyof typeof WEEKLY_CODES];

export function weekOf(now: number): number {
  return Math.floor((now - WEEK_EPOCH_MS) / WEEK_MS);
}

export function weekStart(week: number): number {
  return WEEK_EPOCH_MS + week * WEEK_MS;
}

/** What one settle adds to the goal: every resource gathered, kept or lost. */
export function weeklyContribution(summary: Pick<AdvanceSummary, "gathering">): number {
  return summary.gathering?.totalamount ?? 0;
}

/** A week's goal from its total: the full reward when the target was met, a share of it otherwise. */
export function weeklyGoal(week: number, total: number, contributors: number): WeeklyGoal {
  const factor = total >= WEEKLY_GOAL_TARGET ? 1 : WEEKLY_GOAL_SHORT_FACTOR;
  return {
    week,
    startsAt: weekStart(week),
    endsAt: weekStart(week + 1),
    target: WEEKLY_GOAL_TARGET,
    total,
    contributors,
    threshold: WEEKLY_GOAL_THRESHOLD,
    reward: {
      gold: Math.round(WEEKLY_GOAL_REWARD.gold * factor),
      rp: Math.round(WEEKLY_GOAL_REWARD.rp * factor),
    },
  };
}

/** Whether the player already received the reward of `week`. */
export const weeklyRewardTaken = (player: Player, week: number): boolean =>
  player.quests.weeklyClaimed >= week;

/** Whether a player's share of a week's gathering earns that week's reward. */
export const shareEarnsReward = (share: number): boolean => share >= WEEKLY_GOAL_THRESHOLD;

/**
 * The garden's reward of a closed week, given that week's goal and the player's share (counted by the server
 * across every player): granted once, past the threshold, at the player's first load after the close.
 */
export function grantWeeklyReward(
  player: Player,
  goal: WeeklyGoal,
  share: number,
  now: number,
): RuleResult<Player, GameEvent, WeeklyCode> {
  if (now < goal.endsAt) return reject(WEEKLY_CODES.notClosed, "The week is not over yet");
  if (weeklyRewardTaken(player, goal.week)) return reject(WEEKLY_CODES.alreadyClaimed, "Already received");
  if (!shareEarnsReward(share))
    return reject(
      WEEKLY_CODES.belowThreshold,
      `Gather ${goal.threshold} resources in a week to share the reward`,
    );
  const draft = clonePlayer(player);
  draft.quests.weeklyClaimed = goal.week;
  addGoldAndRpInPlace(draft, goal.reward.gold, goal.reward.rp);
  return { ok: true, state: draft, events: [] };
}
