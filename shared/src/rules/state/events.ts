import type { GatherSkill, SkillId } from "../../data/skills.ts";
import type { CombatEvent } from "../simulation/combat/events.ts";
import type { InventoryFullCode } from "./addItems.ts";

/**
 * Everything a rule tells the server (to push over the socket, to log, to summarise). Every event has a
 * `type` and the simulation time `at` (epoch ms) it happened. Combat adds its own members through
 * `CombatEvent` (combat/events.ts); the union stays open to more families.
 */

/** Shape of the socket's xpUpdate (spec shell §3 "XP event") without the playerId the server adds. */
export interface XpUpdate {
  type: "xpUpdate";
  at: number;
  skill: SkillId;
  delta: number;
  xp: number;
  level: number;
  /** the skill's level before this grant: below `level` when the grant reached a new level */
  previousLevel: number;
  rpGain: number;
  picklelogyGain: number;
  /** picklelogy's level before and after its share, when that share reached a new level */
  picklelogyLevelUp?: { from: number; to: number };
  /** the part of `delta` the subscription added (absent without it) */
  bonus?: number;
}

/** A gathering reward: the drop of a broken node (aggregated over many nodes for long spans). */
export interface GatheringUpdate {
  type: "gatheringUpdate";
  at: number;
  skill: GatherSkill;
  nodeId: number | null;
  reward: { id: number; stack: number };
  /** units of the reward that did not fit the inventory */
  lost: number;
  /** how many node breaks this event stands for (1 in detail) */
  breaks: number;
}

/** The player's current node after hits or a new roll. */
export interface GatheringNode {
  type: "gatheringNode";
  at: number;
  nodeId: number | null;
  nodeHp: number;
  nodeMaxHp: number;
  /** a room's shared node: the member whose hit it was (one event object in every member's events) */
  by?: string;
}

/** A slot started its next item (materials consumed). */
export interface CraftProgress {
  type: "craftProgress";
  at: number;
  skill: "smithing" | "tanning" | "tailoring";
  slotId: number;
  itemId: number;
  remaining: number;
  startTime: number;
}

/** Items came out of a slot ('Crafted {item} and granted {n} {skill} XP.'). */
export interface Crafted {
  type: "crafted";
  at: number;
  skill: "smithing" | "tanning" | "tailoring";
  slotId: number;
  itemId: number;
  /** crafts done (each gives the recipe's output quantity) */
  crafts: number;
  quantity: number;
  xp: number;
  remaining: number;
  message: string;
}

export type CraftStopReason =
  | "finished"
  | "materials"
  | "no_space"
  | "inventory_full"
  | "cancelled"
  | "switched";

/** A slot went idle, with the spec's text. */
export interface CraftStopped {
  type: "craftStopped";
  at: number;
  skill: "smithing" | "tanning" | "tailoring";
  slotId: number;
  itemId: number | null;
  remaining: number;
  reason: CraftStopReason;
  /** the skill switched to, when reason is "switched" */
  next?: string;
  message: string;
}

/** Items that did not all fit: which of spec shell §8's texts ('Inventory full! …', 'No space to …') says so. */
export interface InventoryMessage {
  type: "inventoryMessage";
  at: number;
  itemId: number;
  lost: number;
  code: InventoryFullCode;
}

export interface TutorialStepEvent {
  type: "tutorialStep";
  at: number;
  stepId: string;
  currentStep: string;
}

/**
 * Why a rule changed the current action: the last running craft slot finished, stopped for a full bag or
 * ran out of materials (the player rests), the player cancelled the last craft, the action's skill is
 * locked, or its place gives nothing to gather.
 */
export const ACTION_CHANGE_CODES = [
  "crafting_done",
  "crafting_full",
  "crafting_materials",
  "crafting_cancelled",
  "locked",
  "unavailable",
] as const;
export type ActionChangeCode = (typeof ACTION_CHANGE_CODES)[number];

/** The current action changed by a rule (crafting ran out and sent the player home, a missing flag…). */
export interface ActionChanged {
  type: "actionChanged";
  at: number;
  skill: string;
  location: string;
  reason: string;
  code: ActionChangeCode;
  /** the skill of the action that ended */
  from: string;
}

/** A daily quest reached its count: ready to claim. */
export interface QuestReady {
  type: "questReady";
  at: number;
  questId: string;
}

/** The room's party quest was met: this member contributed and got the reward. */
export interface PartyQuestDone {
  type: "partyQuestDone";
  at: number;
  kind: "break" | "defeat";
  count: number;
  gold: number;
  rp: number;
}

export type CoreEvent =
  | XpUpdate
  | GatheringUpdate
  | GatheringNode
  | CraftProgress
  | Crafted
  | CraftStopped
  | InventoryMessage
  | TutorialStepEvent
  | ActionChanged
  | QuestReady
  | PartyQuestDone;

export type GameEvent = CoreEvent | CombatEvent;
export type GameEventType = GameEvent["type"];
