import { z } from "zod";
import { CharacterSchema } from "../data/skills.ts";
import { BossFightSchema, BossViewSchema } from "./boss.ts";
import {
  BarrierSchema,
  EquipmentSlotsSchema,
  MonsterInstanceSchema,
  RngStateSchema,
  SkillStateSchema,
} from "./player.ts";
import { PartyQuestSchema } from "./quests.ts";

/** Rooms (DESIGN §7): `discord:<instanceId>` in the activity, an id typed by players on the web. */

// 120: room for `discord:` and an activity instance id (Discord's can be long)
export const RoomIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9:_-]{1,120}$/, "room id: 1-120 letters, digits, :, _ or -");

/** A member as the group list shows it (spec shell §3 Group player), built by the server. */
export const GroupPlayerSchema = z.object({
  discordId: z.string(),
  username: z.string(),
  /** the player's Discord avatar URL; null for a guest or a Discord player without one */
  avatar: z.string().nullable(),
  /** no socket open: waiting out the grace period before it leaves the room */
  away: z.boolean(),
  activeCharacter: CharacterSchema,
  health: z.number(),
  maxHealth: z.number(),
  mana: z.number(),
  maxMana: z.number(),
  meleeSpeed: z.number().optional(),
  magicSpeed: z.number().optional(),
  rangedSpeed: z.number().optional(),
  miningSpeed: z.number().optional(),
  mycologySpeed: z.number().optional(),
  botanySpeed: z.number().optional(),
  lab: z.object({ rp: z.number() }),
  featureFlags: z.record(z.string(), z.boolean()),
  modifiers: z.record(z.string(), z.number()),
  barrier: BarrierSchema,
  skills: z.record(z.string(), SkillStateSchema),
  equipmentSlots: EquipmentSlotsSchema.optional(),
  currentAction: z.object({
    skill: z.string(),
    location: z.string(),
    nodeId: z.number().int().nullable(),
    nodeHp: z.number(),
    nodeMaxHp: z.number(),
  }),
  isGathering: z.boolean(),
  /**
   * A fighter's progress: the first living monster it fights; null when not fighting (never absent from the
   * server: the client merges each update over the last one).
   */
  fight: z.object({ monsterId: z.number().int(), hp: z.number(), maxHp: z.number() }).nullable(),
});
export type GroupPlayer = z.infer<typeof GroupPlayerSchema>;

/**
 * A player snapshot a client sends (joinGroup). Bounded and parsed; the server uses only
 * its discordId to check it matches the socket's player, and answers its own snapshot.
 */
export const ClientPlayerSnapshotSchema = z
  .object({
    discordId: z.string().max(100).optional(),
    username: z.string().max(64).optional(),
  })
  .loose()
  .refine((p) => JSON.stringify(p).length <= 20_000, { message: "player snapshot too large" });

export const CreateRoomSchema = z.object({ roomId: RoomIdSchema });
export const JoinGroupSchema = z.object({
  roomId: RoomIdSchema,
  player: ClientPlayerSnapshotSchema.optional(),
});
export const LeaveGroupSchema = z.object({ roomId: RoomIdSchema, playerId: z.string().max(100).optional() });
/** A member challenges a boss for its party (docs/combat-balance.md "Party bosses"). */
export const ChallengeBossSchema = z.object({ roomId: RoomIdSchema, bossId: z.string().max(40) });
export const ChangeLocationSchema = z.object({
  roomId: RoomIdSchema,
  playerId: z.string().max(100).optional(),
});

/** A member in a change to the group list: its id and the fields that changed. */
export const GroupMemberChangeSchema = GroupPlayerSchema.partial().extend({ discordId: z.string() });
export type GroupMemberChange = z.infer<typeof GroupMemberChangeSchema>;

/**
 * The group list (joinGroup's answer: every member whole, `members` and `quest` given) or a change to it
 * (groupUpdate: only the members whose shown fields changed, each with only those fields, whole for a
 * member new to the list; `members` when the membership or its order changed; `quest` when it changed).
 */
export const GroupUpdateSchema = z.object({
  roomId: RoomIdSchema,
  players: z.array(GroupMemberChangeSchema),
  /** every member id, in joining order */
  members: z.array(z.string()).optional(),
  /** the room's party quest, while two or more members play */
  quest: PartyQuestSchema.nullable().optional(),
  /** the party's boss fight, live or its last outcome, when it changed; null when there is none */
  boss: BossViewSchema.nullable().optional(),
});
export type GroupUpdate = z.infer<typeof GroupUpdateSchema>;
export const RoomCreatedSchema = z.object({ roomId: RoomIdSchema });

/** A gathering place's node while two or more members share it (docs/rooms.md). */
export const SharedNodeSchema = z.object({
  nodeId: z.number().int(),
  nodeHp: z.number(),
  nodeMaxHp: z.number(),
  /** members who hit it since it spawned, each gets a drop roll and the break xp */
  hitters: z.array(z.string()),
  /** the place's own generator (the next node), seeded by the room's when the place opens */
  rng: RngStateSchema,
  /**
   * members whose documents stop before the node's time: hits since then did not touch them (a room's
   * wake settles only the members a hit touches, docs/rooms.md); their next play starts at their own time
   */
  held: z.array(z.string()).optional(),
});
export type SharedNode = z.infer<typeof SharedNodeSchema>;

/** A combat location's monsters while two or more members fight there. */
export const SharedFightSchema = z.object({
  monsters: z.array(MonsterInstanceSchema),
  /** per monster uid: members who damaged it since it spawned */
  damagers: z.record(z.string(), z.array(z.string())),
  /** per monster uid: the member it attacks */
  targets: z.record(z.string(), z.string()),
  /** the place's own generator (spawns, first targets), seeded by the room's when the place opens */
  rng: RngStateSchema,
});
export type SharedFight = z.infer<typeof SharedFightSchema>;

/**
 * The room's own document: its generator, which seeds each place as it opens, and the places two or more
 * members share.
 */
export const RoomStateSchema = z.object({
  id: RoomIdSchema,
  rng: RngStateSchema,
  settledAt: z.number(),
  /** by `<skill>@<location>` */
  nodes: z.record(z.string(), SharedNodeSchema),
  /** by combat location */
  fights: z.record(z.string(), SharedFightSchema),
  /** the party quest while two or more members play (DESIGN §11) */
  quest: PartyQuestSchema.optional(),
  /** party quests finished: seeds the next one's draw */
  questsDone: z.number().int().min(0).optional(),
  /** the party's boss fight, live or the last one's outcome (docs/combat-balance.md "Party bosses") */
  boss: BossFightSchema.optional(),
});
export type RoomState = z.infer<typeof RoomStateSchema>;
