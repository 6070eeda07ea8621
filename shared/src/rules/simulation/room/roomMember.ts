import type { Player } from "../../../protocol/player.ts";
import { clonePlayer } from "../../state/clonePlayer.ts";
import { EventSink } from "../../state/EventSink.ts";
import { Rng } from "../../state/rng.ts";
import { subscribedAt } from "../../state/subscription.ts";

/** One member at a shared place (a node, a fight): a draft of its document, its own generator and events. */
export interface RoomMember {
  id: string;
  draft: Player;
  rng: Rng;
  sink: EventSink;
  /** the draft is a whole copy (ownDraft); until then only its top level and its currentAction are */
  owned: boolean;
}

/**
 * The member's draft for a shared place played from `from` to `until`. A room step is short (the room
 * wakes at every event), so the subscription state at its start holds for the whole step. The draft
 * copies the top level and the action only: most steps of a member are another's hit, which moves the
 * node and nothing else of it. A rule that writes deeper takes the whole copy first (ownDraft).
 */
export function draftMember(player: Player, from: number, until: number): RoomMember {
  const draft = { ...player, currentAction: { ...player.currentAction } };
  draft.subscription_active = subscribedAt(draft.subscriptionWindows, from);
  return {
    id: draft.discordId,
    draft,
    rng: new Rng(draft.rng),
    sink: new EventSink(from, until),
    owned: false,
  };
}

/** The member's draft made a whole copy (clonePlayer, in place) before a rule writes inside it. */
export function ownDraft(m: RoomMember): Player {
  if (!m.owned) {
    Object.assign(m.draft, clonePlayer(m.draft));
    m.owned = true;
  }
  return m.draft;
}

/** The member's document once its place has played to `until`, its generator's state written back. */
export function memberDone(m: RoomMember, until: number): Player {
  m.draft.settledAt = until;
  m.draft.subscription_active = subscribedAt(m.draft.subscriptionWindows, until);
  m.draft.rng = m.rng.state();
  return m.draft;
}
