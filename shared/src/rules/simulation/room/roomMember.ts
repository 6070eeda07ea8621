import type { Player } from "../../../protocol/player.ts";
import { clonePlayer } from "../../state/clonePlayer.ts";
import { EventSink } from "../../state/EventSink.ts";
import { Rng } from "../../state/rng.ts";
import { subscribedAt } from "../../state/subscription.ts";

/**
 * What a place's play may write in a member's draft it does not own (draftMember's copy, before ownDraft):
 * its copy of the node or monsters and its next hit (currentAction, currentMonsters), its fight's or its
 * regeneration's health, mana, barrier, death and bookkeeping, its time and generator. A member whose
 * settle wrote nothing else and gave it no event of its own was moved by its place alone (advanceRoom's
 * `placeOnly`): its client's view needs at most these fields (placePatch).
 */
export const PLACE_FIELDS = [
  "currentAction",
  "currentMonsters",
  "health",
  "maxHealth",
  "mana",
  "maxMana",
  "barrier",
  "dead",
  "deathInfo",
  "previousAction",
  "combat",
  "subscription_active",
  "settledAt",
  "rng",
] as const satisfies readonly (keyof Player)[];

/** One member at a shared place (a node, a fight): a draft of its document, its own generator and events. */
export interface RoomMember {
  id: string;
  draft: Player;
  rng: Rng;
  sink: EventSink;
  /** the draft is a whole copy (ownDraft); until then only its top level and its currentAction are */
  owned: boolean;
  /** the draft's skills and lab are copies (ownXp), for the xp of a hit */
  xpOwned: boolean;
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
    xpOwned: false,
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

/**
 * The member's draft with skills and a lab of its own (each skill's numbers copied) before xp is granted
 * into them (applyXp writes those and nothing else): the xp of a hit or a spell copies no more.
 */
export function ownXp(m: RoomMember): Player {
  if (!m.owned && !m.xpOwned) {
    const d = m.draft;
    const skills: Record<string, Player["skills"][keyof Player["skills"]]> = {};
    for (const id in d.skills) skills[id] = { ...d.skills[id as keyof Player["skills"]] };
    d.skills = skills as Player["skills"];
    d.lab = { ...d.lab };
    m.xpOwned = true;
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
