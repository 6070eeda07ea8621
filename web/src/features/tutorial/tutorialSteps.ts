import {
  type CombatStyle,
  CRAFT_FROM_GATHER,
  type CraftSkill,
  FIRST_LOCATION,
  type GatherSkill,
  GEAR_CLASS_OF_CRAFT,
  ITEMS,
  type PlayerView,
  TUTORIAL_CRAFT_THRESHOLD,
  TUTORIAL_EQUIP_THRESHOLD,
  TUTORIAL_GATHER_THRESHOLD,
  TUTORIAL_STEPS,
} from "@pickle-garden/shared";

/**
 * The tutorial's steps in the order of spec shell §4, with the page anchor each points at
 * (data-tour attributes) and the condition, seen on the client, that completes it.
 */
/** The server's step ids, in order (shared rules). */
export const TUTORIAL_STEP_IDS = TUTORIAL_STEPS;
export type TutorialStepId = (typeof TUTORIAL_STEP_IDS)[number];

export interface PathInfo {
  skill: GatherSkill;
  craft: CraftSkill;
  style: CombatStyle;
  location: string;
}

export function pathInfo(path: GatherSkill | null | undefined): PathInfo {
  const skill = path ?? "mining";
  const craft = CRAFT_FROM_GATHER[skill];
  return { skill, craft, style: GEAR_CLASS_OF_CRAFT[craft], location: FIRST_LOCATION[skill] };
}

export interface StepContext {
  pathname: string;
  player: PlayerView;
}

function count(player: PlayerView, match: (id: number) => boolean): number {
  let n = 0;
  for (const e of player.inventory) if (e.id !== -1 && match(e.id)) n += e.stack;
  return n;
}

function equippedCount(player: PlayerView, style?: CombatStyle): number {
  let n = 0;
  for (const [s, loadout] of Object.entries(player.equipmentSlots)) {
    if (style && s !== style) continue;
    for (const piece of Object.values(loadout)) if (piece) n++;
  }
  return n;
}

/** The data-tour anchor a step points at. */
export function stepAnchor(step: string, path: PathInfo, pathname: string): string | null {
  switch (step) {
    case "go-picklelogy":
      return "nav-picklelogy";
    case "lab-choose-path":
      return null;
    case "lab-buy-gather":
      return pathname === "/lab" ? `lab-buy-${path.skill}` : "nav-lab";
    case "go-skill":
      return `nav-${path.skill}`;
    case "first-location":
      return `location-${path.skill}-${path.location}`;
    case "gather-six":
      return `gather-start-${path.skill}`;
    case "craft-three":
    case "equip-one":
      return `nav-${path.craft}`;
    case "combat-style":
      return pathname === "/lab" ? `lab-buy-${path.style}` : "nav-lab";
    case "inventory":
      return "nav-inventory";
    case "equip":
      return "equip";
    case "combat-aphid":
      return pathname.startsWith("/skills/combat") ? "location-combat-aphid_nest" : "nav-combat";
    case "choose-username":
      return "nav-settings";
    default:
      return null;
  }
}

/** Whether the client sees the step as done (the server has the last word). */
export function stepDone(step: string, path: PathInfo, { pathname, player }: StepContext): boolean {
  switch (step) {
    case "go-picklelogy":
      return pathname === "/skills/picklelogy";
    case "lab-choose-path":
      return player.tutorial?.chosenPath != null;
    case "lab-buy-gather":
      return !!player.featureFlags[path.skill];
    case "go-skill":
      return pathname === `/skills/${path.skill}`;
    case "first-location":
      return player.currentAction.skill === path.skill && player.currentAction.location === path.location;
    case "gather-six":
      return (
        count(player, (id) => ITEMS[id]?.category === "Resource" && ITEMS[id]?.type.skill === path.skill) >=
        TUTORIAL_GATHER_THRESHOLD
      );
    case "craft-three":
      return (
        count(player, (id) => ITEMS[id]?.type.skill === path.craft) + equippedCount(player, path.style) >=
        TUTORIAL_CRAFT_THRESHOLD
      );
    case "equip-one":
      return (
        count(player, (id) => ITEMS[id]?.gearClass === path.style) + equippedCount(player, path.style) >=
        TUTORIAL_EQUIP_THRESHOLD
      );
    case "combat-style":
      return player.activeCharacter !== "seed";
    case "inventory":
      return pathname === "/inventory";
    case "equip":
      return equippedCount(player) >= TUTORIAL_EQUIP_THRESHOLD;
    case "combat-aphid":
      // the server completes it on the first aphid killed
      return false;
    case "choose-username":
      return pathname === "/settings" && player.username.trim() !== "" && player.username !== "Guest Sprout";
    default:
      return false;
  }
}

/** i18n parameters of a step's text. */
export function stepParams(path: PathInfo, t: (key: string) => string): Record<string, string> {
  return {
    skill: t(`shell:skills.${path.skill}`),
    craft: t(`shell:skills.${path.craft}`),
    style: t(`shell:skills.${path.style}`),
    location: t(`shell:locations.${path.location}`),
  };
}

/** The CSS selector of an anchor: its data-tour attribute (the shell puts one on every sidebar entry). */
export function anchorSelector(anchor: string): string {
  return `[data-tour="${anchor}"]`;
}
