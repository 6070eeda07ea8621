import {
  ActiveCharacterBodySchema,
  CancelCraftBodySchema,
  CancelCraftBulkBodySchema,
  CastSpellBodySchema,
  CraftBodySchema,
  EmptyBodySchema,
  EquipBodySchema,
  FundResearchBodySchema,
  InventoryTakeBodySchema,
  LabBuyBodySchema,
  QuestIdBodySchema,
  SellAllBodySchema,
  SendItemBodySchema,
  TutorialActionSchema,
  UnequipBodySchema,
  UpdateActionBodySchema,
  UpdateHealthBodySchema,
  UpdateManaBodySchema,
  UpdateMonstersBodySchema,
  UpdateXpBodySchema,
  UsernameBodySchema,
} from "@pickle-garden/shared";
import type { z } from "zod";
import { playerStatus } from "./botCalls.ts";
import { cancelCraft, cancelCraftBulk, craft, labBuy } from "./craftCalls.ts";
import type { GameService } from "./GameService.ts";
import {
  activeCharacter,
  buySlot,
  castSpell,
  discardItem,
  equip,
  fundResearch,
  sellAll,
  sellItem,
  tutorial,
  unequip,
  username,
} from "./intentCalls.ts";
import { questBoard, questIntent, weeklyGoalOf } from "./questCalls.ts";
import type { RoomSession } from "./RoomService.ts";
import { REFRESH_MIN_MS, type Subscriptions } from "./Subscriptions.ts";
import {
  getUserJson,
  sendItem,
  syncOffline,
  updateAction,
  updateHealth,
  updateMana,
  updateMonsters,
  updateXp,
} from "./userCalls.ts";

/**
 * The intents a player's owner runs (docs/scale-out.md), each its input's schema and one service call:
 * the HTTP routes name them (userRoutes, questRoutes, the bot's calls about a player), the socket events
 * add theirs (realtime/socketIntents.ts), and with several nodes an intent is forwarded to the owner as
 * its name, its caller and its parsed input, and run there from this table. Calls that read or write only
 * the store (panels, notification settings, the outbox) are served wherever they arrive and are not here.
 */

/** Who an intent runs for: the resolved player (with the rooms its session was granted). */
export interface Caller extends RoomSession {
  /** the caller's socket that applies the answer itself (ANSWERED_SOCKET_HEADER) */
  answeredSocket?: string;
}

export interface Intent<A = unknown> {
  schema: z.ZodType;
  /** Runs the intent for `caller` on input already parsed with `schema`. */
  run(caller: Caller, input: unknown): Promise<A>;
}

export type Intents = Readonly<Record<string, Intent>>;

export const intent = <S extends z.ZodType, A>(
  schema: S,
  run: (caller: Caller, input: z.output<S>) => Promise<A> | A,
): Intent<A> => ({
  schema,
  run: async (caller, input) => run(caller, input as z.output<S>),
});

/** Runs an intent on this node whose input the caller parsed (an HTTP route, a socket event, a peer node's signed message). */
export type Dispatch = (name: string, caller: Caller, input: unknown) => Promise<unknown>;

export function playerIntents(service: GameService, subscriptions: Subscriptions) {
  const s = service;
  return {
    getUser: intent(EmptyBodySchema, (c) => getUserJson(s, c.discordId)),
    syncOffline: intent(EmptyBodySchema, (c) => syncOffline(s, c.discordId)),
    tutorial: intent(TutorialActionSchema, (c, b) => tutorial(s, c.discordId, b, c.answeredSocket)),
    // owned values: claims parsed, then ignored; the answers are the server's
    updateHealth: intent(UpdateHealthBodySchema, (c) => updateHealth(s, c.discordId)),
    updateMana: intent(UpdateManaBodySchema, (c) => updateMana(s, c.discordId)),
    updateMonsters: intent(UpdateMonstersBodySchema, (c, b) => updateMonsters(s, c.discordId, b)),
    updateXp: intent(UpdateXpBodySchema, (c, b) => updateXp(s, c.discordId, b)),
    sendItem: intent(SendItemBodySchema, (c, b) => sendItem(s, c.discordId, b)),

    updateAction: intent(UpdateActionBodySchema, (c, b) => updateAction(s, c.discordId, b, c.answeredSocket)),
    labBuy: intent(LabBuyBodySchema, (c, b) => labBuy(s, c.discordId, b.nodeId, c.answeredSocket)),
    craft: intent(CraftBodySchema, (c, b) => craft(s, c.discordId, b, c.answeredSocket)),
    cancelCraft: intent(CancelCraftBodySchema, (c, b) => cancelCraft(s, c.discordId, b, c.answeredSocket)),
    cancelCraftBulk: intent(CancelCraftBulkBodySchema, (c, b) =>
      cancelCraftBulk(s, c.discordId, b, c.answeredSocket),
    ),
    equip: intent(EquipBodySchema, (c, b) => equip(s, c.discordId, b, c.answeredSocket)),
    unequip: intent(UnequipBodySchema, (c, b) => unequip(s, c.discordId, b, c.answeredSocket)),
    activeCharacter: intent(ActiveCharacterBodySchema, (c, b) =>
      activeCharacter(s, c.discordId, b, c.answeredSocket),
    ),
    castSpell: intent(CastSpellBodySchema, (c, b) => castSpell(s, c.discordId, b, c.answeredSocket)),
    sellItem: intent(InventoryTakeBodySchema, (c, b) => sellItem(s, c.discordId, b, c.answeredSocket)),
    sellAll: intent(SellAllBodySchema, (c, b) => sellAll(s, c.discordId, b, c.answeredSocket)),
    buySlot: intent(EmptyBodySchema, (c) => buySlot(s, c.discordId, c.answeredSocket)),
    fundResearch: intent(FundResearchBodySchema, (c, b) => fundResearch(s, c.discordId, b, c.answeredSocket)),
    discardItem: intent(InventoryTakeBodySchema, (c, b) => discardItem(s, c.discordId, b, c.answeredSocket)),
    rename: intent(UsernameBodySchema, (c, b) => username(s, c.discordId, b.username)),

    questBoard: intent(EmptyBodySchema, (c) => questBoard(s, c.discordId)),
    claimQuest: intent(QuestIdBodySchema, (c, b) =>
      questIntent(s, c.discordId, "claimQuest", b, c.answeredSocket),
    ),
    rerollQuest: intent(QuestIdBodySchema, (c, b) =>
      questIntent(s, c.discordId, "rerollQuest", b, c.answeredSocket),
    ),
    weeklyGoal: intent(EmptyBodySchema, (c) => weeklyGoalOf(s, c.discordId)),

    subscription: intent(EmptyBodySchema, (c) => subscriptions.confirm(c.discordId, REFRESH_MIN_MS)),
    // the bot's calls about one player (the caller is the player its path names)
    botStatus: intent(EmptyBodySchema, (c) => playerStatus(s, c.discordId)),
    // an entitlement event on the bot's gateway: the server asks Discord itself, the event's content is not trusted
    botSubscription: intent(EmptyBodySchema, (c) => subscriptions.confirm(c.discordId, 0)),
    // linking or archiving moves this player's id: its owner saves and forgets its live copy
    signOut: intent(EmptyBodySchema, (c) => s.signOut(c.discordId)),
  };
}

export type PlayerIntents = ReturnType<typeof playerIntents>;
export type PlayerIntentName = keyof PlayerIntents;
