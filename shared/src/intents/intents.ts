import type { z } from "zod";
import { SPELLS, type SpellId } from "../data/index.ts";
import {
  ActiveCharacterBodySchema,
  CancelAllCraftsBodySchema,
  CancelCraftBodySchema,
  CastSpellAnswerSchema,
  CastSpellBodySchema,
  CraftBodySchema,
  EmptyBodySchema,
  EquipBodySchema,
  FundResearchBodySchema,
  IntentAnswerSchema,
  InventoryTakeBodySchema,
  LabBuyBodySchema,
  type Player,
  QuestIdBodySchema,
  SellAllBodySchema,
  TutorialActionSchema,
  UnequipBodySchema,
  UpdateActionBodySchema,
} from "../protocol/index.ts";
import {
  ACTION_CODES,
  applyTutorialAction,
  buyInventorySlot,
  buyLabNode,
  CRAFT_CODES,
  cancelAllCrafts,
  cancelCraft,
  castSpell,
  castSpellInRoom,
  claimQuest,
  discardItem,
  EQUIP_CODES,
  equipItem,
  fundResearch,
  INVENTORY_CODES,
  LAB_CODES,
  QUEST_CODES,
  RESEARCH_CODES,
  rerollQuest,
  SPELL_CODES,
  sellAllOf,
  sellItem,
  setAction,
  setActiveCharacter,
  startCraft,
  TUTORIAL_CODES,
  unequipItem,
} from "../rules/index.ts";
import { defineIntent } from "./defineIntent.ts";

/**
 * Every intent a player sends (DESIGN §2): its input's schema, its rule, whether the tutorial follows it,
 * its answer and its rejection codes. The server serves each at POST /api/intents/<name> (and at the
 * spec's path when §7 names one), on the socket's `intent` event, and runs it at the player's owner
 * with several nodes, all from this table. Adding an intent: one entry here, its rule, its web call.
 */

const codes = (table: Readonly<Record<string, string>>): readonly string[] => Object.values(table);

export const INTENTS = {
  updateAction: defineIntent({
    input: UpdateActionBodySchema,
    // 'none' rests at home, wherever the client says it is
    rule: (p, b, now) =>
      setAction(p, { skill: b.skill, location: b.skill === "none" ? "home" : b.location }, now),
    tutorial: true,
    answer: IntentAnswerSchema,
    codes: codes(ACTION_CODES),
    specRoute: { method: "post", path: "/user/update-action" },
  }),
  labBuy: defineIntent({
    input: LabBuyBodySchema,
    rule: (p, b, now) => buyLabNode(p, b.nodeId, now),
    tutorial: true,
    answer: IntentAnswerSchema,
    codes: codes(LAB_CODES),
    specRoute: { method: "post", path: "/lab/buy" },
  }),
  craft: defineIntent({
    input: CraftBodySchema,
    rule: (p, b, now) => startCraft(p, b, now),
    tutorial: true,
    answer: IntentAnswerSchema,
    codes: codes(CRAFT_CODES),
    specRoute: { method: "post", path: "/user/craft" },
  }),
  cancelCraft: defineIntent({
    input: CancelCraftBodySchema,
    // the schema holds one of the two names
    rule: (p, b, now) => cancelCraft(p, { skill: (b.skill ?? b.craftingSkill)!, slotId: b.slotId }, now),
    tutorial: true,
    answer: IntentAnswerSchema,
    codes: codes(CRAFT_CODES),
    specRoute: { method: "post", path: "/user/cancel-craft" },
  }),
  cancelAllCrafts: defineIntent({
    input: CancelAllCraftsBodySchema,
    rule: (p, b, now) => cancelAllCrafts(p, { skill: b.craftingSkill }, now),
    tutorial: true,
    answer: IntentAnswerSchema,
    codes: codes(CRAFT_CODES),
  }),
  tutorial: defineIntent({
    input: TutorialActionSchema,
    rule: applyTutorialAction,
    tutorial: false,
    answer: IntentAnswerSchema,
    codes: codes(TUTORIAL_CODES),
    specRoute: { method: "patch", path: "/user/tutorial" },
  }),
  equip: defineIntent({
    input: EquipBodySchema,
    rule: (p, b) => equipItem(p, b.inventoryIndex),
    tutorial: true,
    answer: IntentAnswerSchema,
    codes: codes(EQUIP_CODES),
  }),
  unequip: defineIntent({
    input: UnequipBodySchema,
    rule: (p, b) => unequipItem(p, b.style, b.slot),
    tutorial: true,
    answer: IntentAnswerSchema,
    codes: codes(EQUIP_CODES),
  }),
  activeCharacter: defineIntent({
    input: ActiveCharacterBodySchema,
    rule: (p, b) => setActiveCharacter(p, b.activeCharacter),
    tutorial: true,
    answer: IntentAnswerSchema,
    codes: codes(EQUIP_CODES),
  }),
  castSpell: defineIntent({
    input: CastSpellBodySchema,
    rule: (p, b, now) => castSpell(p, b.spellId, now),
    tutorial: true,
    roomRule: (room, members, i, b, now) => castSpellInRoom(room, members, i, b.spellId, now),
    answer: CastSpellAnswerSchema,
    reply: spellAmount,
    codes: codes(SPELL_CODES),
  }),
  sellItem: defineIntent({
    input: InventoryTakeBodySchema,
    rule: (p, b) => sellItem(p, b.inventoryIndex, b.quantity),
    tutorial: false,
    answer: IntentAnswerSchema,
    codes: codes(INVENTORY_CODES),
  }),
  sellAll: defineIntent({
    input: SellAllBodySchema,
    rule: (p, b) => sellAllOf(p, b.itemId),
    tutorial: false,
    answer: IntentAnswerSchema,
    codes: codes(INVENTORY_CODES),
  }),
  discardItem: defineIntent({
    input: InventoryTakeBodySchema,
    rule: (p, b) => discardItem(p, b.inventoryIndex, b.quantity),
    tutorial: false,
    answer: IntentAnswerSchema,
    codes: codes(INVENTORY_CODES),
  }),
  buySlot: defineIntent({
    input: EmptyBodySchema,
    rule: (p) => buyInventorySlot(p),
    tutorial: false,
    answer: IntentAnswerSchema,
    codes: codes(INVENTORY_CODES),
  }),
  fundResearch: defineIntent({
    input: FundResearchBodySchema,
    rule: (p, b) => fundResearch(p, b.grants),
    tutorial: false,
    answer: IntentAnswerSchema,
    codes: codes(RESEARCH_CODES),
  }),
  claimQuest: defineIntent({
    input: QuestIdBodySchema,
    rule: (p, b, now) => claimQuest(p, b.questId, now),
    tutorial: false,
    answer: IntentAnswerSchema,
    codes: codes(QUEST_CODES),
  }),
  rerollQuest: defineIntent({
    input: QuestIdBodySchema,
    rule: (p, b, now) => rerollQuest(p, b.questId, now),
    tutorial: false,
    answer: IntentAnswerSchema,
    codes: codes(QUEST_CODES),
  }),
} as const;

export type IntentName = keyof typeof INTENTS;

/** What a caller sends an intent: its entry's input schema's input (z.input: before defaults). */
export type IntentInputOf<N extends IntentName> = z.input<(typeof INTENTS)[N]["input"]>;

export const INTENT_NAMES = Object.keys(INTENTS) as IntentName[];

export function isIntentName(name: string): name is IntentName {
  return Object.hasOwn(INTENTS, name);
}

/** A spell's amount for the caster's line: the health it healed, or the damage its target took. */
function spellAmount(before: Player, after: Player, { spellId }: { spellId: SpellId }): { amount: number } {
  if (SPELLS[spellId].type === "heal") return { amount: Math.max(0, after.health - before.health) };
  const target = before.currentMonsters[0];
  if (!target) return { amount: 0 };
  const left = after.currentMonsters.find((m) => m.uid === target.uid)?.hp ?? 0;
  return { amount: Math.max(0, target.hp - left) };
}
