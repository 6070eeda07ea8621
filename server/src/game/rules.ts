import {
  type AdvanceSummary,
  actionTimeMs,
  advance,
  applyTutorialAction,
  buyLabNode,
  type Character,
  type CombatStyle,
  type CraftSkill,
  cancelCraft,
  castSpell,
  combatStats,
  type EquipmentSlot,
  equipItem,
  type GameEvent,
  type Player,
  type PlayerView,
  type SpellId,
  setAction,
  setActiveCharacter,
  startCraft,
  type TutorialAction,
  unequipItem,
} from "@pickle-garden/shared";
import { nextEventAt } from "./nextEventAt.ts";

/**
 * The game service's one door to the shared rules (DESIGN §3). GameService takes a GameRules, so unit
 * tests can run the Master with a scripted simulation; production uses `sharedRules`.
 */

export type SettleSummary = AdvanceSummary;

export interface SettleResult {
  player: Player;
  events: GameEvent[];
  summary: SettleSummary;
}

/** A rule's answer to an intent, as result.ts shapes it. */
export type IntentResult =
  | { ok: true; state: Player; events: GameEvent[] }
  | { ok: false; code: string; message: string };

export interface CraftOrder {
  skill: CraftSkill;
  itemId: number;
  slotId: number;
  quantity: number;
}

export interface GameRules {
  advance(player: Player, until: number): SettleResult;
  nextEventAt(player: Player): number | null;
  view(player: Player): PlayerView;
  /** update-action: start this action at this location ('none' rests at home) */
  setAction(
    player: Player,
    skill: Player["currentAction"]["skill"],
    location: string,
    now: number,
  ): IntentResult;
  buyLabNode(player: Player, nodeId: string, now: number): IntentResult;
  startCraft(player: Player, order: CraftOrder, now: number): IntentResult;
  cancelCraft(player: Player, skill: CraftSkill, slotId: number, now: number): IntentResult;
  tutorial(player: Player, action: TutorialAction, now: number): IntentResult;
  equip(player: Player, inventoryIndex: number, now: number): IntentResult;
  unequip(player: Player, style: CombatStyle, slot: EquipmentSlot, now: number): IntentResult;
  setActiveCharacter(player: Player, character: Character, now: number): IntentResult;
  castSpell(player: Player, spellId: SpellId, now: number): IntentResult;
}

/** Speeds shown to clients: ms per action for each gathering and combat skill. */
const CHARACTER_OF: Record<CombatStyle, Character> = { melee: "warrior", magic: "mage", ranged: "archer" };
const attackMs = (player: Player, style: CombatStyle) =>
  combatStats({ ...player, activeCharacter: CHARACTER_OF[style] }).attackIntervalMs;

/**
 * Speeds depend on the lab's modifiers, the gear, the levels and the character only, which rarely change,
 * while every settle makes a new document: remember them by those inputs (get-user is the hot path).
 */
const speedCache = new Map<string, ReturnType<typeof computeSpeeds>>();

function speeds(player: Player) {
  const s = player.skills;
  const key = JSON.stringify([
    player.activeCharacter,
    player.modifiers,
    player.equipmentSlots,
    s.melee.level,
    s.magic.level,
    s.ranged.level,
    s.health.level,
    s.intellect.level,
  ]);
  let found = speedCache.get(key);
  if (!found) {
    found = computeSpeeds(player);
    if (speedCache.size >= 5_000) speedCache.clear();
    speedCache.set(key, found);
  }
  return found;
}

function computeSpeeds(player: Player) {
  return {
    meleeSpeed: attackMs(player, "melee"),
    magicSpeed: attackMs(player, "magic"),
    rangedSpeed: attackMs(player, "ranged"),
    miningSpeed: actionTimeMs(player, "mining"),
    mycologySpeed: actionTimeMs(player, "mycology"),
    botanySpeed: actionTimeMs(player, "botany"),
  };
}

export function playerView(player: Player): PlayerView {
  const { rng: _rng, ...rest } = player;
  return { ...rest, ...speeds(player) };
}

export const sharedRules: GameRules = {
  advance: (player, until) => advance(player, until),
  nextEventAt,
  view: playerView,
  setAction: (player, skill, location, now) => setAction(player, { skill, location }, now),
  buyLabNode: (player, nodeId, now) => buyLabNode(player, nodeId, now),
  startCraft: (player, o, now) =>
    startCraft(
      player,
      { craftingSkill: o.skill, itemId: o.itemId, slotId: o.slotId, quantity: o.quantity },
      now,
    ),
  cancelCraft: (player, skill, slotId, now) => cancelCraft(player, { skill, slotId }, now),
  tutorial: (player, action, now) => applyTutorialAction(player, action, now),
  equip: (player, inventoryIndex) => equipItem(player, inventoryIndex),
  unequip: (player, style, slot) => unequipItem(player, style, slot),
  setActiveCharacter: (player, character) => setActiveCharacter(player, character),
  castSpell: (player, spellId, now) => castSpell(player, spellId, now),
};
