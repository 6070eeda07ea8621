import type { SkillId } from "@pickle-garden/shared";

/**
 * Sidebar groups of spec §2 and the flag each row needs (null: always shown).
 * Skills: picklelogy always, the six others by their own flag. Combat: health, intellect, melee, magic,
 * ranged by the flags combat, intellect, melee, magic, ranged.
 */
export interface SkillRowSpec {
  skill: SkillId;
  flag: string | null;
}

export const SKILL_ROWS: readonly SkillRowSpec[] = [
  { skill: "picklelogy", flag: null },
  { skill: "mining", flag: "mining" },
  { skill: "mycology", flag: "mycology" },
  { skill: "botany", flag: "botany" },
  { skill: "smithing", flag: "smithing" },
  { skill: "tanning", flag: "tanning" },
  { skill: "tailoring", flag: "tailoring" },
];

export const COMBAT_ROWS: readonly SkillRowSpec[] = [
  { skill: "health", flag: "combat" },
  { skill: "intellect", flag: "intellect" },
  { skill: "melee", flag: "melee" },
  { skill: "magic", flag: "magic" },
  { skill: "ranged", flag: "ranged" },
];

export function visibleRows(
  rows: readonly SkillRowSpec[],
  flags: Readonly<Record<string, boolean>>,
): SkillId[] {
  return rows.filter((r) => r.flag === null || flags[r.flag] === true).map((r) => r.skill);
}

/** A drawer "close event": anything may dispatch it on window to close the phone drawer. */
export const CLOSE_DRAWER_EVENT = "sidebar:close";
