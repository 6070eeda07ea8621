import {
  DAY_MS,
  dayOf,
  type Player,
  type QuestBoardAnswer,
  type QuestIdBody,
  questsUnlocked,
  rerollCost,
  rerollsLeft,
  shareEarnsReward,
  type WeeklyGoalAnswer,
  weeklyGoal,
  weeklyRewardTaken,
  weekOf,
} from "@pickle-garden/shared";
import type { GameService } from "./GameService.ts";
import { ruleIntent } from "./intentCalls.ts";
import type { IntentResult } from "./rules.ts";

/** The quest board (DESIGN §11) and the garden's weekly goal, for the routes of http/questRoutes.ts. */

function boardAnswer(service: GameService, player: Player, now: number): QuestBoardAnswer {
  return {
    unlocked: questsUnlocked(player),
    board: player.quests,
    rerollCost: rerollCost(player),
    rerollsLeft: rerollsLeft(player, now),
    nextDayAt: (dayOf(now) + 1) * DAY_MS,
    user: service.rules.view(player),
  };
}

export function questBoard(service: GameService, discordId: string): Promise<QuestBoardAnswer> {
  return service.command(discordId, (player, now) => ({ answer: boardAnswer(service, player, now) }));
}

/** Applies a quest rule to the caller's own board (the session says whose) and answers with the board. */
function boardIntent(
  service: GameService,
  discordId: string,
  rule: (player: Player, now: number) => IntentResult,
): Promise<QuestBoardAnswer> {
  return ruleIntent(service, discordId, rule, (player, now) => boardAnswer(service, player, now));
}

export function claimQuest(service: GameService, discordId: string, body: QuestIdBody) {
  return boardIntent(service, discordId, (player, now) =>
    service.rules.claimQuest(player, body.questId, now),
  );
}

export function rerollQuest(service: GameService, discordId: string, body: QuestIdBody) {
  return boardIntent(service, discordId, (player, now) =>
    service.rules.rerollQuest(player, body.questId, now),
  );
}

/** This week's and last week's counts, with the player's shares (read before the player's command). */
async function weeklyCounts(service: GameService, discordId: string) {
  const week = weekOf(service.clock.now());
  const [current, previous, share, previousShare] = await Promise.all([
    service.weekly.totals(week),
    service.weekly.totals(week - 1),
    service.weekly.share(week, discordId),
    service.weekly.share(week - 1, discordId),
  ]);
  return {
    current: weeklyGoal(week, current.total, current.contributors),
    share,
    previous: weeklyGoal(week - 1, previous.total, previous.contributors),
    previousShare,
  };
}

function weeklyAnswer(player: Player, c: Awaited<ReturnType<typeof weeklyCounts>>): WeeklyGoalAnswer {
  const claimed = weeklyRewardTaken(player, c.previous.week);
  return {
    current: c.current,
    share: c.share,
    previous:
      c.previous.contributors > 0
        ? {
            ...c.previous,
            share: c.previousShare,
            claimed,
            claimable: !claimed && shareEarnsReward(c.previous, c.previousShare),
          }
        : null,
  };
}

/** The counts once the player is settled (its own last gathering counted), flushed to the store. */
async function settledCounts(service: GameService, discordId: string) {
  const player = await service.read(discordId, (p) => p);
  await service.weekly.flush(service.clock.now());
  return { player, counts: await weeklyCounts(service, discordId) };
}

export async function weeklyGoalOf(service: GameService, discordId: string): Promise<WeeklyGoalAnswer> {
  const { player, counts } = await settledCounts(service, discordId);
  return weeklyAnswer(player, counts);
}

/** Takes the garden's reward of the week that just closed (once, past its threshold). */
export async function claimWeekly(service: GameService, discordId: string): Promise<WeeklyGoalAnswer> {
  const { counts } = await settledCounts(service, discordId);
  return ruleIntent(
    service,
    discordId,
    (player, now) => service.rules.claimWeeklyReward(player, counts.previous, counts.previousShare, now),
    (player) => weeklyAnswer(player, counts),
  );
}
