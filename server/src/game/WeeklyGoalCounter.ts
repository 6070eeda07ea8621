import { type AdvanceSummary, weeklyContribution, weekOf } from "@pickle-garden/shared";
import type { Store, WeeklyTotals } from "../store/Store.ts";
import { syncWeeklyPanels } from "./weeklyPanel.ts";

/**
 * The garden's weekly goal, counted from every settle of every player (DESIGN §11): units wait here and
 * are written behind with the players (GameService's flush, once a second and on shutdown), added by the
 * store atomically, so several server nodes and a restart keep one count. A failed write keeps its units
 * for the next flush. Reads add what is still waiting, so a player sees its own last gather at once.
 */
export class WeeklyGoalCounter {
  private pending = new Map<number, Map<string, number>>();
  private posted: Awaited<ReturnType<typeof syncWeeklyPanels>> = null;

  constructor(private readonly store: Store) {}

  /** A settle's contribution, in the week its span ended. */
  count(discordId: string, summary: Pick<AdvanceSummary, "gathering" | "until">): void {
    const units = weeklyContribution(summary);
    if (units > 0) this.keep(weekOf(summary.until), discordId, units);
  }

  /** Writes the waiting units, then brings the bot's weekly panel up to date at `now`. */
  async flush(now: number): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    for (const [week, byPlayer] of batch) {
      try {
        await this.store.addWeeklyContributions(week, Object.fromEntries(byPlayer));
      } catch (err) {
        for (const [id, units] of byPlayer) this.keep(week, id, units);
        throw err;
      }
    }
    this.posted = await syncWeeklyPanels(this.store, now, this.posted);
  }

  private keep(week: number, discordId: string, units: number): void {
    const byPlayer = this.pending.get(week) ?? new Map<string, number>();
    this.pending.set(week, byPlayer);
    byPlayer.set(discordId, (byPlayer.get(discordId) ?? 0) + units);
  }

  async totals(week: number): Promise<WeeklyTotals> {
    const stored = await this.store.weeklyTotals(week);
    const waiting = this.pending.get(week);
    if (!waiting) return stored;
    let total = stored.total;
    let contributors = stored.contributors;
    for (const [id, units] of waiting) {
      total += units;
      if ((await this.store.weeklyShare(week, id)) === 0) contributors += 1;
    }
    return { total, contributors };
  }

  async share(week: number, discordId: string): Promise<number> {
    return (await this.store.weeklyShare(week, discordId)) + (this.pending.get(week)?.get(discordId) ?? 0);
  }
}
