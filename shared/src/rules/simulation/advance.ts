import type { GatherSkill } from "../../data/skills.ts";
import { CRAFT_SKILLS, isGatherSkill } from "../../data/skills.ts";
import type { Player } from "../../protocol/player.ts";
import { resetActionIfLockedInPlace } from "../intents/setAction.ts";
import { clonePlayer } from "../state/clonePlayer.ts";
import type { AdvanceSummary } from "../state/EventSink.ts";
import { EventSink } from "../state/EventSink.ts";
import type { GameEvent } from "../state/events.ts";
import { Rng } from "../state/rng.ts";
import { subscriptionSpans } from "../state/subscription.ts";
import { advanceCrafting } from "./advanceCrafting.ts";
import { advanceGathering } from "./advanceGathering.ts";
import { advanceCombat } from "./combat/advanceCombat.ts";
import { regenerate } from "./combat/regen.ts";
import { countQuestsInPlace } from "./quests/questProgress.ts";

export interface AdvanceResult {
  player: Player;
  events: GameEvent[];
  summary: AdvanceSummary;
}

export interface AdvanceOptions {
  /** cap on detailed events (default MAX_DETAILED_EVENTS) */
  maxEvents?: number;
}

/**
 * The one simulation (DESIGN §3): settles the player from `player.settledAt` up to `until` (epoch ms),
 * jumping from event to event; long spans of gathering and crafting are counted in closed form with
 * aggregated drop draws. Pure: the input is never touched, the generator state travels in the document,
 * so the same player and `until` always give the same result. `until` at or before `settledAt` changes nothing.
 */
export function advance(player: Player, until: number, options: AdvanceOptions = {}): AdvanceResult {
  const from = player.settledAt;
  const sink = new EventSink(from, Math.max(from, until), options.maxEvents);
  if (!(until > from)) return { player, events: sink.events, summary: sink.summary };
  const draft = clonePlayer(player);
  const rng = new Rng(draft.rng);
  const before = draft.currentAction.skill;
  if (resetActionIfLockedInPlace(draft, from)) {
    sink.emit({
      type: "actionChanged",
      at: from,
      skill: "none",
      location: "home",
      reason: "feature locked",
      code: "locked",
      from: before,
    });
  }
  const location = draft.currentAction.location;
  // the subscription's bonus applies from the moment a window starts to the moment it ends
  for (const span of subscriptionSpans(draft.subscriptionWindows, from, until)) {
    draft.subscription_active = span.subscribed;
    advanceSpan(draft, span.until, rng, sink);
    draft.settledAt = span.until;
  }
  countQuestsInPlace(draft, sink, location);
  draft.rng = rng.state();
  return { player: draft, events: sink.events, summary: sink.summary };
}

/** Plays the draft's action from its settled time to `until` (the caller moves settledAt). */
function advanceSpan(draft: Player, until: number, rng: Rng, sink: EventSink): void {
  const skill = draft.currentAction.skill;
  if (skill === "combat") {
    advanceCombat(draft, until, rng, sink);
    return;
  }
  if (isGatherSkill(skill)) advanceGathering(draft, skill as GatherSkill, until, rng, sink);
  if (
    CRAFT_SKILLS.some((s) =>
      draft[`${s}Slots` as const].some((slot: { currentItem: number | null }) => slot.currentItem !== null),
    )
  ) {
    advanceCrafting(draft, until, rng, sink);
  }
  regenerate(draft, draft.settledAt, until, sink);
}
