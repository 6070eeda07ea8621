import type { Player } from "../../protocol/player.ts";
import { clonePlayer } from "../clonePlayer.ts";
import { EventSink } from "../EventSink.ts";
import { Rng } from "../rng.ts";
import { subscribedAt } from "../subscription.ts";

/** One member at a shared place (a node, a fight): a draft of its document, its own generator and events. */
export interface RoomMember {
  id: string;
  draft: Player;
  rng: Rng;
  sink: EventSink;
}

/**
 * The member's draft for a shared place played from `from` to `until`. A room step is short (the room
 * wakes at every event), so the subscription state at its start holds for the whole step.
 */
export function draftMember(player: Player, from: number, until: number): RoomMember {
  const draft = clonePlayer(player);
  draft.subscription_active = subscribedAt(draft.subscriptionWindows, from);
  return { id: draft.discordId, draft, rng: new Rng(draft.rng), sink: new EventSink(from, until) };
}

/** The member's document once its place has played to `until`, its generator's state written back. */
export function memberDone(m: RoomMember, until: number): Player {
  m.draft.settledAt = until;
  m.draft.subscription_active = subscribedAt(m.draft.subscriptionWindows, until);
  m.draft.rng = m.rng.state();
  return m.draft;
}
