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
  /** where its play starts: the place's time, or its own when the place held it back (advanceRoom) */
  from: number;
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
    from,
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

/**
 * A member a span of its shared node did not touch: no event, nothing of its own copied, and of its
 * document only its copy of the node, its time and its next regeneration's time moved (not its health,
 * mana, barrier, next hit or subscription). Its document can stay as it was until a hit touches it or a
 * full settle brings it to the place's time (the node holds it back: advanceRoom's `holdBack`).
 */
export function untouched(m: RoomMember, before: Player): boolean {
  const d = m.draft;
  if (m.owned || m.xpOwned || m.sink.events.length > 0) return false;
  if (d.currentAction.nextHitAt !== before.currentAction.nextHitAt) return false;
  for (const key of KEPT_WHEN_UNTOUCHED) if (d[key] !== before[key]) return false;
  if (d.combat === before.combat) return true;
  const now = d.combat as unknown as Record<string, unknown>;
  const was = before.combat as unknown as Record<string, unknown>;
  for (const key in now) if (key !== "nextRegenAt" && now[key] !== was[key]) return false;
  return true;
}

/** The place's fields an untouched member keeps: PLACE_FIELDS but its node copy and the bookkeeping. */
const MOVED_WHEN_UNTOUCHED: ReadonlySet<string> = new Set(["currentAction", "combat", "settledAt", "rng"]);
const KEPT_WHEN_UNTOUCHED = PLACE_FIELDS.filter((key) => !MOVED_WHEN_UNTOUCHED.has(key));
