import type { Player } from "../../protocol/player.ts";
import type { RoomState } from "../../protocol/rooms.ts";
import type { RoomAdvanceResult } from "../simulation/room/advanceRoom.ts";
import { placeOf } from "../simulation/room/places.ts";
import { RoomFight } from "../simulation/room/RoomFight.ts";
import { draftMember, memberDone, ownDraft } from "../simulation/room/roomMember.ts";
import { deepClone } from "../state/clonePlayer.ts";
import { EventSink } from "../state/EventSink.ts";
import type { GameEvent } from "../state/events.ts";
import type { RuleResult } from "../state/result.ts";
import { castSpell, type SpellCode, spellRejection } from "./castSpell.ts";

/**
 * A member's hand-cast spell (castSpell's checks and effects) in its room, every member settled to `now`.
 * In a shared fight the room's fight takes the spell's hits like a swing's, so a kill loots every member
 * who damaged the monster and the fight's generator spawns the next one; anywhere else it is the solo cast.
 */
export function castSpellInRoom(
  room: RoomState,
  members: readonly Player[],
  caster: number,
  spellId: string,
  now: number,
): RuleResult<RoomAdvanceResult, never, SpellCode> {
  const me = members[caster]!;
  const place = placeOf(me);
  const fight = place?.kind === "fight" ? room.fights[place.key] : undefined;
  const idx = members.flatMap((m, i) => {
    const at = placeOf(m);
    return place && at?.kind === place.kind && at.key === place.key ? [i] : [];
  });
  const summaries = members.map((m) => new EventSink(m.settledAt, m.settledAt).summary);
  if (!place || !fight || idx.length < 2) {
    const solo = castSpell(me, spellId, now);
    if (!solo.ok) return solo;
    return {
      ok: true,
      state: {
        room,
        members: members.map((m, i) => (i === caster ? solo.state : m)),
        events: members.map((_, i) => (i === caster ? solo.events : [])),
        summaries,
        places: [],
        placeOnly: members.map(() => false),
      },
      events: [],
    };
  }

  const next: RoomState = deepClone(room);
  const group = idx.map((i) => draftMember(members[i]!, now, now));
  for (const m of group) ownDraft(m);
  const shared = new RoomFight(next.fights[place.key]!, place.location, group, now);
  const block = shared.cast(me.discordId, spellId, now);
  if (block) return spellRejection(block, spellId);
  shared.run(now);
  const out = [...members];
  const events: GameEvent[][] = members.map(() => []);
  idx.forEach((i, k) => {
    const m = group[k]!;
    out[i] = memberDone(m, now);
    events[i] = m.sink.events;
    summaries[i] = m.sink.summary;
  });
  return {
    ok: true,
    state: { room: next, members: out, events, summaries, places: [], placeOnly: members.map(() => false) },
    events: [],
  };
}
