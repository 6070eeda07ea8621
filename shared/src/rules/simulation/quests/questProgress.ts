import { BOSSES, bossAt } from "../../../data/bosses.ts";
import type { Player } from "../../../protocol/player.ts";
import type { Quest } from "../../../protocol/quests.ts";
import type { RoomState } from "../../../protocol/rooms.ts";
import { clonePlayer } from "../../state/clonePlayer.ts";
import type { AdvanceSummary, EventSink } from "../../state/EventSink.ts";
import type { GameEvent } from "../../state/events.ts";
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
    case "boss":
      // a party's boss fight is no member's own work: its win is counted by countBossQuests
      return 0;
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

/**
 * A won boss fight counted toward the boss quests of its fighters who stayed to the end (the fight's
 * `unpaid`, filled only by a win and emptied by payBossLoot, so this runs in settleRoom before it): one win
 * for each unfinished boss quest whose boss is the one won or of a lower tier, whatever the week's loot
 * limit; `questReady` when one gets there. A member who left is not among them. Pure; the fight is counted
 * once, in the settle that ends it.
 */
export function countBossQuests(
  room: RoomState,
  members: readonly Player[],
  at: number,
): { members: Player[]; events: GameEvent[][] } {
  const fight = room.boss;
  const events: GameEvent[][] = members.map(() => []);
  if (!fight) return { members: [...members], events };
  const won = BOSSES[fight.bossId]!;
  const counts = (q: Quest) =>
    q.kind === "boss" && !q.claimed && !isDone(q) && (bossAt(q.location)?.tier ?? Infinity) <= won.tier;
  const counted = members.map((m, i) => {
    if (!fight.unpaid.includes(m.discordId) || !m.quests.daily.some(counts)) return m;
    const draft = clonePlayer(m);
    for (const q of draft.quests.daily.filter(counts)) {
      q.progress += 1;
      if (isDone(q)) events[i]!.push({ type: "questReady", at: fight.endedAt ?? at, questId: q.id });
    }
    return draft;
  });
  return { members: counted, events };
}
