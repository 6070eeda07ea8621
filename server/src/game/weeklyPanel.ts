import { WEEKLY_GOAL_REWARD_PER_LEVEL, weeklyGoal, weekOf } from "@pickle-garden/shared";
import type { Panel, Store, WeeklyTotals } from "../store/Store.ts";
import { queuePanelSync } from "./outbox.ts";

/**
 * The garden's weekly goal as a panel the bot posts in the panel channel and edits as it moves (its
 * outbox path: the edit spacing and the 30046 fallback), closed when the week ends. It is an announcement
 * the server writes itself; the website shows the goal on Home instead (activePanel skips these).
 */

export const WEEKLY_PANEL_PREFIX = "weekly-";
// chosen: the channel's message is brought up to date at most once a minute (the bot spaces its edits too)
export const WEEKLY_PANEL_EVERY_MS = 60_000;

const round1 = (n: number) => Math.round(n * 10) / 10;

export const weeklyPanelId = (week: number) => `${WEEKLY_PANEL_PREFIX}${week}`;

/**
 * The panel's text (English: the channel is shared), from a week's totals and the week before's (whose
 * gardeners size the target). The reward is per level, each player's in the game.
 */
export function weeklyPanel(
  week: number,
  totals: WeeklyTotals,
  before: WeeklyTotals,
  closed: boolean,
  createdAt: number,
): Panel {
  const goal = weeklyGoal(week, totals.total, totals.contributors, before.contributors);
  const pct = Math.min(100, Math.floor((goal.total / goal.target) * 100));
  const perLevel = (r: { gold: number; rp: number }) =>
    `${round1(r.gold)} gold and ${round1(r.rp)} RP per level summed over every skill`;
  const lines = [
    `${goal.total.toLocaleString("en-US")} / ${goal.target.toLocaleString("en-US")} resources gathered (${pct}%) by ${goal.contributors} gardeners (${before.contributors} last week).`,
    closed
      ? `The week is over. Everyone who gathered ${goal.threshold}+ gets ${perLevel(goal.reward)} at their next visit.`
      : `Ends <t:${Math.floor(goal.endsAt / 1000)}:R>. Gather ${goal.threshold}+ to share the reward, a day's play: ${perLevel(WEEKLY_GOAL_REWARD_PER_LEVEL)} (a third if the goal is missed).`,
  ];
  return {
    _id: weeklyPanelId(week),
    version: 1,
    type: "message",
    title: "The garden's weekly goal",
    body: lines.join("\n"),
    dismissible: true,
    options: [],
    active: !closed,
    createdAt,
  };
}

/**
 * Brings the weekly panels up to date at `now`: this week's (at most once every WEEKLY_PANEL_EVERY_MS, when
 * its count moved) and the last week's final state once it has ended. `last` remembers what was last looked at.
 */
export async function syncWeeklyPanels(
  store: Store,
  now: number,
  last: { week: number; total: number; at: number } | null,
): Promise<{ week: number; total: number; at: number } | null> {
  const week = weekOf(now);
  // after a restart nothing is remembered: the week before is checked (a panel left open is closed)
  const previous = last?.week ?? week - 1;
  if (previous < week) {
    const ended = await store.getPanel(weeklyPanelId(previous));
    if (ended?.active) {
      const [totals, before] = await Promise.all([
        store.weeklyTotals(previous),
        store.weeklyTotals(previous - 1),
      ]);
      await store.savePanel(weeklyPanel(previous, totals, before, true, ended.createdAt));
      await queuePanelSync(store, ended._id, now);
    }
  }
  if (last && last.week === week && now - last.at < WEEKLY_PANEL_EVERY_MS) return last;
  const totals = await store.weeklyTotals(week);
  // what was looked at, posted or not: the count is read again only once the spacing has passed
  const checked = { week, total: totals.total, at: now };
  if (totals.total === 0 || (last?.week === week && last.total === totals.total)) return checked;
  const existing = await store.getPanel(weeklyPanelId(week));
  const before = await store.weeklyTotals(week - 1);
  await store.savePanel(weeklyPanel(week, totals, before, false, existing?.createdAt ?? now));
  await queuePanelSync(store, weeklyPanelId(week), now);
  return checked;
}
