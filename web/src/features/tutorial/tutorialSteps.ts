import {
  type CombatStyle,
  CRAFT_FROM_GATHER,
  type CraftSkill,
  countItem,
  FIRST_LOCATION,
  type GatherSkill,
  GEAR_CLASS_OF_CRAFT,
  GUEST_USERNAME,
  gearItemId,
  LAB_NODES,
  materialItemId,
  nextGoal,
  type PlayerView,
  STYLE_CHARACTER,
  TUTORIAL_CRAFT_THRESHOLD,
  TUTORIAL_STEPS,
} from "@pickle-garden/shared";
import { goalRoute } from "../../pages/home/goalView.ts";
import { tourSkillOf } from "../../pages/lab/labLayout.ts";

/**
 * The tutorial's steps in the order of spec shell §4: for each, the page elements it points at (their
 * data-tour attributes) and the page where its own target lives. Whether a step is done is the server's
 * (shared/src/rules/intents/tutorial.ts completes what the state proves); the client only reports navigation.
 */
/** The server's step ids, in order (shared rules). */
export const TUTORIAL_STEP_IDS = TUTORIAL_STEPS;
export type TutorialStepId = (typeof TUTORIAL_STEP_IDS)[number];
/** The step after the last: the tour congratulates and names the next goal. */
export const FINALE = "done";

/** The path a player who has not chosen yet is pointed at first. */
export const SUGGESTED_PATH: GatherSkill = "mining";

export interface PathInfo {
  skill: GatherSkill;
  craft: CraftSkill;
  style: CombatStyle;
  location: string;
}

export function pathInfo(path: GatherSkill | null | undefined): PathInfo {
  const skill = path ?? SUGGESTED_PATH;
  const craft = CRAFT_FROM_GATHER[skill];
  return { skill, craft, style: GEAR_CLASS_OF_CRAFT[craft], location: FIRST_LOCATION[skill] };
}

export interface StepGuide {
  /**
   * data-tour anchors: the step's own target first, then the ways to reach it (a page's button, the
   * sidebar entry). The first one on screen is the one pointed at.
   */
  targets: string[];
  /** the page that holds the step's own target ("Show me" goes there); null when it is in the card */
  route: string | null;
}

/** A lab purchase: the buy button of the chosen node, the node in the tree, the way to the lab. */
function inLab(tour: string): StepGuide {
  return { targets: [`lab-buy-${tour}`, `lab-node-${tour}`, "open-lab", "nav-lab"], route: "/lab" };
}

function gatherHere(player: PlayerView, path: PathInfo): boolean {
  return player.currentAction.skill === path.skill && player.currentAction.location === path.location;
}

function crafting(player: PlayerView, craft: CraftSkill): boolean {
  return player[`${craft}Slots` as const].some((s) => s.currentItem !== null && s.remaining > 0);
}

/** What the tour points at for `step`, given the chosen path and the player's state. */
export function stepGuide(step: string, path: PathInfo, player: PlayerView): StepGuide {
  const here = `/skills/${path.skill}/${path.location}`;
  const startGathering: StepGuide = {
    targets: [
      `gather-start-${path.skill}-${path.location}`,
      `location-${path.skill}-${path.location}`,
      `nav-${path.skill}`,
    ],
    route: here,
  };
  switch (step) {
    case "go-picklelogy":
      return { targets: ["nav-picklelogy"], route: "/skills/picklelogy" };
    case "lab-choose-path":
      return { targets: [`tour-path-${SUGGESTED_PATH}`], route: null };
    case "lab-buy-gather":
      return inLab(path.skill);
    case "go-skill":
      return { targets: [`nav-${path.skill}`], route: `/skills/${path.skill}` };
    case "first-location":
      return startGathering;
    case "gather-six":
      return gatherHere(player, path)
        ? { targets: ["gather-node", "activity-card"], route: here }
        : startGathering;
    case "craft-three":
    case "equip-one": {
      if (!player.featureFlags[path.craft]) return inLab(path.craft);
      const page = `/skills/${path.craft}`;
      if (crafting(player, path.craft))
        return { targets: [`craft-running-${path.craft}`, `nav-${path.craft}`], route: page };
      return { targets: [`craft-start-${path.craft}`, `nav-${path.craft}`], route: page };
    }
    case "combat-style":
      if (!player.featureFlags[path.style]) return inLab(path.style);
      return { targets: [`character-${STYLE_CHARACTER[path.style]}`, "nav-inventory"], route: "/inventory" };
    case "inventory":
      return { targets: ["nav-inventory"], route: "/inventory" };
    case "equip":
      return { targets: [`equip-${path.style}`, "nav-inventory"], route: "/inventory" };
    case "combat-aphid":
      if (player.currentAction.skill === "combat" && player.currentAction.location === "aphid_nest")
        return { targets: ["monsters", "activity-card"], route: "/skills/combat/aphid_nest" };
      return {
        targets: ["combat-start-aphid_nest", "location-combat-aphid_nest", "nav-combat"],
        route: "/skills/combat/aphid_nest",
      };
    case "choose-username":
      return { targets: ["username-input", "nav-settings"], route: "/settings" };
    case FINALE: {
      // the next goal Home shows too (shared's nextGoal): the guide never says otherwise
      const goal = nextGoal(player);
      const node = goal.kind === "lab" ? LAB_NODES[goal.nodeId] : undefined;
      const tour = node ? tourSkillOf(node) : null;
      if (tour) return inLab(tour);
      if (goal.kind === "lab") return { targets: ["open-lab", "nav-lab"], route: "/lab" };
      const nav =
        goal.kind === "full"
          ? "nav-inventory"
          : goal.kind === "claim" || goal.kind === "quest"
            ? "nav-quests"
            : goal.kind === "losing" || goal.skill === "combat"
              ? "nav-combat"
              : `nav-${goal.skill}`;
      return { targets: [nav], route: goalRoute(goal) };
    }
    default:
      return { targets: [], route: null };
  }
}

/** Steps the client completes: the ones only navigation proves (the server completes the others itself). */
export function stepDone(step: string, path: PathInfo, pathname: string, player: PlayerView): boolean {
  switch (step) {
    case "go-picklelogy":
      return pathname === "/skills/picklelogy";
    case "go-skill":
      return pathname === `/skills/${path.skill}`;
    case "inventory":
      return pathname === "/inventory";
    case "choose-username":
      return pathname === "/settings" && player.username.trim() !== "" && player.username !== GUEST_USERNAME;
    default:
      return false;
  }
}

/**
 * The craft the current step asks for, to fill the first idle slot with: three of the path's first
 * material, then one piece of the path's first gear (the head, the first recipe). Null otherwise.
 */
export function tutorialCraft(
  player: PlayerView,
): { skill: CraftSkill; itemId: number; quantity: number } | null {
  const t = player.tutorial;
  if (!t?.ui.isOpen || !t.chosenPath) return null;
  const path = pathInfo(t.chosenPath);
  if (t.currentStep === "craft-three") {
    const itemId = materialItemId(path.craft, 1);
    return {
      skill: path.craft,
      itemId,
      quantity: Math.max(1, TUTORIAL_CRAFT_THRESHOLD - countItem(player, itemId)),
    };
  }
  if (t.currentStep === "equip-one")
    return { skill: path.craft, itemId: gearItemId(path.style, 1, "head"), quantity: 1 };
  return null;
}

/** i18n parameters of a step's text. */
export function stepParams(path: PathInfo, t: (key: string) => string): Record<string, string> {
  return {
    skill: t(`shell:skills.${path.skill}`),
    craft: t(`shell:skills.${path.craft}`),
    style: t(`shell:skills.${path.style}`),
    location: t(`names:locations.${path.location}`),
  };
}

/** The CSS selector of an anchor: its data-tour attribute (the shell puts one on every sidebar entry). */
export function anchorSelector(anchor: string): string {
  return `[data-tour="${anchor}"]`;
}
