import { z } from "zod";
import { ActionSkillSchema, CraftSkillSchema, GatherSkillSchema, SkillIdSchema } from "../data/skills.ts";
import { ClaimedNumber, IdString, ItemQuantitySchema } from "./common.ts";
import {
  AffixRollSchema,
  BarrierSchema,
  CraftSlotSchema,
  InventoryEntrySchema,
  MonsterInstanceSchema,
  PlayerViewSchema,
  SkillStateSchema,
} from "./player.ts";
import { QuestSchema } from "./quests.ts";

/**
 * The /api/user calls of spec shell §7 and mechanics §7. DESIGN §2: a number a client sends for an owned
 * value (health, mana, xp, items, monsters) is parsed and never trusted; every answer carries the server's
 * own values after settling the player to now.
 */

/** GET /api/user/get-user */
export const GetUserAnswerSchema = z.object({ user: PlayerViewSchema });
export type GetUserAnswer = z.infer<typeof GetUserAnswerSchema>;

/** GET /api/server-time */
export const ServerTimeAnswerSchema = z.object({ now: z.number(), iso: z.string() });
export type ServerTimeAnswer = z.infer<typeof ServerTimeAnswerSchema>;

/** POST /api/user/update-health: claimed values, ignored; the answer is the server's. */
export const UpdateHealthBodySchema = z.object({
  health: ClaimedNumber.optional(),
  maxHealth: ClaimedNumber.optional(),
  barrierRemaining: ClaimedNumber.optional(),
  barrierNextReadyAt: ClaimedNumber.optional(),
});
export type UpdateHealthBody = z.infer<typeof UpdateHealthBodySchema>;
export const UpdateHealthAnswerSchema = z.object({
  health: z.number(),
  maxHealth: z.number(),
  barrier: BarrierSchema,
});
export type UpdateHealthAnswer = z.infer<typeof UpdateHealthAnswerSchema>;

/** POST /api/user/update-mana */
export const UpdateManaBodySchema = z.object({
  mana: ClaimedNumber.optional(),
  maxMana: ClaimedNumber.optional(),
});
export type UpdateManaBody = z.infer<typeof UpdateManaBodySchema>;
export const UpdateManaAnswerSchema = z.object({ mana: z.number(), maxMana: z.number() });
export type UpdateManaAnswer = z.infer<typeof UpdateManaAnswerSchema>;

/**
 * POST /api/user/update-action: an intent, "do this skill at this location" ('none'/'home' rests).
 * nodeId/nodeHp/nodeMaxHp/lastUpdate are accepted for the spec's clients and ignored: the server rolls
 * and owns the node. Re-sending the action already running changes nothing (page hide, unload).
 */
export const UpdateActionBodySchema = z.object({
  skill: ActionSkillSchema,
  location: z.string().min(1).max(64),
  nodeId: z.number().int().nullable().optional(),
  nodeHp: ClaimedNumber.nullable().optional(),
  nodeMaxHp: ClaimedNumber.nullable().optional(),
  lastUpdate: ClaimedNumber.nullable().optional(),
});
export type UpdateActionBody = z.infer<typeof UpdateActionBodySchema>;

/** POST /api/user/update-monsters: claimed hp, ignored; answered with the server's monsters. */
const ClaimedMonsterSchema = z.object({
  id: z.number().int(),
  uid: z.string().max(64).optional(),
  hp: ClaimedNumber,
  maxHp: ClaimedNumber.optional(),
});
export const UpdateMonstersBodySchema = z
  .object({
    monsters: z.array(ClaimedMonsterSchema).max(10).optional(),
    currentMonsters: z.array(ClaimedMonsterSchema).max(10).optional(),
  })
  .refine((b) => b.monsters !== undefined || b.currentMonsters !== undefined, {
    message: "monsters (or currentMonsters) is required",
  });
export type UpdateMonstersBody = z.infer<typeof UpdateMonstersBodySchema>;
export const UpdateMonstersAnswerSchema = z.object({ currentMonsters: z.array(MonsterInstanceSchema) });
export type UpdateMonstersAnswer = z.infer<typeof UpdateMonstersAnswerSchema>;

/**
 * POST /api/user/send-item: "my node broke / my monster died, give me the reward". The server grants
 * rewards itself as its simulation breaks nodes and kills monsters; this answers the reward it granted
 * most recently for that node or monster and not yet reported (rewardItem null when there is none).
 */
export const SendItemBodySchema = z
  .object({
    skill: z.union([GatherSkillSchema, z.literal("combat"), z.enum(["melee", "magic", "ranged"])]),
    nodeId: z.number().int().optional(),
    monsterId: z.number().int().optional(),
  })
  .refine((b) => b.nodeId !== undefined || b.monsterId !== undefined, {
    message: "nodeId (gathering) or monsterId (combat) is required",
  });
export type SendItemBody = z.infer<typeof SendItemBodySchema>;
export const SendItemAnswerSchema = z.object({
  rewardItem: z.object({ id: z.number().int(), stack: z.number().int() }).nullable(),
  message: z.string(),
  id: z.number().int().nullable(),
  stack: z.number().int(),
  error: z.string().optional(),
});
export type SendItemAnswer = z.infer<typeof SendItemAnswerSchema>;

/** POST /api/user/update-xp: the claimed gain is ignored; the answer is the server's xp. */
export const UpdateXpBodySchema = z.object({
  skill: SkillIdSchema,
  gainedXp: ClaimedNumber,
});
export type UpdateXpBody = z.infer<typeof UpdateXpBodySchema>;
export const UpdateXpAnswerSchema = z.object({
  error: z.string().optional(),
  lab: z.object({ rp: z.number() }),
  /** picklelogy xp granted by this call: always 0, the server grants as it simulates */
  picklelogyGain: z.number(),
  skills: z.object({ picklelogy: SkillStateSchema, health: SkillStateSchema }),
  level: z.number().int(),
  xp: z.number(),
  /** crafting slots unlocked per crafting skill */
  unlockedSlots: z.record(CraftSkillSchema, z.number().int()),
});
export type UpdateXpAnswer = z.infer<typeof UpdateXpAnswerSchema>;

/* ---- GET /api/user/sync-offline ---- */

export const OfflineGatheringSchema = z.object({
  skill: GatherSkillSchema,
  location: z.string(),
  /** action cycles (hits), each one action time */
  cycles: z.number().int().min(0),
  /** nodes broken */
  nodes: z.number().int().min(0).optional(),
  items: z.array(ItemQuantitySchema),
  gainedXp: z.number().min(0),
  /** items gathered, kept or lost */
  totalamount: z.number().int().min(0),
  /** items lost to a full inventory */
  lost: z.number().int().min(0),
  /** the skill's level at the end */
  level: z.number().int(),
  /** seconds spent gathering */
  duration: z.number().min(0),
});
export type OfflineGathering = z.infer<typeof OfflineGatheringSchema>;

export const OfflineCombatSchema = z.object({
  skill: z.string(),
  gainedXp: z.number().min(0),
  gainedHealthXp: z.number().min(0),
  kills: z.number().int().min(0),
  items: z.array(ItemQuantitySchema),
  lost: z.number().int().min(0),
  deaths: z.number().int().min(0).optional(),
});
export type OfflineCombat = z.infer<typeof OfflineCombatSchema>;

export const CraftedItemVariantSchema = z.object({
  id: z.number().int(),
  skill: CraftSkillSchema.optional(),
  quantity: z.number().int().min(0),
  xp: z.number().min(0),
  affixes: z.array(AffixRollSchema),
  level: z.number().int().min(0),
  durationSec: z.number().min(0),
});
export type CraftedItemVariant = z.infer<typeof CraftedItemVariantSchema>;

/**
 * The offline summary (spec shell §7 and mechanics §7), keyed by awaySince: the time the player went away.
 * A repeated sync for the same awaySince answers the same summary and grants nothing.
 */
export const OfflineSummarySchema = z.object({
  /** when the player went away (null: nothing happened while away, nothing to show) */
  awaySince: z.number().nullable(),
  /** how long the simulation ran while away, in ms (capped at OFFLINE_CAP_HOURS) */
  awayMs: z.number().min(0),
  updatedInventory: z.array(InventoryEntrySchema),
  smithingSlots: z.array(CraftSlotSchema),
  tanningSlots: z.array(CraftSlotSchema),
  tailoringSlots: z.array(CraftSlotSchema),
  updatedSkills: z.record(z.string(), SkillStateSchema),
  combat: OfflineCombatSchema.nullable(),
  combatLoot: z.array(ItemQuantitySchema),
  /** combat drops lost to a full inventory */
  combatLost: z.number().int().min(0),
  /** every item lost to a full inventory while away, gathered or dropped, by kind (none in older summaries) */
  lostItems: z.array(ItemQuantitySchema).default([]),
  gathering: OfflineGatheringSchema.nullable(),
  craftedItemVariants: z.array(CraftedItemVariantSchema),
  craftingSkill: CraftSkillSchema.nullable(),
  craftStoppedForInventory: z.boolean(),
  /** xp gained per skill while away (picklelogy included) */
  gainedXp: z.record(z.string(), z.number()),
  /** the part of gainedXp the garden-supporter subscription added (0 in summaries kept before it) */
  bonusXp: z.number().min(0).default(0),
  gainedRp: z.number(),
  /** units counted toward each daily quest while away, by quest id */
  questProgress: z.record(z.string(), z.number()).default({}),
  /** the daily quests ready to claim (filled at delivery) */
  questsReady: z.array(QuestSchema).default([]),
  /** true when this answer repeats an already delivered summary (nothing granted again) */
  repeated: z.boolean(),
});
export type OfflineSummary = z.infer<typeof OfflineSummarySchema>;

export { IdString };
