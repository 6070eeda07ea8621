import { describe, expect, it } from "vitest";
import { refused } from "../../../../testing/matchers.ts";
import {
  WEEK_EPOCH_MS,
  WEEK_MS,
  WEEKLY_GOAL_PER_GARDENER,
  WEEKLY_GOAL_THRESHOLD,
} from "../../../data/quests.ts";
import type { AdvanceSummary } from "../../state/EventSink.ts";
import { newPlayer } from "../../state/newPlayer.ts";
import { totalLevel } from "../../state/totalLevel.ts";
import { xpForLevel } from "../../state/xpForLevel.ts";
import {
  grantWeeklyReward,
  shareEarnsReward,
  WEEKLY_CODES,
  weeklyContribution,
  weeklyGoal,
  weeklyRewardFor,
  weeklyTarget,
  weekOf,
  weekStart,
} from "./weeklyGoal.ts";

const gardener = (level: number) => {
  const p = newPlayer({ discordId: `g${level}`, username: "g", now: 0, seed: 1 });
  p.skills.mining = { level, xp: xpForLevel(level) };
  return p;
};

describe("the garden's weekly goal", () => {
  it("asks for a share per gardener of the week before, one gardener's at least", () => {
    expect(weeklyTarget(0)).toBe(WEEKLY_GOAL_PER_GARDENER);
    expect(weeklyTarget(3)).toBe(3 * WEEKLY_GOAL_PER_GARDENER);
    expect(weeklyTarget(30_000)).toBe(30_000 * WEEKLY_GOAL_PER_GARDENER);
    // three friends who each gather their share meet it, as thirty thousand do
    for (const n of [3, 30_000]) {
      const met = weeklyGoal(10, n * WEEKLY_GOAL_PER_GARDENER, n, n);
      expect(met.total).toBeGreaterThanOrEqual(met.target);
      expect(met.reward).toEqual({ gold: 50, rp: 2 });
    }
    const missed = weeklyGoal(10, 5_999, 3, 3).reward;
    expect(missed.gold).toBeCloseTo(50 / 3, 9);
    expect(missed.rp).toBeCloseTo(2 / 3, 9);
  });

  it("pays a day's play: the per-level reward times the player's total level, once, past the threshold", () => {
    const goal = weeklyGoal(10, 10_000, 3, 3);
    const p = gardener(60);
    const level = totalLevel(p);
    expect(weeklyRewardFor(goal, p).reward).toEqual({ gold: 50 * level, rp: 2 * level });
    const paid = grantWeeklyReward(p, goal, 600, goal.endsAt);
    if (!paid.ok) throw new Error(paid.message);
    expect(paid.state.gold).toBe(p.gold + 50 * level);
    expect(paid.state.lab.rp).toBe(p.lab.rp + 2 * level);
    expect(grantWeeklyReward(paid.state, goal, 600, goal.endsAt)).toMatchObject({
      code: WEEKLY_CODES.alreadyClaimed,
    });
    expect(grantWeeklyReward(p, goal, 499, goal.endsAt)).toMatchObject({ code: WEEKLY_CODES.belowThreshold });
    expect(grantWeeklyReward(p, goal, 600, goal.endsAt - 1)).toMatchObject({ code: WEEKLY_CODES.notClosed });
    // a newcomer and a veteran of the same garden each get their own day's worth
    expect(weeklyRewardFor(goal, gardener(90)).reward.gold).toBeGreaterThan(
      weeklyRewardFor(goal, p).reward.gold,
    );
  });

  it("cuts weeks at Monday 00:00 UTC, the epoch's week being week 0", () => {
    expect(weekOf(WEEK_EPOCH_MS)).toBe(0);
    expect(weekOf(WEEK_EPOCH_MS - 1)).toBe(-1);
    expect(weekOf(WEEK_EPOCH_MS + WEEK_MS - 1)).toBe(0);
    expect(weekOf(WEEK_EPOCH_MS + 3 * WEEK_MS)).toBe(3);
    expect(weekStart(3)).toBe(WEEK_EPOCH_MS + 3 * WEEK_MS);
    const goal = weeklyGoal(3, 0, 0, 0);
    expect([goal.startsAt, goal.endsAt]).toEqual([weekStart(3), weekStart(4)]);
  });

  it("counts every resource gathered in a settle, and nothing without gathering", () => {
    expect(weeklyContribution({ gathering: null })).toBe(0);
    const gathering = { totalamount: 42 } as NonNullable<AdvanceSummary["gathering"]>;
    expect(weeklyContribution({ gathering })).toBe(42);
  });

  it("pays a share of exactly the threshold, counts its RP as earned, and says why it refuses", () => {
    const goal = weeklyGoal(10, 10_000, 3, 3);
    const p = gardener(60);
    const level = totalLevel(p);
    expect(shareEarnsReward(WEEKLY_GOAL_THRESHOLD)).toBe(true);
    expect(shareEarnsReward(WEEKLY_GOAL_THRESHOLD - 1)).toBe(false);
    const paid = grantWeeklyReward(p, goal, WEEKLY_GOAL_THRESHOLD, goal.endsAt);
    if (!paid.ok) throw new Error(paid.message);
    expect(paid.events).toEqual([]);
    expect(paid.state.quests.weeklyClaimed).toBe(10);
    expect(paid.state.lab.earnedRpLifetime).toBe(p.lab.earnedRpLifetime + 2 * level);
    expect(grantWeeklyReward(p, goal, 600, goal.endsAt - 1)).toEqual(refused(WEEKLY_CODES.notClosed));
    expect(grantWeeklyReward(paid.state, goal, 600, goal.endsAt)).toEqual(
      refused(WEEKLY_CODES.alreadyClaimed),
    );
    expect(grantWeeklyReward(p, goal, 1, goal.endsAt)).toEqual({
      ...refused(WEEKLY_CODES.belowThreshold),
      message: `Gather ${WEEKLY_GOAL_THRESHOLD} resources in a week to share the reward`,
    });
  });
});
