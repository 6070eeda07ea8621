import {
  WEEK_EPOCH_MS,
  WEEK_MS,
  WEEKLY_GOAL_PER_GARDENER,
  WEEKLY_GOAL_REWARD_PER_LEVEL,
  WEEKLY_GOAL_SHORT_FACTOR,
  WEEKLY_GOAL_THRESHOLD,
} from "../../../data/quests.ts";
import type { Player } from "../../../protocol/player.ts";
import type { WeeklyGoal } from "../../../protocol/quests.ts";
import { addGoldAndRpInPlace } from "../../intents/claimQuest.ts";
import { clonePlayer } from "../../state/clonePlayer.ts";
import type { AdvanceSummary } from "../../state/EventSink.ts";
import type { GameEvent } from "../../state/events.ts";
import type { RuleResult } from "../../state/result.ts";
import { reject } from "../../state/result.ts";
import { totalLevel } from "../../state/totalLevel.ts";

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

/** A week's target: WEEKLY_GOAL_PER_GARDENER for each gardener of the week before, at least one's. */
export function weeklyTarget(gardenersBefore: number): number {
  return WEEKLY_GOAL_PER_GARDENER * Math.max(1, gardenersBefore);
}

/**
 * A week's goal from its total and the week before's gardeners. Its reward is per level summed over every
 * skill (a day's play at any stage): the full rate when the target was met, a third otherwise;
 * `weeklyRewardFor` turns it into a player's amounts.
 */
export function weeklyGoal(
  week: number,
  total: number,
  contributors: number,
  gardenersBefore: number,
): WeeklyGoal {
  const target = weeklyTarget(gardenersBefore);
  const factor = total >= target ? 1 : WEEKLY_GOAL_SHORT_FACTOR;
  return {
    week,
    startsAt: weekStart(week),
    endsAt: weekStart(week + 1),
    target,
    total,
    contributors,
    threshold: WEEKLY_GOAL_THRESHOLD,
    reward: {
      gold: WEEKLY_GOAL_REWARD_PER_LEVEL.gold * factor,
      rp: WEEKLY_GOAL_REWARD_PER_LEVEL.rp * factor,
    },
  };
}

/** A goal with its reward in the player's amounts: the per-level rate × the player's total level. */
export function weeklyRewardFor<G extends WeeklyGoal>(goal: G, player: Pick<Player, "skills">): G {
  const level = totalLevel(player);
  return {
    ...goal,
    reward: { gold: Math.round(goal.reward.gold * level), rp: Math.round(goal.reward.rp * level) },
  };
}

/** Whether the player already received the reward of `week`. */
export const weeklyRewardTaken = (player: Player, week: number): boolean =>
  player.quests.weeklyClaimed >= week;

/** Whether a player's share of a week's gathering earns that week's reward. */
export const shareEarnsReward = (share: number): boolean => share >= WEEKLY_GOAL_THRESHOLD;

/**
 * The garden's reward of a closed week, given that week's goal (its per-level reward) and the player's share
 * (counted by the server across every player): granted once, past the threshold, at the player's first load
 * after the close, in the player's amounts (`weeklyRewardFor`).
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
  const { reward } = weeklyRewardFor(goal, player);
  addGoldAndRpInPlace(draft, reward.gold, reward.rp);
  return { ok: true, state: draft, events: [] };
}
