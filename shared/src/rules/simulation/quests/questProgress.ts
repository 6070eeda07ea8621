import type { Player } from "../../../protocol/player.ts";
import type { Quest } from "../../../protocol/quests.ts";
import type { AdvanceSummary, EventSink } from "../../state/EventSink.ts";
import { isDone } from "./rollQuests.ts";

/** Units of a quest's task in one settle's summary (the combat location is where the player fought). */
export function questUnits(q: Quest, summary: AdvanceSummary, location: string): number {
  switch (q.kind) {
    case "gather":
      return summary.gathering?.skill === q.skill ? summary.gathering.totalamount : 0;
    case "craft":
      return summary.crafted.reduce((n, c) => (c.id === q.subject ? n + c.quantity : n), 0);
    case "defeat":
      return summary.combat && location === q.location ? summary.combat.kills : 0;
  }
}

/**
 * Counts a settle's work toward the player's daily quests, on a draft the caller owns: progress grows,
 * capped at the quest's count; a quest that gets there is announced (questReady) and every gain goes to the
 * summary, so the welcome-back summary can tell it. Counting from the summary's totals makes a long span
 * and its pieces count the same.
 */
export function countQuestsInPlace(draft: Player, sink: EventSink, location: string): void {
  for (const q of draft.quests.daily) {
    if (q.claimed || isDone(q)) continue;
    const gained = Math.min(q.count - q.progress, questUnits(q, sink.summary, location));
    if (gained <= 0) continue;
    q.progress += gained;
    sink.addQuestProgress(q.id, gained);
    if (isDone(q)) sink.emit({ type: "questReady", at: sink.summary.until, questId: q.id });
  }
}
