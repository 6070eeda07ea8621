import { locationFor } from "../../../data/locations.ts";
import { type GatherSkill, isGatherSkill } from "../../../data/skills.ts";
import type { Player } from "../../../protocol/player.ts";
import { hasActionFlag } from "../../intents/setAction.ts";
import { locationNodes } from "../rollNode.ts";

/** A place members can share: one gathering node (skill at location) or one set of monsters (location). */
export type Place =
  | { kind: "gather"; key: string; skill: GatherSkill; location: string }
  | { kind: "fight"; key: string; location: string };

/**
 * Where a member acts in a way others can share, or null (resting, crafting only, out of the fight, an
 * action the solo rule would reset). The key names the place in RoomState.nodes or RoomState.fights.
 */
export function placeOf(player: Pick<Player, "currentAction" | "featureFlags" | "combat">): Place | null {
  const { skill, location } = player.currentAction;
  if (!hasActionFlag(player, skill)) return null;
  if (isGatherSkill(skill)) {
    if (!("kinds" in locationNodes(skill as GatherSkill, location))) return null;
    return { kind: "gather", key: `${skill}@${location}`, skill: skill as GatherSkill, location };
  }
  if (skill === "combat" && !player.combat.quit) {
    const loc = locationFor("combat", location);
    if (!loc || loc.spawns.length === 0) return null;
    return { kind: "fight", key: location, location };
  }
  return null;
}
