import { locationFor } from "../../data/locations.ts";
import type { ActionSkill, GatherSkill } from "../../data/skills.ts";
import {
  ACTION_FLAG,
  CHARACTER_STYLE,
  COMBAT_STYLES,
  type GATHER_SKILLS,
  isCraftSkill,
  isGatherSkill,
} from "../../data/skills.ts";
import type { GatherNodeState, Player } from "../../protocol/player.ts";
import { actionTimeMs } from "../simulation/gatherDamage.ts";
import { locationNodes, rollNode, type SpawnKind } from "../simulation/rollNode.ts";
import { clonePlayer } from "../state/clonePlayer.ts";
import type { GameEvent } from "../state/events.ts";
import { restingAction } from "../state/newPlayer.ts";
import type { RuleResult } from "../state/result.ts";
import { reject } from "../state/result.ts";
import { Rng } from "../state/rng.ts";
import { cancelOtherCraftSkillsInPlace } from "./cancelCraft.ts";

export const ACTION_CODES = {
  locked: "action/locked",
  unknownLocation: "action/unknown_location",
  noNodes: "action/no_nodes",
  levelRequired: "action/level_required",
} as const;
export type ActionCode = (typeof ACTION_CODES)[keyof typeof ACTION_CODES];

/** Whether the player holds the flag an action's skill needs (mining→mining; botany, tanning, tailoring→botany…). */
export function hasActionFlag(player: Pick<Player, "featureFlags">, skill: ActionSkill): boolean {
  return skill === "none" || player.featureFlags[ACTION_FLAG[skill]] === true;
}

// chosen: a combat area's required level is checked against the active class's level (the seed: its best class)
export function combatLevel(player: Pick<Player, "skills" | "activeCharacter">): number {
  const style = CHARACTER_STYLE[player.activeCharacter];
  return style ? player.skills[style].level : Math.max(...COMBAT_STYLES.map((s) => player.skills[s].level));
}

/** The level a location's required level is checked against: the gathering skill's, or combatLevel. */
export function areaLevel(
  player: Pick<Player, "skills" | "activeCharacter">,
  skill: GatherSkill | "combat",
): number {
  return skill === "combat" ? combatLevel(player) : player.skills[skill].level;
}

/**
 * The intent "do {skill} at {location}" at `now` (the player settled to `now` first). Checks the skill's flag,
 * that the location exists ('Unknown {skill} location: {loc}') and has nodes ('No nodes defined'), and its
 * required level. Gathering finds the node it left at that place (a node stays until it breaks), else rolls
 * one; switching to anything else than a crafting skill stops
 * crafting, and switching crafting skills cancels the other skill's slots. The same action again changes nothing.
 */
export function setAction(
  player: Player,
  input: { skill: ActionSkill; location: string },
  now: number,
): RuleResult<Player, GameEvent, ActionCode> {
  const { skill, location } = input;
  const current = player.currentAction;
  if (current.skill === skill && (current.location === location || isCraftSkill(skill))) {
    return { ok: true, state: player, events: [] };
  }
  if (!hasActionFlag(player, skill)) return reject(ACTION_CODES.locked, `Unlock ${skill} first`);
  const draft = clonePlayer(player);
  leaveNodeInPlace(draft);
  if (skill === "none") {
    draft.currentAction = restingAction(now);
  } else if (isGatherSkill(skill)) {
    const g = skill;
    const found = locationNodes(g, location, draft.featureFlags.luckynode === true);
    if (!("kinds" in found)) {
      return reject(
        found.code === "gather/unknown_location" ? ACTION_CODES.unknownLocation : ACTION_CODES.noNodes,
        found.message,
      );
    }
    if (areaLevel(draft, g) < found.location.requiredLevel) {
      return reject(ACTION_CODES.levelRequired, `${g} level ${found.location.requiredLevel} required`);
    }
    draft.currentAction = {
      skill,
      location,
      lastUpdate: now,
      ...nodeAt(draft, g, location, found.kinds),
      nextHitAt: now + actionTimeMs(draft, g),
    };
  } else if (skill === "combat") {
    const loc = locationFor("combat", location);
    if (!loc) return reject(ACTION_CODES.unknownLocation, `Unknown combat location: ${location}`);
    if (areaLevel(draft, "combat") < loc.requiredLevel) {
      return reject(ACTION_CODES.levelRequired, `combat level ${loc.requiredLevel} required`);
    }
    draft.currentAction = { ...restingAction(now), skill, location };
    draft.currentMonsters = [];
  } else {
    draft.currentAction = { ...restingAction(now), skill, location: skill };
  }
  const events = cancelOtherCraftSkillsInPlace(draft, skill, now);
  return { ok: true, state: draft, events };
}

const nodeKey = (skill: string, location: string) => `${skill}/${location}`;

/** Leaving a gathering place keeps its node as it is (a script toggling the action rolls nothing). */
function leaveNodeInPlace(draft: Player): void {
  const { skill, location, nodeId, nodeHp, nodeMaxHp } = draft.currentAction;
  if (!isGatherSkill(skill) || nodeId === null) return;
  draft.gatherNodes = { ...draft.gatherNodes, [nodeKey(skill, location)]: { nodeId, nodeHp, nodeMaxHp } };
}

/** The node left at this place, if it still spawns here; else a new roll at full HP. */
function nodeAt(
  draft: Player,
  skill: (typeof GATHER_SKILLS)[number],
  location: string,
  kinds: readonly SpawnKind[],
): GatherNodeState {
  const key = nodeKey(skill, location);
  const kept = draft.gatherNodes?.[key];
  if (kept) {
    const { [key]: _taken, ...others } = draft.gatherNodes ?? {};
    draft.gatherNodes = others;
    if (kinds.some((k) => k.node.id === kept.nodeId)) return kept;
  }
  const rng = new Rng(draft.rng);
  const node = kinds[rollNode(kinds, rng)]!.node;
  draft.rng = rng.state();
  return { nodeId: node.id, nodeHp: node.maxHp, nodeMaxHp: node.maxHp };
}

/**
 * The reset rule on a draft: an action whose skill needs a flag the player lacks goes back to none/home.
 * Returns true when it reset.
 */
export function resetActionIfLockedInPlace(draft: Player, at: number): boolean {
  if (hasActionFlag(draft, draft.currentAction.skill)) return false;
  draft.currentAction = restingAction(at);
  return true;
}
