import { LAB_NODES } from "../../data/labNodes.ts";
import type { LabState, Player } from "../../protocol/player.ts";
import { padInventory } from "./inventoryCapacity.ts";

/** Every feature key and stat key some lab node can set: the lab owns these entries of the player. */
const LAB_FEATURES = new Set<string>();
const LAB_STATS = new Set<string>();
for (const node of Object.values(LAB_NODES)) {
  for (const e of node.effects) (e.type === "feature" ? LAB_FEATURES : LAB_STATS).add(e.key);
}

/** Flags and modifiers the owned nodes give: feature effects enable; stat `add` sums value × level, `x` multiplies value^level. */
export function labEffects(lab: Pick<LabState, "nodes">): {
  flags: Record<string, boolean>;
  modifiers: Record<string, number>;
} {
  const flags: Record<string, boolean> = {};
  const modifiers: Record<string, number> = {};
  for (const [id, state] of Object.entries(lab.nodes)) {
    const node = LAB_NODES[id];
    if (!node || state.level <= 0) continue;
    for (const e of node.effects) {
      if (e.type === "feature") flags[e.key] = true;
      else if (e.op === "add") modifiers[e.key] = (modifiers[e.key] ?? 0) + e.value * state.level;
      else modifiers[e.key] = (modifiers[e.key] ?? 1) * e.value ** state.level;
    }
  }
  return { flags, modifiers };
}

/**
 * Recomputes feature flags and modifiers from every owned node, in place on a draft: lab-owned flags
 * not enabled turn off, other flags (isGuest…) stay; the inventory grows to its new capacity.
 */
export function recomputeLabInPlace(draft: Player): void {
  const { flags, modifiers } = labEffects(draft.lab);
  for (const key of LAB_FEATURES) draft.featureFlags[key] = flags[key] === true;
  for (const key of LAB_STATS) {
    if (key in modifiers) draft.modifiers[key] = modifiers[key] as number;
    else delete draft.modifiers[key];
  }
  padInventory(draft);
}
