import {
  DAY_MS,
  dayOf,
  type Player,
  type QuestBoardAnswer,
  questsUnlocked,
  rerollCost,
  rerollsLeft,
  shareEarnsReward,
  type WeeklyGoalAnswer,
  weeklyGoal,
  weeklyRewardFor,
  weeklyRewardTaken,
  weekOf,
} from "@pickle-garden/shared";
import type { GameService } from "./GameService.ts";

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

/** The goal of `week` from its totals and the week before's (whose gardeners size its target). */
async function goalOf(service: GameService, week: number) {
  const [totals, before] = await Promise.all([service.weekly.totals(week), service.weekly.totals(week - 1)]);
  return weeklyGoal(week, totals.total, totals.contributors, before.contributors);
}

/** This week's and last week's goals, with the player's shares. */
async function weeklyCounts(service: GameService, discordId: string) {
  const week = weekOf(service.clock.now());
  const [current, previous, share, previousShare] = await Promise.all([
    goalOf(service, week),
    goalOf(service, week - 1),
    service.weekly.share(week, discordId),
    service.weekly.share(week - 1, discordId),
  ]);
  return { current, share, previous, previousShare };
}

/**
 * GET /api/weekly-goal: the garden's goal, the player's own last gathering counted (settled, then flushed
 * to the store), and whether last week's reward was received. It grants nothing: the load does.
 */
export async function weeklyGoalOf(service: GameService, discordId: string): Promise<WeeklyGoalAnswer> {
  const player = await service.read(discordId, (p) => p);
  await service.weekly.flush(service.clock.now());
  const c = await weeklyCounts(service, discordId);
  return {
    current: weeklyRewardFor(c.current, player),
    share: c.share,
    previous:
      c.previous.contributors > 0
        ? {
            ...weeklyRewardFor(c.previous, player),
            share: c.previousShare,
            claimed: weeklyRewardTaken(player, c.previous.week),
          }
        : null,
  };
}

/**
 * At the player's load (sync-offline, whose command has just made the player live here): the closed week's
 * garden reward when it is due, in the player's own command, so every contributor past the threshold gets
 * it without asking (DESIGN §11). The live player says first whether it was already received, and the
 * share whether it is earned, so a load with nothing due reads at most the share and commands nothing.
 */
export async function grantWeeklyOnLoad(service: GameService, discordId: string): Promise<void> {
  const week = weekOf(service.clock.now()) - 1;
  const live = service.peekLive(discordId);
  if (!live || weeklyRewardTaken(live.stored.player, week)) return;
  const share = await service.weekly.share(week, discordId);
  if (!shareEarnsReward(share)) return;
  const goal = await goalOf(service, week);
  await service.command(discordId, (player, now) => {
    const granted = service.rules.grantWeeklyReward(player, goal, share, now);
    return granted.ok
      ? { player: granted.state, events: granted.events, answer: undefined }
      : { answer: undefined };
  });
}
