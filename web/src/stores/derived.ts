import {
  activeGearStats,
  type CraftSlot,
  combatStyle,
  EMPTY_SLOT_ID,
  isCraftSkill,
  isGatherSkill,
  type PlayerView,
  RECIPES,
  REST_LOCATION,
  shownLevel,
  slotsKey,
} from "@pickle-garden/shared";

/**
 * Read-only views of the snapshot the shell shows (no rule decides anything here): inventory fill, level
 * bonus from gear, the current activity's cycle (progress inside a level is shared's `levelProgress`). Pure, so they are tested alone
 * and selectors stay narrow.
 */

export function inventoryUsed(p: Pick<PlayerView, "inventory">): number {
  let used = 0;
  for (const e of p.inventory) if (e.id !== EMPTY_SLOT_ID && e.stack > 0) used++;
  return used;
}

/** Gear of the active character's class (the shared equipment rule): its `{skill}_lvl` stats raise the level. */
export function skillBonus(p: Pick<PlayerView, "equipmentSlots" | "activeCharacter">, skill: string): number {
  return activeGearStats(p)[`${skill}_lvl`] ?? 0;
}

/**
 * A skill's level as every screen writes it (sidebar, skill page, home): the base level, then the gear
 * bonus in brackets, "2 (+1)"; just "2" without one.
 */
export function levelText(
  p: Pick<PlayerView, "skills" | "equipmentSlots" | "activeCharacter">,
  skill: string,
): string {
  const base = shownLevel(p.skills[skill as keyof PlayerView["skills"]]?.level ?? 1);
  const bonus = skillBonus(p, skill);
  if (bonus === 0) return String(base);
  return `${base} (${bonus > 0 ? "+" : "−"}${Math.abs(bonus)})`;
}

export interface ActivityCycle {
  /** ms per cycle */
  cycleMs: number;
  /** server time the current cycle started */
  startedAt: number;
}

/**
 * The running cycle of the current action, in server time: the next gather hit or combat swing from
 * `currentAction.nextHitAt` and the player's speed, or the crafting slot's item and its recipe time.
 */
export function activityCycle(p: PlayerView): ActivityCycle | null {
  const a = p.currentAction;
  if (a.skill === "none") return null;
  if (isGatherSkill(a.skill) || a.skill === "combat") {
    const style = combatStyle(p);
    const key = (a.skill === "combat" ? `${style}Speed` : `${a.skill}Speed`) as
      | "miningSpeed"
      | "mycologySpeed"
      | "botanySpeed"
      | "meleeSpeed"
      | "magicSpeed"
      | "rangedSpeed";
    const cycleMs = p[key];
    if (!(cycleMs > 0) || a.nextHitAt === null) return null;
    return { cycleMs, startedAt: a.nextHitAt - cycleMs };
  }
  if (isCraftSkill(a.skill)) {
    const slot = p[slotsKey(a.skill)].find((s) => s.currentItem !== null);
    if (!slot || slot.currentItem === null) return null;
    const timeMs = RECIPES[slot.currentItem]?.timeMs;
    if (!timeMs) return null;
    return { cycleMs: timeMs, startedAt: slot.startTime };
  }
  return null;
}

/** A slot's batch as the server keeps it: crafts done of the batch asked (older slots know only what remains). */
export function batchProgress(slot: Pick<CraftSlot, "remaining" | "total">): { done: number; total: number } {
  const total = Math.max(slot.total ?? 0, slot.remaining);
  return { done: total - slot.remaining, total };
}

/** The craft the current action runs: the first busy slot of the crafting skill, its item and batch. */
export function activityCraft(p: PlayerView): { itemId: number; done: number; total: number } | null {
  const a = p.currentAction;
  if (!isCraftSkill(a.skill)) return null;
  const slot = p[slotsKey(a.skill)].find((s) => s.currentItem !== null && s.remaining > 0);
  if (!slot || slot.currentItem === null) return null;
  return { itemId: slot.currentItem, ...batchProgress(slot) };
}

/** Where the activity card leads. */
export function activityPath(a: Pick<PlayerView["currentAction"], "skill" | "location">): string {
  if (a.skill === "none") return "/";
  if (a.skill === "combat")
    return a.location && a.location !== REST_LOCATION ? `/skills/combat/${a.location}` : "/skills/combat";
  if (isCraftSkill(a.skill)) return `/skills/${a.skill}`;
  return a.location && a.location !== REST_LOCATION
    ? `/skills/${a.skill}/${a.location}`
    : `/skills/${a.skill}`;
}

export function isGuest(p: Pick<PlayerView, "discordId" | "featureFlags">): boolean {
  return !!p.featureFlags.isGuest || p.discordId.startsWith("guest-");
}
