import { CRAFT_SKILLS } from "../../../data/skills.ts";
import type { Player } from "../../../protocol/player.ts";
import type { RoomState } from "../../../protocol/rooms.ts";
import type { AdvanceSummary } from "../../state/EventSink.ts";
import { EventSink } from "../../state/EventSink.ts";
import type { GameEvent } from "../../state/events.ts";
import { Rng } from "../../state/rng.ts";
import { type AdvanceResult, advance } from "../advance.ts";
import { advanceCrafting } from "../advanceCrafting.ts";
import { advanceBoss } from "../boss/bossFight.ts";
import { regenerate } from "../combat/regen.ts";
import { countPartyQuestInPlace, partyQuestGroup, rollPartyQuest } from "../quests/partyQuest.ts";
import { countQuestsInPlace } from "../quests/questProgress.ts";
import { type Place, placeOf } from "./places.ts";
import { RoomFight } from "./RoomFight.ts";
import { gatherTogether, openSharedNode } from "./roomGathering.ts";
import { draftMember, memberDone, ownDraft, untouched } from "./roomMember.ts";

/** What happened at a shared place (a node's HP after each hit): one event object for all its members. */
export interface PlaceEvents {
  /** the place's key in RoomState.nodes or RoomState.fights */
  key: string;
  /** the members there (indices in the order given), in id order */
  members: number[];
  events: GameEvent[];
}

export interface RoomAdvanceResult {
  room: RoomState;
  /** the members settled to `until`, in the order given */
  members: Player[];
  /** each member's own events, in the order given */
  events: GameEvent[][];
  summaries: AdvanceSummary[];
  /** each shared place's events, beside the members' (every member there sees them) */
  places: PlaceEvents[];
  /**
   * each member moved by its shared place alone, in the order given: no event of its own, nothing
   * written outside PLACE_FIELDS (another member's hit or swing, the node's or monsters' numbers)
   */
  placeOnly: boolean[];
  /**
   * each member a span of its shared node did not touch (`holdBack` only; absent: none): its document may
   * stay as it was, the node holding it back (settleRoom in settle.ts decides, after the payments)
   */
  untouched?: boolean[];
}

export interface AdvanceRoomOptions {
  /** tell the members a span of their shared node did not touch (`untouched`): a wake's settle */
  holdBack?: boolean;
}

/** A new room's document; its generator is seeded from the room id and the time. */
export function newRoomState(id: string, seed: number, now: number): RoomState {
  return { id, rng: Rng.seed(seed).state(), settledAt: now, nodes: {}, fights: {} };
}

/**
 * The room's simulation (docs/rooms.md): settles every member to `until`. Members sharing a place (a
 * gathering node, a fight) are played together event to event, with the room's generator for shared
 * draws and each member's own for theirs; a member alone at its place is advanced by `advance` itself,
 * so it earns exactly what solo play gives. A member a node holds back (SharedNode.held) plays on from its
 * own time, not brought to the others' alone first. Pure: the inputs are never touched.
 */
export function advanceRoom(
  room: RoomState,
  members: readonly Player[],
  until: number,
  options: AdvanceRoomOptions = {},
): RoomAdvanceResult {
  // a copy of the room's top level: a place is copied when it is played (the others stay or go whole),
  // and the quest's count and contributors, which the settle adds to in place
  const next: RoomState = { ...room, nodes: { ...room.nodes }, fights: { ...room.fights } };
  if (room.quest) next.quest = { ...room.quest, contributors: { ...room.quest.contributors } };
  const roomRng = new Rng(next.rng);
  const out: Player[] = [...members];
  // each member's events and summary are written below, alone or at its shared place
  const events: GameEvent[][] = [];
  const summaries: AdvanceSummary[] = [];
  const places: PlaceEvents[] = [];
  const placeOnly = members.map(() => false);
  const held = members.map(() => false);
  const order = members
    .map((_, i) => i)
    .sort((a, b) => compare(members[a]!.discordId, members[b]!.discordId));

  const groups = new Map<string, { place: Place; idx: number[] }>();
  const alone: number[] = [];
  for (const i of order) {
    const place = placeOf(members[i]!);
    if (!place) {
      alone.push(i);
      continue;
    }
    const id = `${place.kind}:${place.key}`;
    const group = groups.get(id);
    if (group) group.idx.push(i);
    else groups.set(id, { place, idx: [i] });
  }
  const shared = new Set<string>();
  for (const [id, group] of groups) {
    if (group.idx.length < 2) alone.push(...group.idx);
    else shared.add(id);
  }
  // a party quest is drawn at the place most members share (a quest of an older version, with no place, too)
  const questAt = busiestPlace(groups, shared);
  if (questAt && !next.quest?.place)
    next.quest = rollPartyQuest(
      next,
      questAt.idx.map((i) => members[i]!),
      questAt.place,
    );

  for (const i of alone) {
    const r = advance(members[i]!, until);
    out[i] = r.player;
    events[i] = r.events;
    summaries[i] = r.summary;
  }

  for (const [id, { place, idx }] of groups) {
    if (!shared.has(id)) continue;
    // a member behind the others (just joined) is first brought to the group's time alone; one the node
    // held back plays on from its own
    const from = Math.max(...idx.map((i) => members[i]!.settledAt));
    const heldBack = place.kind === "gather" ? (next.nodes[place.key]?.held ?? []) : [];
    const pre = idx.map((i) =>
      members[i]!.settledAt < from && !heldBack.includes(members[i]!.discordId)
        ? advance(members[i]!, from)
        : null,
    );
    const ready = idx.map((i, k) => pre[k]?.player ?? members[i]!);
    // at the place's own time only the members it held back have anything to catch up
    const behind = until === from && ready.some((p) => p.settledAt < until);
    if (!(until > from) && !behind) {
      idx.forEach((i, k) => {
        const r = pre[k] ?? emptyResult(members[i]!, from);
        out[i] = r.player;
        events[i] = r.events;
        summaries[i] = r.summary;
      });
      continue;
    }
    const group = ready.map((p) => draftMember(p, p.settledAt, until));
    if (place.kind === "gather") {
      const open = next.nodes[place.key];
      // gatherTogether changes the node's numbers and hitters in place and replaces its generator; whom
      // it holds back is settleRoom's to write again
      const node = open
        ? { ...open, hitters: [...open.hitters] }
        : openSharedNode(group[0]!, place.skill, place.location, roomRng);
      delete node.held;
      next.nodes[place.key] = node;
      const sink = new EventSink(from, until);
      gatherTogether(group, node, place.skill, place.location, until, sink);
      if (sink.events.length > 0) places.push({ key: place.key, members: idx, events: sink.events });
      for (const m of group) {
        if (CRAFT_SKILLS.some((s) => m.draft[`${s}Slots`].some((slot) => slot.currentItem !== null)))
          advanceCrafting(ownDraft(m), until, m.rng, m.sink);
        regenerate(m.draft, m.from, until, m.sink);
      }
    } else {
      const open = next.fights[place.key];
      const state = open ? RoomFight.copy(open) : RoomFight.open(group[0]!.draft, place.location, roomRng);
      next.fights[place.key] = state;
      new RoomFight(state, place.location, group, from).run(until);
    }
    idx.forEach((i, k) => {
      const m = group[k]!;
      // a quest counts what a break, a craft or a kill brought: only a whole copy (ownDraft) has any
      if (m.owned) countQuestsInPlace(m.draft, m.sink, place.location);
      out[i] = memberDone(m, until);
      placeOnly[i] = !m.owned && !m.xpOwned && m.sink.events.length === 0 && ready[k] === members[i];
      held[i] =
        options.holdBack === true && place.kind === "gather" && placeOnly[i]! && untouched(m, members[i]!);
      events[i] = pre[k] ? [...pre[k]!.events, ...m.sink.events] : m.sink.events;
      summaries[i] = m.sink.summary;
    });
  }

  // a place is shared only while two or more members are there
  for (const key of Object.keys(next.nodes)) if (!shared.has(`gather:${key}`)) delete next.nodes[key];
  for (const key of Object.keys(next.fights)) if (!shared.has(`fight:${key}`)) delete next.fights[key];
  const questGroup = next.quest ? partyQuestGroup(next.quest) : null;
  const together = new Set(questGroup && shared.has(questGroup) ? groups.get(questGroup)!.idx : []);
  countPartyQuestInPlace(next, summaries, members, together);
  // the party's boss fight is played in rounds at fixed times, apart from each member's own action
  if (next.boss)
    next.boss = advanceBoss(
      next.boss,
      members.map((m) => m.discordId),
      until,
    );
  next.rng = roomRng.state();
  next.settledAt = Math.max(room.settledAt, until);
  return { room: next, members: out, events, summaries, places, placeOnly, untouched: held };
}

function emptyResult(player: Player, until: number): AdvanceResult {
  return {
    player,
    events: [],
    summary: new EventSink(player.settledAt, Math.max(player.settledAt, until)).summary,
  };
}

/** The shared place with the most members (ties: the first id in order), or null when none is shared. */
function busiestPlace(
  groups: ReadonlyMap<string, { place: Place; idx: number[] }>,
  shared: ReadonlySet<string>,
): { place: Place; idx: number[] } | null {
  let best: [string, { place: Place; idx: number[] }] | null = null;
  for (const entry of groups) {
    if (!shared.has(entry[0])) continue;
    const more = best === null || entry[1].idx.length > best[1].idx.length;
    const tieFirst =
      best !== null && entry[1].idx.length === best[1].idx.length && compare(entry[0], best[0]) < 0;
    if (more || tieFirst) best = entry;
  }
  return best?.[1] ?? null;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
