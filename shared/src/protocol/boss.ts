import { z } from "zod";
import { CharacterSchema } from "../data/skills.ts";
import { ItemQuantitySchema } from "./common.ts";
import { RngStateSchema } from "./player.ts";

/** Party bosses (docs/combat-balance.md "Party bosses"): the fight a room's party is in, in the room's document. */

/** A class's part in a boss fight: the warrior draws the blows, the mage heals, the archer (and the seed) strikes. */
export const BossRoleSchema = z.enum(["guard", "mender", "striker"]);
export type BossRole = z.infer<typeof BossRoleSchema>;

/** A member who took up the challenge: its numbers as at the challenge, and its part so far. */
export const BossFighterSchema = z.object({
  id: z.string(),
  character: CharacterSchema,
  role: BossRoleSchema,
  hp: z.number().min(0),
  maxHp: z.number().positive(),
  /** a round's damage before a crit (its swings in a round, its role's share) */
  hit: z.number().min(0),
  critChance: z.number().min(0).max(1),
  /** its defence level against the boss's blows */
  defence: z.number().min(0),
  /** a mender's heal on every standing member each round; 0 for the others */
  heal: z.number().min(0),
  damage: z.number().min(0),
  healed: z.number().min(0),
  /** left the room: out of the fight, no loot */
  left: z.boolean(),
  /** what its win rolled (null until the boss falls, and for a member who left) */
  loot: z.array(ItemQuantitySchema).nullable(),
});
export type BossFighter = z.infer<typeof BossFighterSchema>;

export const BossFightSchema = z.object({
  bossId: z.string(),
  startedAt: z.number(),
  enrageAt: z.number(),
  hp: z.number().min(0),
  maxHp: z.number().positive(),
  /** rounds played: the next is at startedAt + (rounds + 1) × BOSS_ROUND_MS */
  rounds: z.number().int().min(0),
  outcome: z.enum(["won", "lost"]).nullable(),
  endedAt: z.number().nullable(),
  fighters: z.array(BossFighterSchema),
  /** the members who are yet to be paid their loot (settleRoom pays it at the end of the settle) */
  unpaid: z.array(z.string()),
  /** the fight's own generator: crits, whom an unguarded blow finds, the loot */
  rng: RngStateSchema,
});
export type BossFight = z.infer<typeof BossFightSchema>;

/** What members see of the fight (the group update's `boss`): all of it but the generator. */
export const BossViewSchema = BossFightSchema.omit({ rng: true, unpaid: true });
export type BossView = z.infer<typeof BossViewSchema>;

export const BOSS_CODES = {
  unknown: "boss/unknown",
  solo: "boss/solo",
  notMember: "boss/not_member",
  busy: "boss/busy",
  aboveTier: "boss/above_tier",
} as const;
export type BossCode = (typeof BOSS_CODES)[keyof typeof BOSS_CODES];
