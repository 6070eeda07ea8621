import {
  FIRST_LOCATION,
  STARTING_TUTORIAL_STEP,
  TUTORIAL_CRAFT_THRESHOLD,
  TUTORIAL_EQUIP_THRESHOLD,
  TUTORIAL_GATHER_THRESHOLD,
} from "../../data/constants.ts";
import { CRAFT_FROM_GATHER } from "../../data/itemIds.ts";
import { ITEMS } from "../../data/items.ts";
import type { GatherSkill } from "../../data/skills.ts";
import { COMBAT_STYLES } from "../../data/skills.ts";
import type { Player, Tutorial } from "../../protocol/player.ts";
import type { TutorialAction } from "../../protocol/tutorial.ts";
import { clonePlayer } from "../state/clonePlayer.ts";
import type { TutorialStepEvent } from "../state/events.ts";
import type { RuleResult } from "../state/result.ts";
import { reject } from "../state/result.ts";

/** The guided tour in order (spec shell §4 "Tutorial"). */
export const TUTORIAL_STEPS = [
  "go-picklelogy",
  "lab-choose-path",
  "lab-buy-gather",
  "go-skill",
  "first-location",
  "gather-six",
  "craft-three",
  "equip-one",
  "combat-style",
  "inventory",
  "equip",
  "combat-aphid",
  "choose-username",
] as const;
export type TutorialStep = (typeof TUTORIAL_STEPS)[number];
/** currentStep once every step is done or the tour was skipped. */
export const TUTORIAL_DONE = "done";

/**
 * chosen: the client's `emit` event names; an emitted event completes the current step when they match.
 * Steps the state can prove (thresholds, purchases, actions) complete by themselves in tutorialProgress.
 */
export const TUTORIAL_STEP_EVENTS: Readonly<Partial<Record<TutorialStep, string>>> = {
  "go-picklelogy": "nav:picklelogy",
  "go-skill": "nav:skill",
  inventory: "nav:inventory",
  "choose-username": "username:chosen",
};

export const TUTORIAL_CODES = {
  unknownStep: "tutorial/unknown_step",
  notReady: "tutorial/not_ready",
  noTutorial: "tutorial/none",
} as const;
export type TutorialCode = (typeof TUTORIAL_CODES)[keyof typeof TUTORIAL_CODES];

export function newTutorial(): Tutorial {
  return { currentStep: STARTING_TUTORIAL_STEP, done: [], chosenPath: null, ui: { isOpen: true } };
}

function isStep(id: string): id is TutorialStep {
  return (TUTORIAL_STEPS as readonly string[]).includes(id);
}

function countWhere(player: Player, pred: (id: number) => boolean): number {
  let n = 0;
  for (const e of player.inventory) if (e.id > 0 && pred(e.id)) n += e.stack;
  return n;
}

/** What a span of simulation saw that the state does not keep: the kills of the fight. */
export interface TutorialSightings {
  kills: number;
}
const NOTHING_SEEN: TutorialSightings = { kills: 0 };

/**
 * Whether the state (and what the last span of simulation saw) proves a step done; null for steps only the
 * client can tell (navigation, naming).
 */
export function tutorialStepMet(
  player: Player,
  step: TutorialStep,
  seen: TutorialSightings = NOTHING_SEEN,
): boolean | null {
  const path: GatherSkill | null = player.tutorial?.chosenPath ?? null;
  switch (step) {
    case "lab-choose-path":
      return path !== null;
    case "lab-buy-gather":
      return path !== null && (player.lab.nodes[`south:${path}:unlock`]?.level ?? 0) > 0;
    case "first-location":
      return (
        path !== null &&
        player.currentAction.skill === path &&
        player.currentAction.location === FIRST_LOCATION[path]
      );
    case "gather-six":
      return (
        path !== null &&
        countWhere(player, (id) => ITEMS[id]?.category === "Resource" && ITEMS[id]?.type.skill === path) >=
          TUTORIAL_GATHER_THRESHOLD
      );
    case "craft-three":
      return (
        path !== null &&
        countWhere(
          player,
          (id) => ITEMS[id]?.category === "Material" && ITEMS[id]?.type.skill === CRAFT_FROM_GATHER[path],
        ) >= TUTORIAL_CRAFT_THRESHOLD
      );
    case "equip-one":
      return (
        equippedCount(player) + countWhere(player, (id) => ITEMS[id]?.equipmentslot != null) >=
        TUTORIAL_EQUIP_THRESHOLD
      );
    case "combat-style":
      return player.activeCharacter !== "seed";
    case "equip":
      return equippedCount(player) >= TUTORIAL_EQUIP_THRESHOLD;
    case "combat-aphid":
      // the first aphid killed, not entering the nest
      return (
        seen.kills > 0 &&
        player.currentAction.skill === "combat" &&
        player.currentAction.location === "aphid_nest"
      );
    default:
      return null;
  }
}

function equippedCount(player: Player): number {
  let n = 0;
  for (const style of COMBAT_STYLES) for (const e of Object.values(player.equipmentSlots[style])) if (e) n++;
  return n;
}

function completeInPlace(t: Tutorial, step: TutorialStep, at: number): TutorialStepEvent {
  if (!t.done.includes(step)) t.done.push(step);
  const next = TUTORIAL_STEPS.slice(TUTORIAL_STEPS.indexOf(step) + 1).find((s) => !t.done.includes(s));
  t.currentStep = next ?? TUTORIAL_DONE;
  return { type: "tutorialStep", at, stepId: step, currentStep: t.currentStep };
}

/**
 * Completes, in order, every current step the state already proves (6 gathered resources of the chosen
 * path, 3 crafted materials, 1 equipment, the first location — garden for mining and mycology, fountain
 * for botany —, …) or the span just simulated saw (`seen`: the first aphid killed). The server calls it
 * after each change and each advance; no record, or a finished tour, changes nothing.
 */
export function tutorialProgress(
  player: Player,
  now: number,
  seen: TutorialSightings = NOTHING_SEEN,
): { player: Player; events: TutorialStepEvent[] } {
  const t = player.tutorial;
  if (!t || !isStep(t.currentStep) || tutorialStepMet(player, t.currentStep, seen) !== true)
    return { player, events: [] };
  const draft = clonePlayer(player);
  const dt = draft.tutorial as Tutorial;
  const events: TutorialStepEvent[] = [];
  while (isStep(dt.currentStep) && tutorialStepMet(draft, dt.currentStep, seen) === true) {
    events.push(completeInPlace(dt, dt.currentStep, now));
  }
  return { player: draft, events };
}

/** PATCH /api/user/tutorial: open, close, skip, complete-step, emit, jump, choose-path, as pure moves. */
export function applyTutorialAction(
  player: Player,
  action: TutorialAction,
  now: number,
): RuleResult<Player, TutorialStepEvent, TutorialCode> {
  const draft = clonePlayer(player);
  const events: TutorialStepEvent[] = [];
  if (action.action === "open") {
    draft.tutorial = draft.tutorial ?? newTutorial();
    draft.tutorial.ui.isOpen = true;
    return { ok: true, state: draft, events };
  }
  const t = draft.tutorial ?? newTutorial();
  draft.tutorial = t;
  switch (action.action) {
    case "close":
      t.ui.isOpen = false;
      break;
    case "skip":
      // chosen: skip ends the tour (every step counted done) and closes it
      t.done = [...TUTORIAL_STEPS];
      t.currentStep = TUTORIAL_DONE;
      t.ui.isOpen = false;
      break;
    case "complete-step": {
      if (!isStep(action.stepId))
        return reject(TUTORIAL_CODES.unknownStep, `Unknown tutorial step: ${action.stepId}`);
      if (t.done.includes(action.stepId) || t.currentStep !== action.stepId) break;
      if (tutorialStepMet(draft, action.stepId) === false) {
        return reject(TUTORIAL_CODES.notReady, `Tutorial step ${action.stepId} is not done yet`);
      }
      events.push(completeInPlace(t, action.stepId, now));
      break;
    }
    case "emit": {
      const step = t.currentStep;
      if (isStep(step) && TUTORIAL_STEP_EVENTS[step] === action.event)
        events.push(completeInPlace(t, step, now));
      break;
    }
    case "jump": {
      if (action.currentStep !== TUTORIAL_DONE && !isStep(action.currentStep)) {
        return reject(TUTORIAL_CODES.unknownStep, `Unknown tutorial step: ${action.currentStep}`);
      }
      const bad = action.done.find((s) => !isStep(s));
      if (bad !== undefined) return reject(TUTORIAL_CODES.unknownStep, `Unknown tutorial step: ${bad}`);
      t.currentStep = action.currentStep;
      t.done = [...new Set(action.done)];
      t.ui = { isOpen: true };
      break;
    }
    case "choose-path":
      t.chosenPath = action.path;
      break;
  }
  const more = tutorialProgress(draft, now);
  return { ok: true, state: more.player, events: [...events, ...more.events] };
}
