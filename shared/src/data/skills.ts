import { z } from "zod";

export const GATHER_SKILLS = ["mining", "mycology", "botany"] as const;
export const CRAFT_SKILLS = ["smithing", "tanning", "tailoring"] as const;
export const COMBAT_STYLES = ["melee", "magic", "ranged"] as const;
export const SKILL_IDS = [
  "picklelogy",
  ...GATHER_SKILLS,
  ...CRAFT_SKILLS,
  "health",
  "intellect",
  ...COMBAT_STYLES,
] as const;

export const SkillIdSchema = z.enum(SKILL_IDS);
export type SkillId = z.infer<typeof SkillIdSchema>;
export const GatherSkillSchema = z.enum(GATHER_SKILLS);
export type GatherSkill = z.infer<typeof GatherSkillSchema>;
export const CraftSkillSchema = z.enum(CRAFT_SKILLS);
export type CraftSkill = z.infer<typeof CraftSkillSchema>;
export const CombatStyleSchema = z.enum(COMBAT_STYLES);
export type CombatStyle = z.infer<typeof CombatStyleSchema>;

const GATHER: ReadonlySet<string> = new Set(GATHER_SKILLS);
const CRAFT: ReadonlySet<string> = new Set(CRAFT_SKILLS);

export function isGatherSkill(skill: string): skill is GatherSkill {
  return GATHER.has(skill);
}

export function isCraftSkill(skill: string): skill is CraftSkill {
  return CRAFT.has(skill);
}

/** An action's skill: a real skill, 'combat' for fighting, or 'none' when resting at home. */
export const ActionSkillSchema = z.enum(["none", ...GATHER_SKILLS, ...CRAFT_SKILLS, "combat"]);
export type ActionSkill = z.infer<typeof ActionSkillSchema>;

export const SkillKindSchema = z.enum(["research", "gathering", "crafting", "combat"]);

export const SkillSchema = z.object({
  id: SkillIdSchema,
  kind: SkillKindSchema,
  /** The feature flag the skill needs; picklelogy, health and intellect have their own rules. */
  flag: z.string().nullable(),
});
export type Skill = z.infer<typeof SkillSchema>;

/**
 * Spec: mining→mining, mycology→mycology, botany/tanning/tailoring→botany, smithing→smithing, melee/magic/ranged→combat.
 * We depart for tanning and tailoring, which need their own unlock flag: under the spec's mapping a player on the
 * mycology path could unlock tanning but never tan (docs/decisions.md).
 */
export const SKILLS: Readonly<Record<SkillId, Skill>> = {
  picklelogy: { id: "picklelogy", kind: "research", flag: null },
  mining: { id: "mining", kind: "gathering", flag: "mining" },
  mycology: { id: "mycology", kind: "gathering", flag: "mycology" },
  botany: { id: "botany", kind: "gathering", flag: "botany" },
  smithing: { id: "smithing", kind: "crafting", flag: "smithing" },
  tanning: { id: "tanning", kind: "crafting", flag: "tanning" },
  tailoring: { id: "tailoring", kind: "crafting", flag: "tailoring" },
  health: { id: "health", kind: "combat", flag: null },
  intellect: { id: "intellect", kind: "combat", flag: "intellect" },
  melee: { id: "melee", kind: "combat", flag: "combat" },
  magic: { id: "magic", kind: "combat", flag: "combat" },
  ranged: { id: "ranged", kind: "combat", flag: "combat" },
};

/** The flag an action's skill needs (spec §4 "Action and feature flags", with the tanning/tailoring departure above). */
export const ACTION_FLAG: Readonly<Record<Exclude<ActionSkill, "none">, string>> = {
  mining: "mining",
  mycology: "mycology",
  botany: "botany",
  smithing: "smithing",
  tanning: "tanning",
  tailoring: "tailoring",
  combat: "combat",
};

export const CHARACTERS = ["seed", "archer", "mage", "warrior"] as const;
export const CharacterSchema = z.enum(CHARACTERS);
export type Character = z.infer<typeof CharacterSchema>;
/** archer→ranged, mage→magic, warrior→melee; the starting seed has no style. */
export const CHARACTER_STYLE: Readonly<Record<Character, CombatStyle | null>> = {
  seed: null,
  archer: "ranged",
  mage: "magic",
  warrior: "melee",
};
/** The character who fights each style (CHARACTER_STYLE read backwards). */
export const STYLE_CHARACTER: Readonly<Record<CombatStyle, Character>> = {
  melee: "warrior",
  magic: "mage",
  ranged: "archer",
};

export const EQUIPMENT_SLOTS = ["head", "chest", "legs", "feet", "hands", "offhand", "mainhand"] as const;
export const EquipmentSlotSchema = z.enum(EQUIPMENT_SLOTS);
export type EquipmentSlot = z.infer<typeof EquipmentSlotSchema>;

export const MAX_LEVEL = 99;
