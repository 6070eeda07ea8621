import type { Player } from "../../protocol/player.ts";
import { clonePlayer } from "../clonePlayer.ts";
import { EventSink } from "../EventSink.ts";
import { Rng } from "../rng.ts";

/** One member at a shared place (a node, a fight): a draft of its document, its own generator and events. */
export interface RoomMember {
  id: string;
  draft: Player;
  rng: Rng;
  sink: EventSink;
}

/** The member's draft for a shared place played from `from` to `until`. */
export function draftMember(player: Player, from: number, until: number): RoomMember {
  const draft = clonePlayer(player);
  return { id: draft.discordId, draft, rng: new Rng(draft.rng), sink: new EventSink(from, until) };
}

/** The member's document once its place has played to `until`, its generator's state written back. */
export function memberDone(m: RoomMember, until: number): Player {
  m.draft.settledAt = until;
  m.draft.rng = m.rng.state();
  return m.draft;
}
