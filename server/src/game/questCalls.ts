import {
  DAY_MS,
  dayOf,
  type Player,
  type QuestBoardAnswer,
  type QuestIdBody,
  questsUnlocked,
  rerollCost,
  rerollsLeft,
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
  return {
    current: c.current,
    share: c.share,
    previous:
      c.previous.contributors > 0
        ? { ...c.previous, share: c.previousShare, claimed: weeklyRewardTaken(player, c.previous.week) }
        : null,
  };
}

/** The counts once the player is settled (its own last gathering counted), flushed to the store. */
async function settledCounts(service: GameService, discordId: string) {
  await service.read(discordId, () => null);
  await service.weekly.flush(service.clock.now());
  return weeklyCounts(service, discordId);
}

/**
 * Grants the closed week's garden reward when it is due (past the threshold, not yet received), in the
 * player's own command, and answers the goal as the player then sees it: every contributor past the
 * threshold gets it without asking (DESIGN §11), at its first read after the close.
 */
function grantClosedWeek(
  service: GameService,
  discordId: string,
  counts: Awaited<ReturnType<typeof weeklyCounts>>,
): Promise<WeeklyGoalAnswer> {
  return service.command(discordId, (player, now) => {
    const granted = service.rules.grantWeeklyReward(player, counts.previous, counts.previousShare, now);
    if (!granted.ok) return { answer: weeklyAnswer(player, counts) };
    return { player: granted.state, events: granted.events, answer: weeklyAnswer(granted.state, counts) };
  });
}

/** The garden's weekly goal, the player's own gathering counted, with last week's reward granted if due. */
export async function weeklyGoalOf(service: GameService, discordId: string): Promise<WeeklyGoalAnswer> {
  return grantClosedWeek(service, discordId, await settledCounts(service, discordId));
}

/**
 * At the player's load: last week's reward if due, from the stored counts (written every second by the
 * service's flush), so the player gets it even without opening the goal.
 */
export async function grantWeeklyOnLoad(service: GameService, discordId: string): Promise<void> {
  await grantClosedWeek(service, discordId, await weeklyCounts(service, discordId));
}
