import { z } from "zod";
import { GatherSkillSchema, SkillIdSchema } from "../data/skills.ts";
import { POPUP_TYPES } from "../rules/simulation/combat/events.ts";
import { type ActivityParticipantsAnswer, ActivityParticipantsSchema } from "./activity.ts";
import { ChatMessageInSchema, type ChatMessageOut, ChatMessageSchema } from "./chat.ts";
import { ItemQuantitySchema } from "./common.ts";
import type { AckError } from "./errors.ts";
import { PlayerPatchSchema, PlayerViewSchema } from "./player.ts";
import {
  ChallengeBossSchema,
  ChangeLocationSchema,
  CreateRoomSchema,
  type GroupUpdate,
  GroupUpdateSchema,
  JoinGroupSchema,
  LeaveGroupSchema,
  RoomCreatedSchema,
} from "./rooms.ts";

/**
 * Every socket event of spec shell §7, both ways, on `/api/socket`. A client's payload is parsed with
 * its schema (CLIENT_EVENT_SCHEMAS); a bad one gets `{ ok: false, error }` in its acknowledgement and
 * changes nothing. A player's own events go to the room `player:<discordId>`.
 */

/* ---- server → client ---- */

/** The combat rules' popup types, plus "info" for a notice the client writes from its subject. */
export const SOCKET_POPUP_TYPES = [...POPUP_TYPES, "info"] as const;
export const SocketPopupTypeSchema = z.enum(SOCKET_POPUP_TYPES);

export const GatheringNodePayloadSchema = z.object({
  nodeId: z.number().int().nullable(),
  nodeHp: z.number(),
  nodeMaxHp: z.number(),
  /** the simulation time of the hit or roll (epoch ms): how late the push is, for clients and the load test */
  at: z.number().optional(),
  /** a room's shared node: the member whose hit it was (absent: the reader's own) */
  playerId: z.string().optional(),
});
export const GatheringUpdatePayloadSchema = z.object({
  skill: GatherSkillSchema,
  playerId: z.string(),
  nodeId: z.number().int().optional(),
  reward: z.object({ id: z.number().int(), stack: z.number().int() }).nullable(),
  /** items that did not fit the inventory */
  lost: z.number().int().optional(),
});
export const XpUpdatePayloadSchema = z.object({
  playerId: z.string(),
  skill: SkillIdSchema,
  delta: z.number(),
  xp: z.number(),
  level: z.number().int(),
  rpGain: z.number(),
  picklelogyGain: z.number(),
  /** the part of `delta` the garden-supporter subscription added */
  bonus: z.number().optional(),
});
export const MonsterLootPayloadSchema = z.object({
  playerId: z.string(),
  monsterId: z.number().int(),
  uid: z.string().optional(),
  items: z.array(ItemQuantitySchema).optional(),
});
export const MonsterAttackPayloadSchema = z.object({
  playerId: z.string(),
  /** the simulation time of the bite (epoch ms) */
  at: z.number().optional(),
  monsterId: z.number().int().optional(),
  uid: z.string().optional(),
  damage: z.number(),
  health: z.number(),
  maxHealth: z.number().optional(),
  dodged: z.boolean().optional(),
  blocked: z.boolean().optional(),
  absorbed: z.number().optional(),
});
export const DeathCountdownPayloadSchema = z.object({
  playerId: z.string(),
  secondsLeft: z.number().int().min(0),
});
export const PlayerDeathPayloadSchema = z.object({ playerId: z.string(), respawnAt: z.number().optional() });
export const PlayerRevivedPayloadSchema = z.object({
  playerId: z.string(),
  health: z.number().optional(),
  mana: z.number().optional(),
});
export const PopupPayloadSchema = z.object({
  type: SocketPopupTypeSchema,
  value: z.number().optional(),
  /** monster uid, or 'player' */
  target: z.string().optional(),
  playerId: z.string().optional(),
  /** an info popup's subject, which clients write in their language: a spell cast, an item with no room */
  spellId: z.string().optional(),
  itemId: z.number().int().optional(),
  /**
   * an info popup's code: a refusal's (ERROR_CODES), or, with `itemId`, why items did not all fit
   * (INVENTORY_FULL_CODES, `value` the count lost)
   */
  code: z.string().optional(),
});
export const CraftUpdatePayloadSchema = z.object({
  skill: z.string(),
  slotId: z.number().int(),
  itemId: z.number().int().nullable(),
  remaining: z.number().int(),
  /** progress: the next item started; crafted: items came out; stopped: the slot went idle */
  kind: z.enum(["progress", "crafted", "stopped"]).optional(),
  reason: z.enum(["finished", "materials", "no_space", "inventory_full", "cancelled", "switched"]).optional(),
  /** crafted: items made and xp granted */
  quantity: z.number().int().optional(),
  xp: z.number().optional(),
  /** stopped by a switch: the skill switched to */
  next: z.string().optional(),
});

export type GatheringNodePayload = z.infer<typeof GatheringNodePayloadSchema>;
export type GatheringUpdatePayload = z.infer<typeof GatheringUpdatePayloadSchema>;
export type XpUpdatePayload = z.infer<typeof XpUpdatePayloadSchema>;
export type MonsterLootPayload = z.infer<typeof MonsterLootPayloadSchema>;
export type MonsterAttackPayload = z.infer<typeof MonsterAttackPayloadSchema>;
export type DeathCountdownPayload = z.infer<typeof DeathCountdownPayloadSchema>;
export type PlayerDeathPayload = z.infer<typeof PlayerDeathPayloadSchema>;
export type PlayerRevivedPayload = z.infer<typeof PlayerRevivedPayloadSchema>;
export type PopupPayload = z.infer<typeof PopupPayloadSchema>;
export type CraftUpdatePayload = z.infer<typeof CraftUpdatePayloadSchema>;

/** The last 50 messages of a channel, on connect (global, logs) and on joining a room (party). */
export const ChatHistorySchema = z.object({ channel: z.string(), messages: z.array(ChatMessageSchema) });

/**
 * The payload schema of every server event: the one list the event names (SERVER_EVENT_NAMES), their types
 * (ServerToClientEvents) and the clients' parsing come from.
 */
export const SERVER_EVENT_SCHEMAS = {
  groupUpdate: GroupUpdateSchema,
  chatMessage: ChatMessageSchema,
  chatHistory: ChatHistorySchema,
  roomCreated: RoomCreatedSchema,
  /** the open room ids */
  roomsList: z.array(z.string()),
  gatheringNode: GatheringNodePayloadSchema,
  gatheringUpdate: GatheringUpdatePayloadSchema,
  xpUpdate: XpUpdatePayloadSchema,
  monsterLoot: MonsterLootPayloadSchema,
  monsterAttack: MonsterAttackPayloadSchema,
  playerRevived: PlayerRevivedPayloadSchema,
  deathCountdown: DeathCountdownPayloadSchema,
  playerDeath: PlayerDeathPayloadSchema,
  popup: PopupPayloadSchema,
  craftUpdate: CraftUpdatePayloadSchema,
  /** the player's full view: on (re)connect, the snapshot every later playerPatch applies to */
  playerState: PlayerViewSchema,
  /**
   * What changed in the player's view that the events sent with it do not say (applyViewEvent): each
   * changed top-level field, whole. Applied over the last snapshot after those events.
   */
  playerPatch: PlayerPatchSchema,
} as const;
export type ServerEventName = keyof typeof SERVER_EVENT_SCHEMAS;
export type ServerEventPayload<E extends ServerEventName> = z.infer<(typeof SERVER_EVENT_SCHEMAS)[E]>;
export type ServerToClientEvents = { [E in ServerEventName]: (payload: ServerEventPayload<E>) => void };
export const SERVER_EVENT_NAMES = Object.keys(SERVER_EVENT_SCHEMAS) as ServerEventName[];

/* ---- client → server ---- */

export const CLIENT_EVENT_SCHEMAS = {
  getRooms: z.undefined().or(z.object({}).loose()),
  createRoom: CreateRoomSchema,
  joinGroup: JoinGroupSchema,
  leaveGroup: LeaveGroupSchema,
  changeLocation: ChangeLocationSchema,
  challengeBoss: ChallengeBossSchema,
  chatMessage: ChatMessageInSchema,
  activityParticipants: ActivityParticipantsSchema,
  /** an intent of shared's table by name (shared/src/intents), its input parsed with the entry's schema */
  intent: z.object({ name: z.string().max(64), input: z.unknown().optional() }),
} as const;
export type ClientEventName = keyof typeof CLIENT_EVENT_SCHEMAS;

type AckOk<T extends object = Record<never, never>> = { ok: true } & T;
export type SocketAck<T extends object = Record<never, never>> = (answer: AckOk<T> | AckError) => void;

export interface ClientToServerEvents {
  /** ack: the room ids (the server also emits roomsList) */
  getRooms: (ack?: (roomIds: string[]) => void) => void;
  createRoom: (payload: z.input<typeof CreateRoomSchema>, ack?: SocketAck<{ roomId: string }>) => void;
  joinGroup: (payload: z.input<typeof JoinGroupSchema>, ack?: SocketAck<GroupUpdate>) => void;
  leaveGroup: (payload: z.input<typeof LeaveGroupSchema>, ack?: SocketAck) => void;
  changeLocation: (payload: z.input<typeof ChangeLocationSchema>, ack?: SocketAck) => void;
  /** a member challenges a boss for its party; refused with a `boss/*` code (docs/rooms.md "Party bosses") */
  challengeBoss: (payload: z.input<typeof ChallengeBossSchema>, ack?: SocketAck) => void;
  chatMessage: (
    payload: z.input<typeof ChatMessageInSchema>,
    ack?: SocketAck<{ message: ChatMessageOut }>,
  ) => void;
  activityParticipants: (
    payload: z.input<typeof ActivityParticipantsSchema>,
    ack?: SocketAck<ActivityParticipantsAnswer>,
  ) => void;
  /** as POST /api/intents/<name>: acknowledged with the intent's answer, or `{ ok: false, code }` */
  intent: (payload: { name: string; input?: unknown }, ack?: SocketAck) => void;
}

export interface SocketData {
  discordId: string;
  /** the `discord:<instanceId>` rooms this session was granted at the activity's token exchange */
  instances: string[];
  /** the player's token generation the socket's session began in (signing out moves it on) */
  generation: number;
  /** when the socket's session expires, epoch ms: the socket is closed then */
  expiresAt: number;
}
