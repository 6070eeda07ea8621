import { locationFor } from "../../../data/locations.ts";
import { PARTY_GOLD_PER_UNIT, PARTY_QUEST_MINUTES, PARTY_RP_PER_UNIT } from "../../../data/quests.ts";
import type { Player } from "../../../protocol/player.ts";
import type { PartyQuest } from "../../../protocol/quests.ts";
import type { RoomState } from "../../../protocol/rooms.ts";
import { addGoldAndRpInPlace } from "../../intents/claimQuest.ts";
import { clonePlayer } from "../../state/clonePlayer.ts";
import type { AdvanceSummary } from "../../state/EventSink.ts";
import type { GameEvent } from "../../state/events.ts";
import { hashSeed } from "../../state/newPlayer.ts";
import { Rng } from "../../state/rng.ts";
import type { Place } from "../room/places.ts";
import { bestLocation, killsPerHour, nodesPerHour } from "./questRates.ts";
import { isDone } from "./rollQuests.ts";

/** A room's party quest (DESIGN §11): two or more members break nodes or defeat monsters together. */

/** A member's rate at the place's work (nodes or kills an hour) there, or at its best place for that work. */
function rate(member: Player, place: Place, where: "here" | "best"): number {
  if (place.kind === "fight") {
    const area =
      (where === "best" && bestLocation(member, "combat")) || locationFor("combat", place.location);
    return area ? killsPerHour(member, area) : 0;
  }
  const loc =
    (where === "best" && bestLocation(member, place.skill)) || locationFor(place.skill, place.location);
  return loc ? nodesPerHour(member, place.skill, loc) : 0;
}

/**
 * The room's next party quest, at `place` (the one most members share; `members` are the ones there):
 * break its node or defeat its monsters, as many as about PARTY_QUEST_MINUTES of their summed rate *there*
 * asks, counted only there. The reward is what the same time at each member's best place for that work
 * would ask (never more than the count), so an easy place asks more units for the same pay. Drawn from a
 * generator seeded by the room's id and its count of quests done, so the room's own generator (shared
 * spawns) is not touched.
 */
export function rollPartyQuest(
  room: Pick<RoomState, "id" | "questsDone">,
  members: readonly Player[],
  place: Place,
): PartyQuest {
  const rng = Rng.seed(hashSeed(`${room.id}:${room.questsDone ?? 0}`));
  // chosen: ±20 % around the sized count, at least 10 units
  const factor = 0.8 + 0.4 * rng.next();
  const sized = (where: "here" | "best") => {
    const perHour = members.reduce((n, m) => n + rate(m, place, where), 0);
    return Math.max(10, Math.round(((perHour * PARTY_QUEST_MINUTES) / 60) * factor));
  };
  const count = sized("here");
  const paid = Math.min(count, sized("best"));
  return {
    kind: place.kind === "fight" ? "defeat" : "break",
    place: place.key,
    location: place.location,
    count,
    progress: 0,
    contributors: {},
    reward: { gold: paid * PARTY_GOLD_PER_UNIT, rp: paid * PARTY_RP_PER_UNIT },
  };
}

/** The id advanceRoom groups a quest's place under (`gather:<skill@location>` or `fight:<location>`). */
export function partyQuestGroup(quest: Pick<PartyQuest, "kind" | "place">): string | null {
  return quest.place === undefined ? null : `${quest.kind === "break" ? "gather" : "fight"}:${quest.place}`;
}

/** A member's units of a party quest in one settle's summary. */
function units(kind: PartyQuest["kind"], summary: AdvanceSummary): number {
  return kind === "break" ? (summary.gathering?.nodes ?? 0) : (summary.combat?.kills ?? 0);
}

/**
 * Counts the work done together at the quest's place (`together` holds the indices of the members who
 * shared it) toward the room's party quest, on the room draft. Progress is a plain sum (it may pass the count), so a span and its pieces
 * count the same; paying is payPartyQuest's, after the settle.
 */
export function countPartyQuestInPlace(
  room: RoomState,
  summaries: readonly AdvanceSummary[],
  members: readonly Player[],
  together: ReadonlySet<number>,
): void {
  const quest = room.quest;
  if (!quest) return;
  for (const i of together) {
    const n = units(quest.kind, summaries[i]!);
    if (n <= 0) continue;
    const id = members[i]!.discordId;
    quest.progress += n;
    quest.contributors[id] = (quest.contributors[id] ?? 0) + n;
  }
}

/**
 * A met party quest pays every member present who contributed (gold and RP, a partyQuestDone event) and
 * makes way for the next, drawn at the room's next settle. Pure; nothing changes while the quest runs.
 */
export function payPartyQuest(
  room: RoomState,
  members: readonly Player[],
  at: number,
): { room: RoomState; members: Player[]; events: GameEvent[][] } {
  const quest = room.quest;
  const events: GameEvent[][] = members.map(() => []);
  if (!quest || !isDone(quest)) return { room, members: [...members], events };
  const paid = members.map((m, i) => {
    if (!quest.contributors[m.discordId]) return m;
    const draft = clonePlayer(m);
    addGoldAndRpInPlace(draft, quest.reward.gold, quest.reward.rp);
    events[i]!.push({ type: "partyQuestDone", at, kind: quest.kind, count: quest.count, ...quest.reward });
    return draft;
  });
  const { quest: _done, ...rest } = room;
  return { room: { ...rest, questsDone: (room.questsDone ?? 0) + 1 }, members: paid, events };
}
