import { SUBSCRIPTION_XP_MULTIPLIER } from "../../data/constants.ts";
import type { SkillId } from "../../data/skills.ts";
import type { Player } from "../../protocol/player.ts";

type SkillState = Player["skills"][SkillId];

import { clonePlayer } from "./clonePlayer.ts";
import type { EventSink } from "./EventSink.ts";
import { roundRp } from "./EventSink.ts";
import type { XpUpdate } from "./events.ts";
import { rpFromXp, rpMultiplier } from "./rpFromXp.ts";
import { levelForXp } from "./xpForLevel.ts";

// chosen: picklelogy, the research skill, learns half of every other skill's xp (floored per gain)
export const PICKLELOGY_XP_RATIO = 0.5;

/**
 * The xp one grant of `base` really gives: × (1 + the lab's `xp:+`, Garden Research) and × 1.5 for
 * subscribers, floored (0 means nothing is granted).
 */
export function effectiveXp(
  player: Pick<Player, "subscription_active"> & Partial<Pick<Player, "modifiers">>,
  base: number,
): number {
  const research = 1 + (player.modifiers?.["xp:+"] ?? 0);
  const x = Math.floor(base * research * (player.subscription_active ? SUBSCRIPTION_XP_MULTIPLIER : 1));
  return x > 0 ? x : 0;
}

/** A skill's xp and level after a gain: the level follows the xp and is never lowered. */
export function xpAfterGain(s: SkillState, xp: number): SkillState {
  const total = s.xp + xp;
  return { xp: total, level: Math.max(s.level, levelForXp(total)) };
}

/** The lab's RP after a gain: what can be spent and the lifetime count, rounded as the rules keep them. */
export function rpAfterGain(lab: Pick<Player["lab"], "rp" | "earnedRpLifetime">, rp: number) {
  return { rp: roundRp(lab.rp + rp), earnedRpLifetime: roundRp(lab.earnedRpLifetime + rp) };
}

/**
 * Applies `count` identical grants of `base` xp to `skill` on a draft the caller owns (mutates it):
 * each grant floored after the subscription bonus, its RP (lab gain-RP modifiers) and picklelogy share
 * computed per grant, so n grants at once equal n grants one by one exactly. Returns the xpUpdate,
 * or null when nothing was gained.
 */
export function applyXp(
  draft: Player,
  skill: SkillId,
  base: number,
  at: number,
  sink?: EventSink,
  count = 1,
): XpUpdate | null {
  const each = effectiveXp(draft, base);
  if (each <= 0 || count <= 0) return null;
  const delta = each * count;
  const bonus =
    (each - effectiveXp({ subscription_active: false, modifiers: draft.modifiers }, base)) * count;
  const state = draft.skills[skill];
  const previousLevel = state.level;
  Object.assign(state, xpAfterGain(state, delta));
  let rpGain = 0;
  let picklelogyGain = 0;
  let picklelogyLevelUp: XpUpdate["picklelogyLevelUp"];
  if (skill !== "picklelogy") {
    rpGain = roundRp(rpFromXp(each, rpMultiplier(draft, skill)) * count);
    picklelogyGain = Math.floor(each * PICKLELOGY_XP_RATIO) * count;
    if (picklelogyGain > 0) {
      const p = draft.skills.picklelogy;
      const from = p.level;
      Object.assign(p, xpAfterGain(p, picklelogyGain));
      if (p.level > from) picklelogyLevelUp = { from, to: p.level };
    }
    if (rpGain > 0) Object.assign(draft.lab, rpAfterGain(draft.lab, rpGain));
  }
  const event: XpUpdate = {
    type: "xpUpdate",
    at,
    skill,
    delta,
    xp: state.xp,
    level: state.level,
    previousLevel,
    rpGain,
    picklelogyGain,
    ...(picklelogyLevelUp ? { picklelogyLevelUp } : {}),
    ...(bonus > 0 ? { bonus } : {}),
  };
  if (sink) {
    sink.addXp(skill, delta);
    sink.addBonusXp(bonus);
    sink.addXp("picklelogy", picklelogyGain);
    sink.addRp(rpGain);
    sink.emit(event);
  }
  return event;
}

/** Grants `amount` xp to `skill` (update-xp, quest rewards…): a new player and the xpUpdate, if any. */
export function grantXp(
  player: Player,
  skill: SkillId,
  amount: number,
  at: number = player.settledAt,
): { player: Player; events: XpUpdate[] } {
  if (effectiveXp(player, amount) <= 0) return { player, events: [] };
  const draft = clonePlayer(player);
  const event = applyXp(draft, skill, amount, at);
  return { player: draft, events: event ? [event] : [] };
}
