import { z } from "zod";
import {
  ActionSkillSchema,
  CombatStyleSchema,
  CraftSkillSchema,
  EquipmentSlotSchema,
  GatherSkillSchema,
  SkillIdSchema,
} from "./skills.ts";

/** Zod schemas of every table's entries: the data test parses each table with these. */

export const ItemIdSchema = z.number().int().positive();

export const ItemCategorySchema = z.enum(["Resource", "Material", "Armor", "BodyArmor", "Weapon"]);

/** Stat bonuses an item or an affix grants, by effect key (health_lvl, melee_lvl, mining_damage, crit_chance_pct…). */
export const StatsSchema = z.record(z.string(), z.number());
export type Stats = z.infer<typeof StatsSchema>;

export const ItemSchema = z.object({
  id: ItemIdSchema,
  name: z.string().min(1),
  category: ItemCategorySchema,
  /** skill and tier, e.g. { skill: "mining", tier: 1 } */
  type: z.object({
    skill: z.union([SkillIdSchema, z.literal("combat")]),
    tier: z.number().int().min(1).max(10),
  }),
  description: z.string(),
  image: z.string(),
  level: z.number().int().min(1),
  craftlvlreq: z.number().int().min(1).nullable(),
  craftmaterials: z.record(z.string(), z.number().int().positive()),
  outputqty: z.number().int().positive(),
  sellvalue: z.number().int().min(0),
  stackable: z.boolean(),
  stack: z.number().int().positive(),
  bankStack: z.number().int().positive(),
  equipStack: z.number().int().positive().nullable(),
  equipmentslot: EquipmentSlotSchema.nullable(),
  /** gear class: melee (30xxx), magic (31xxx), ranged (32xxx) */
  gearClass: CombatStyleSchema.nullable(),
  statslots: z.number().int().min(0).max(3),
  spell: z.string().nullable(),
  stats: StatsSchema,
});
export type Item = z.infer<typeof ItemSchema>;

export const RecipeSchema = z.object({
  itemId: ItemIdSchema,
  skill: CraftSkillSchema,
  level: z.number().int().min(1),
  inputs: z.record(z.string(), z.number().int().positive()),
  output: z.number().int().positive(),
  xp: z.number().positive(),
  timeMs: z.number().int().positive(),
});
export type Recipe = z.infer<typeof RecipeSchema>;

export const LocationSchema = z.object({
  id: z.string().min(1),
  skill: z.union([GatherSkillSchema, z.literal("combat")]),
  tier: z.number().int().min(1).max(10),
  requiredLevel: z.number().int().min(1),
  /** Weighted node ids (gathering) or monster ids (combat) that spawn here. */
  spawns: z.array(
    z.object({
      id: z.number().int(),
      /** whole numbers: gathering draws a spawn from a table with one entry per unit of weight */
      weight: z.number().int().min(0),
      /** the area's lucky node (spec §9); the 'luckynode' flag (Lucky Find) triples its weight */
      lucky: z.boolean().optional(),
    }),
  ),
});
export type Location = z.infer<typeof LocationSchema>;

export const GatherNodeSchema = z.object({
  id: z.number().int(),
  skill: GatherSkillSchema,
  name: z.string().min(1),
  level: z.number().int().min(1),
  maxHp: z.number().int().positive(),
});
export type GatherNode = z.infer<typeof GatherNodeSchema>;

export const DropEntrySchema = z.object({
  itemId: ItemIdSchema,
  /** whole numbers, as spawn weights */
  weight: z.number().int().min(0),
  stack: z.number().int().positive(),
  breakXp: z.number().min(0),
});
export type DropEntry = z.infer<typeof DropEntrySchema>;

export const MonsterTypeSchema = CombatStyleSchema;
/** What a monster's bite that reaches health does to the fighter (rules/simulation/combat/afflictions.ts). */
export const AFFLICTION_KINDS = ["poison", "weaken", "slow", "stun"] as const;
export const AfflictionKindSchema = z.enum(AFFLICTION_KINDS);
export type AfflictionKind = z.infer<typeof AfflictionKindSchema>;
export const AfflictionSchema = z.object({
  kind: AfflictionKindSchema,
  /** poison: health lost a second; weaken: % less swing damage; slow: % longer swings; stun: ms the next swing waits */
  power: z.number().int().positive(),
  /** how long it lasts after the bite (a stun lasts until the swing it delayed) */
  durationMs: z.number().int().min(0),
  /** a helmet of this gear tier or above (its `ward` stat) halves the power */
  tier: z.number().int().min(1),
});
export type Affliction = z.infer<typeof AfflictionSchema>;

export const MonsterSchema = z.object({
  id: z.number().int(),
  name: z.string().min(1),
  level: z.number().int().min(1),
  hp: z.number().int().positive(),
  maxHp: z.number().int().positive(),
  attack: z.number().positive(),
  attackSpeed: z.number().int().min(500),
  /** ms between the monster's appearances; spec default 10 s */
  time: z.number().int().positive(),
  hitXp: z.number().min(0),
  type: MonsterTypeSchema,
  /** the insects past level 40 afflict the fighter they bite (rules/simulation/combat/afflictions.ts) */
  affliction: AfflictionSchema.optional(),
});
export type Monster = z.infer<typeof MonsterSchema>;

export const SpellTypeSchema = z.enum(["heal", "melee_dmg", "magic_dmg", "ranged_dmg"]);
export const SpellSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  type: SpellTypeSchema,
  value: z.number().positive(),
  chance: z.number().min(0).max(1),
  manaCost: z.number().int().positive(),
  cooldownMs: z.number().int().positive(),
  targets: z.number().int().positive(),
});
export type Spell = z.infer<typeof SpellSchema>;

export const AffixSchema = z.object({
  id: z.string().min(1),
  tier: z.number().int().min(1).max(4),
  /** 'any' or a gear class */
  clazz: z.union([CombatStyleSchema, z.literal("any")]),
  label: z.string().min(1),
  weight: z.number().min(0),
  /** empty for the 'nothing' entries */
  stats: StatsSchema,
});
export type Affix = z.infer<typeof AffixSchema>;

export const LabEffectSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("feature"), key: z.string().min(1), op: z.literal("enable") }),
  z.object({ type: z.literal("stat"), key: z.string().min(1), op: z.enum(["add", "x"]), value: z.number() }),
]);
export type LabEffect = z.infer<typeof LabEffectSchema>;

export const LabCategorySchema = z.enum([
  "utility",
  "mining",
  "mycology",
  "botany",
  "smithing",
  "tanning",
  "tailoring",
  "combat",
  "meta",
]);

export const LabNodeSchema = z.object({
  _id: z.string().regex(/^(root|(north|south|east|west):[a-z0-9_-]+:[a-z0-9_+-]+)$/),
  category: LabCategorySchema,
  label: z.string().min(1),
  icon: z.string(),
  desc: z.string(),
  maxLevel: z.number().int().min(1),
  /** RP per level: cost[level] is the price of going from level to level + 1 */
  cost: z.array(z.number().min(0)),
  prerequisites: z.array(z.string()),
  /** Effects per level bought (applied level times for stat effects). */
  effects: z.array(LabEffectSchema),
  lock: z.boolean().optional(),
  /** Gather unlock roots price by purchase order (spec §5); see lab tree notes. */
  unlockRoot: z.boolean().optional(),
  /** The picklelogy level the node needs beside its prerequisites (the world past level 40's research). */
  picklelogy: z.number().int().min(1).max(99).optional(),
  /** Layout position in the tree for drawing: x to the east, y to the south. */
  pos: z.object({ x: z.number(), y: z.number() }),
});
export type LabNode = z.infer<typeof LabNodeSchema>;

export { ActionSkillSchema };
