import { WEEK_MS, weekStart } from "@pickle-garden/shared";
import { afterEach, describe, expect, it } from "vitest";
import { SqliteStore } from "../store/SqliteStore.ts";
import { activePanel } from "./panels.ts";
import { syncWeeklyPanels, WEEKLY_PANEL_EVERY_MS, weeklyPanelId } from "./weeklyPanel.ts";

/** The weekly goal's panel in the store and the outbox: posted, edited as the count moves, closed after. */

const WEEK = 2900;
const start = weekStart(WEEK);
let store: SqliteStore;

afterEach(async () => {
  await store.close();
});

async function claimKeys(now: number): Promise<string[]> {
  const items = await store.claimOutbox("bot", now, 1000, 10);
  for (const i of items) await store.ackOutbox(i.id, "bot", `${i.id}-done`);
  return items.map((i) => i.key);
}

describe("the weekly goal's panel", () => {
  it("is queued once the garden gathers, edited at most once a minute, and closed when the week ends", async () => {
    store = new SqliteStore(":memory:");
    // nothing gathered: nothing posted, but the look is remembered (not read again within the minute)
    expect(await syncWeeklyPanels(store, start + 10, null)).toEqual({ week: WEEK, total: 0, at: start + 10 });
    expect(await claimKeys(start + 10)).toEqual([]);

    await store.addWeeklyContributions(WEEK, { a: 1200, b: 300 });
    let posted = await syncWeeklyPanels(store, start + 20, null);
    const id = weeklyPanelId(WEEK);
    expect(await claimKeys(start + 20)).toEqual([`panel:${id}`]);
    const first = await store.getPanel(id);
    expect(first).toMatchObject({ active: true, type: "message" });
    // the garden's first week: one gardener's share is the target
    expect(first?.body).toContain("1,500 / 2,000 resources gathered (75%) by 2 gardeners (0 last week)");
    expect(first?.body).toContain("50 gold and 2 RP per level summed over every skill");

    // the count moves, but within the minute nothing is queued; after it, one edit
    await store.addWeeklyContributions(WEEK, { c: 500 });
    posted = await syncWeeklyPanels(store, start + 30, posted);
    expect(await claimKeys(start + 30)).toEqual([]);
    posted = await syncWeeklyPanels(store, start + 20 + WEEKLY_PANEL_EVERY_MS, posted);
    expect(await claimKeys(start + 20 + WEEKLY_PANEL_EVERY_MS)).toEqual([`panel:${id}`]);
    expect((await store.getPanel(id))?.body).toContain("2,000 / 2,000");
    // an unchanged count is not edited again
    posted = await syncWeeklyPanels(store, start + 30 + 2 * WEEKLY_PANEL_EVERY_MS, posted);
    expect(await claimKeys(start + 30 + 2 * WEEKLY_PANEL_EVERY_MS)).toEqual([]);

    // the website's panel popup leaves it to Home's card
    expect((await activePanel(store, "a")).panel).toBeNull();

    // the next week: the ended one is closed (even by a server that just restarted and remembers nothing)
    await syncWeeklyPanels(store, start + WEEK_MS + 5, null);
    expect(await claimKeys(start + WEEK_MS + 5)).toEqual([`panel:${id}`]);
    const closed = await store.getPanel(id);
    expect(closed?.active).toBe(false);
    expect(closed?.body).toContain("The week is over");
    await syncWeeklyPanels(store, start + WEEK_MS + 6, null);
    expect(await claimKeys(start + WEEK_MS + 6)).toEqual([]);

    // the week after three gardeners asks for three gardeners' share
    await store.addWeeklyContributions(WEEK + 1, { a: 100 });
    await syncWeeklyPanels(store, start + WEEK_MS + 7, null);
    expect((await store.getPanel(weeklyPanelId(WEEK + 1)))?.body).toContain(
      "100 / 6,000 resources gathered (1%) by 1 gardeners (3 last week)",
    );
  });
});
