import { z } from "zod";
import {
  ActionSkillSchema,
  CharacterSchema,
  CombatStyleSchema,
  EquipmentSlotSchema,
  GatherSkillSchema,
  SkillIdSchema,
} from "../data/skills.ts";
import { QuestBoardSchema } from "./quests.ts";

/** The player document: every field of spec §3 of both documents, plus the simulation's bookkeeping. */

export const PLAYER_SCHEMA_VERSION = 4;

export const AffixRollSchema = z.object({
  id: z.string(),
  tier: z.number().int(),
  stats: z.record(z.string(), z.number()),
});
export type AffixRoll = z.infer<typeof AffixRollSchema>;

/** id -1 is an empty slot. */
export const InventoryEntrySchema = z.object({
  id: z.number().int(),
  stack: z.number().int().min(0),
  level: z.number().int().min(0).optional(),
  affixes: z.array(AffixRollSchema).optional(),
});
export type InventoryEntry = z.infer<typeof InventoryEntrySchema>;
export const EMPTY_SLOT_ID = -1;

export const SkillStateSchema = z.object({ level: z.number().int().min(1), xp: z.number().min(0) });
export type SkillState = z.infer<typeof SkillStateSchema>;

export const LabNodeStateSchema = z.object({ level: z.number().int().min(0), boughtAt: z.number() });
export const LabStateSchema = z.object({
  rp: z.number().min(0),
  earnedRpLifetime: z.number().min(0),
  nodes: z.record(z.string(), LabNodeStateSchema),
});
export type LabState = z.infer<typeof LabStateSchema>;

export const EquipmentSchema = z.record(EquipmentSlotSchema, InventoryEntrySchema.nullable());
export const EquipmentSlotsSchema = z.object({
  melee: EquipmentSchema,
  magic: EquipmentSchema,
  ranged: EquipmentSchema,
});
export type EquipmentSlots = z.infer<typeof EquipmentSlotsSchema>;

export const BarrierSchema = z.object({
  remaining: z.number().min(0),
  max: z.number().min(0),
  nextReadyAt: z.number(),
});

export const CurrentActionSchema = z.object({
  skill: ActionSkillSchema,
  location: z.string(),
  lastUpdate: z.number(),
  nodeId: z.number().int().nullable(),
  nodeHp: z.number().min(0),
  nodeMaxHp: z.number().min(0),
  /** simulation time of the next gather hit or combat swing */
  nextHitAt: z.number().nullable(),
});
export type CurrentAction = z.infer<typeof CurrentActionSchema>;

export const GatherNodeStateSchema = z.object({
  nodeId: z.number().int(),
  nodeHp: z.number().min(0),
  nodeMaxHp: z.number().min(0),
});
export type GatherNodeState = z.infer<typeof GatherNodeStateSchema>;

const TimedStatusSchema = z.object({ until: z.number() });
const DotStatusSchema = z.object({
  until: z.number(),
  dps: z.number(),
  acc: z.number(),
  nextTickAt: z.number(),
});
export const MonsterStatusSchema = z.object({
  freeze: TimedStatusSchema.optional(),
  stun: TimedStatusSchema.optional(),
  burn: DotStatusSchema.optional(),
  bleed: DotStatusSchema.optional(),
});
export type MonsterStatus = z.infer<typeof MonsterStatusSchema>;

export const MonsterInstanceSchema = z.object({
  id: z.number().int(),
  uid: z.string(),
  hp: z.number().min(0),
  maxHp: z.number().positive(),
  nextAttackAt: z.number().nullable(),
  status: MonsterStatusSchema,
});
export type MonsterInstance = z.infer<typeof MonsterInstanceSchema>;

export const CraftSlotSchema = z.object({
  currentItem: z.number().int().nullable(),
  /** when the item now being crafted started */
  startTime: z.number(),
  remaining: z.number().int().min(0),
  /** crafts the running batch asked for (absent on slots started before it was kept) */
  total: z.number().int().min(0).optional(),
});
export type CraftSlot = z.infer<typeof CraftSlotSchema>;

export const TutorialSchema = z.object({
  currentStep: z.string(),
  done: z.array(z.string()),
  chosenPath: GatherSkillSchema.nullable(),
  ui: z.object({ isOpen: z.boolean() }),
});
export type Tutorial = z.infer<typeof TutorialSchema>;

/**
 * What the insects past level 40 did to the fighter (rules/simulation/combat/afflictions.ts), each while it lasts; absent
 * when none (optional, so stored players load as they are).
 */
export const PlayerAfflictionsSchema = z.object({
  /** `dps` health lost on each tick, the last tick at or before `until` */
  poison: z.object({ until: z.number(), dps: z.number(), nextTickAt: z.number() }).optional(),
  /** swings before `until` deal `pct` % less */
  weaken: z.object({ until: z.number(), pct: z.number() }).optional(),
  /** swings scheduled before `until` take `pct` % longer */
  slow: z.object({ until: z.number(), pct: z.number() }).optional(),
  /** the swing at `swingAt` was put back by a stun (another bite before it does not stun again) */
  stun: z.object({ swingAt: z.number() }).optional(),
});
export type PlayerAfflictions = z.infer<typeof PlayerAfflictionsSchema>;

export const CombatStateSchema = z.object({
  spellReadyAt: z.record(z.string(), z.number()),
  /** mana spent not yet turned into intellect xp */
  manaSpent: z.number().min(0),
  /** fractional regeneration carried between seconds */
  regenAcc: z.object({ health: z.number(), mana: z.number() }),
  /** next whole-second regeneration tick */
  nextRegenAt: z.number().nullable(),
  quit: z.boolean(),
  afflictions: PlayerAfflictionsSchema.optional(),
});
export type CombatState = z.infer<typeof CombatStateSchema>;

/**
 * One span of the garden-supporter subscription, from one Discord entitlement: xp earned at a time t with
 * startsAt < t <= endsAt gets the subscription's bonus. null is open (Discord's test entitlements have
 * neither end). Only the server writes them, from what Discord answers (docs/decisions.md, "The garden-supporter subscription").
 */
export const SubscriptionWindowSchema = z.object({
  startsAt: z.number().nullable(),
  endsAt: z.number().nullable(),
});
export type SubscriptionWindow = z.infer<typeof SubscriptionWindowSchema>;

/** xoshiro128** state: four unsigned 32-bit words. Never sent to a client. */
export const RngStateSchema = z.tuple([z.number(), z.number(), z.number(), z.number()]);
export type RngState = z.infer<typeof RngStateSchema>;

export const PlayerSchema = z.object({
  schemaVersion: z.number().int(),
  discordId: z.string().min(1),
  username: z.string(),
  avatar: z.string().nullable(),
  activeCharacter: CharacterSchema,
  featureFlags: z.record(z.string(), z.boolean()),
  gold: z.number().min(0),
  lab: LabStateSchema,
  skills: z.record(SkillIdSchema, SkillStateSchema),
  inventory: z.array(InventoryEntrySchema),
  inv_size: z.number().int().positive(),
  modifiers: z.record(z.string(), z.number()),
  equipmentSlots: EquipmentSlotsSchema,
  health: z.number().min(0),
  maxHealth: z.number().positive(),
  mana: z.number().min(0),
  maxMana: z.number().min(0),
  barrier: BarrierSchema,
  dead: z.boolean(),
  deathInfo: z.object({ startedAt: z.number(), respawnAt: z.number() }).nullable(),
  currentAction: CurrentActionSchema,
  /** the node left standing at each gathering place (`skill/location`), found again on coming back */
  gatherNodes: z.record(z.string(), GatherNodeStateSchema).optional(),
  /** the action to resume after revival */
  previousAction: CurrentActionSchema.nullable(),
  currentMonsters: z.array(MonsterInstanceSchema),
  smithingSlots: z.array(CraftSlotSchema),
  tanningSlots: z.array(CraftSlotSchema),
  tailoringSlots: z.array(CraftSlotSchema),
  tutorial: TutorialSchema.nullable(),
  /** the daily quest board (DESIGN §11) */
  quests: QuestBoardSchema,
  combat: CombatStateSchema,
  /** true while a subscription window covers `settledAt` (derived from subscriptionWindows by the rules) */
  subscription_active: z.boolean(),
  subscriptionWindows: z.array(SubscriptionWindowSchema),
  /** boss loot won this week (absent until the first; optional, so stored players load as they are) */
  bossLoot: z.object({ week: z.number().int(), count: z.number().int().min(0) }).optional(),
  createdAt: z.number(),
  /** the simulation has been advanced up to this time */
  settledAt: z.number(),
  rng: RngStateSchema,
});
export type Player = z.infer<typeof PlayerSchema>;

export const SpeedsSchema = z.object({
  meleeSpeed: z.number(),
  magicSpeed: z.number(),
  rangedSpeed: z.number(),
  miningSpeed: z.number(),
  mycologySpeed: z.number(),
  botanySpeed: z.number(),
});
export type Speeds = z.infer<typeof SpeedsSchema>;

/** What a client sees: the document without the generator state, plus derived speeds (ms per action). */
export const PlayerViewSchema = PlayerSchema.omit({ rng: true }).extend(SpeedsSchema.shape);
export type PlayerView = z.infer<typeof PlayerViewSchema>;

/** Changed top-level fields of a player's view (socket `playerPatch`). */
export const PlayerPatchSchema = PlayerViewSchema.partial();
export type PlayerPatch = z.infer<typeof PlayerPatchSchema>;

export { CombatStyleSchema };
