import { PARTY_GOLD_PER_UNIT, PARTY_QUEST_MINUTES, PARTY_RP_PER_UNIT } from "../../data/quests.ts";
import { GATHER_SKILLS, type GatherSkill } from "../../data/skills.ts";
import type { Player } from "../../protocol/player.ts";
import type { PartyQuest } from "../../protocol/quests.ts";
import type { RoomState } from "../../protocol/rooms.ts";
import { clonePlayer } from "../clonePlayer.ts";
import type { AdvanceSummary } from "../EventSink.ts";
import type { GameEvent } from "../events.ts";
import { hashSeed } from "../newPlayer.ts";
import { Rng } from "../rng.ts";
import { addGoldAndRpInPlace } from "./claimQuest.ts";
import { bestLocation, killsPerHour, nodesPerHour } from "./questRates.ts";
import { isDone } from "./rollQuests.ts";

/** A room's party quest (DESIGN §11): two or more members break nodes or defeat monsters together. */

const isGather = (skill: string): skill is GatherSkill =>
  (GATHER_SKILLS as readonly string[]).includes(skill);

/** A member's rate at the kind: where it plays now, else its best place for that kind. */
function rate(member: Player, kind: PartyQuest["kind"]): number {
  if (kind === "defeat") {
    const area = bestLocation(member, "combat");
    return area ? killsPerHour(member, area) : 0;
  }
  const skill = member.currentAction.skill;
  const skills = isGather(skill) ? [skill] : GATHER_SKILLS;
  for (const s of skills) {
    const loc = bestLocation(member, s);
    if (loc) return nodesPerHour(member, s, loc);
  }
  return 0;
}

/**
 * The room's next party quest: defeat when most members fight, else break nodes; sized to about
 * PARTY_QUEST_MINUTES of the members' summed rate. Drawn from a generator seeded by the room's id and its
 * count of quests done, so the room's own generator (shared spawns) is not touched.
 */
export function rollPartyQuest(
  room: Pick<RoomState, "id" | "questsDone">,
  members: readonly Player[],
): PartyQuest {
  const fighters = members.filter((m) => m.currentAction.skill === "combat").length;
  const kind = fighters * 2 > members.length ? "defeat" : "break";
  const rng = Rng.seed(hashSeed(`${room.id}:${room.questsDone ?? 0}`));
  const perHour = members.reduce((n, m) => n + rate(m, kind), 0);
  // chosen: ±20 % around the sized count, at least 10 units
  const count = Math.max(10, Math.round(((perHour * PARTY_QUEST_MINUTES) / 60) * (0.8 + 0.4 * rng.next())));
  return {
    kind,
    count,
    progress: 0,
    contributors: {},
    reward: { gold: count * PARTY_GOLD_PER_UNIT, rp: count * PARTY_RP_PER_UNIT },
  };
}

/** A member's units of a party quest in one settle's summary. */
function units(kind: PartyQuest["kind"], summary: AdvanceSummary): number {
  return kind === "break" ? (summary.gathering?.nodes ?? 0) : (summary.combat?.kills ?? 0);
}

/**
 * Counts the work done together (members sharing a place: `together` holds their indices) toward the room's
 * party quest, on the room draft. Progress is a plain sum (it may pass the count), so a span and its pieces
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
