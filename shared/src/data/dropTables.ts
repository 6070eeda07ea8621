import { GATHER_NODE_BASE } from "./gatherNodes.ts";
import { combatDropItemId, rawItemId, TIERS } from "./itemIds.ts";
import type { DropEntry } from "./schemas.ts";
import type { GatherSkill } from "./skills.ts";

export type DropTableSkill = GatherSkill | "combat";

/** Resource tiers: stacks 1/2/3 at weights 85/10/5 (spec §9). */
const RESOURCE_STACK_WEIGHTS = [
  { stack: 1, weight: 85 },
  { stack: 2, weight: 10 },
  { stack: 3, weight: 5 },
] as const;
/**
 * Combat breakXp by monster tier (spec §9 for 1–6).
 * chosen for 7–10: rising as the seed's last steps do (+16 a tier), so a kill past 40 stays worth its fight
 */
const COMBAT_BREAK_XP = [2, 4, 10, 16, 20, 36, 52, 68, 84, 100] as const;

/**
 * breakXp base: 2 at tier 1, rising by 2 per tier (spec), then chosen for tiers 7–10: 16, 20, 25, 30, so a new
 * place's node pays more xp a hit than the one below at the level it opens (docs/progression.md); the stack-2
 * and stack-3 entries are 2× and 3×.
 */
const BREAK_XP_BASE = [2, 4, 6, 8, 10, 12, 16, 20, 25, 30] as const;

function resourceDrops(skill: GatherSkill, tier: number): DropEntry[] {
  const base = BREAK_XP_BASE[tier - 1]!;
  return RESOURCE_STACK_WEIGHTS.map(({ stack, weight }) => ({
    itemId: rawItemId(skill, tier),
    weight,
    stack,
    breakXp: base * stack,
  }));
}

function gatherTable(skill: GatherSkill): Record<number, DropEntry[]> {
  return Object.fromEntries(TIERS.map((t) => [GATHER_NODE_BASE[skill] + t, resourceDrops(skill, t)]));
}

/** DROP_TABLES[skill][nodeId] for gathering, DROP_TABLES.combat[monsterId] for combat. */
export const DROP_TABLES: Readonly<Record<DropTableSkill, Readonly<Record<number, readonly DropEntry[]>>>> = {
  mining: gatherTable("mining"),
  mycology: gatherTable("mycology"),
  botany: gatherTable("botany"),
  // monster id = monster tier (monsters.ts)
  combat: Object.fromEntries(
    TIERS.map((t) => [
      t,
      [{ itemId: combatDropItemId(t), weight: 100, stack: 1, breakXp: COMBAT_BREAK_XP[t - 1]! }],
    ]),
  ),
};
