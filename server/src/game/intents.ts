import {
  EmptyBodySchema,
  INTENT_NAMES,
  INTENTS,
  type IntentName,
  SendItemBodySchema,
  UpdateHealthBodySchema,
  UpdateManaBodySchema,
  UpdateMonstersBodySchema,
  UpdateXpBodySchema,
  UsernameBodySchema,
} from "@pickle-garden/shared";
import type { z } from "zod";
import { playerStatus } from "./botCalls.ts";
import type { GameService } from "./GameService.ts";
import { questBoard, weeklyGoalOf } from "./questCalls.ts";
import type { RoomSession } from "./RoomService.ts";
import { runIntent } from "./runIntent.ts";
import { REFRESH_MIN_MS, type Subscriptions } from "./Subscriptions.ts";
import {
  getUserJson,
  sendItem,
  syncOffline,
  updateHealth,
  updateMana,
  updateMonsters,
  updateXp,
} from "./userCalls.ts";

/**
 * What a player's owner runs (docs/scale-out.md), each its input's schema and one service call: every
 * intent of shared's table (shared/src/intents, runIntent.ts), then the server's own calls about one
 * player (its reads, the spec's owned values, its subscription, the bot's). The HTTP routes name them
 * (http/intentRoutes.ts, userRoutes, questRoutes, the bot's calls), the socket events add theirs
 * (realtime/socketIntents.ts), and with several nodes one is forwarded to the owner as its name, its caller
 * and its parsed input, and run there from this table. Calls that read or write only the store (panels,
 * notification settings, the outbox) are served wherever they arrive and are not here.
 */

/** Who an intent runs for: the resolved player (with the rooms its session was granted). */
export type Caller = RoomSession;

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

/** Shared's intents, each run in its player's command. */
function tableIntents(service: GameService): Record<IntentName, Intent> {
  const out = {} as Record<IntentName, Intent>;
  for (const name of INTENT_NAMES)
    out[name] = intent(INTENTS[name].input, (c, input) => runIntent(service, name, c.discordId, input));
  return out;
}

export function playerIntents(service: GameService, subscriptions: Subscriptions) {
  const s = service;
  return {
    ...tableIntents(s),
    getUser: intent(EmptyBodySchema, (c) => getUserJson(s, c.discordId)),
    syncOffline: intent(EmptyBodySchema, (c) => syncOffline(s, c.discordId)),
    // owned values: claims parsed, then ignored; the answers are the server's
    updateHealth: intent(UpdateHealthBodySchema, (c) => updateHealth(s, c.discordId)),
    updateMana: intent(UpdateManaBodySchema, (c) => updateMana(s, c.discordId)),
    updateMonsters: intent(UpdateMonstersBodySchema, (c, b) => updateMonsters(s, c.discordId, b)),
    updateXp: intent(UpdateXpBodySchema, (c, b) => updateXp(s, c.discordId, b)),
    sendItem: intent(SendItemBodySchema, (c, b) => sendItem(s, c.discordId, b)),
    // the account's rename (PATCH /api/user/username, accounts.setUsername): checked by the schema
    rename: intent(UsernameBodySchema, (c, b) => rename(s, c.discordId, b.username)),

    questBoard: intent(EmptyBodySchema, (c) => questBoard(s, c.discordId)),
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

/** The username is the player's to choose (trimmed, 1–32 characters, checked by the schema). */
function rename(service: GameService, discordId: string, username: string): Promise<void> {
  return service.command(discordId, (player) =>
    player.username === username
      ? { answer: undefined }
      : { player: { ...player, username }, answer: undefined },
  );
}

export type PlayerIntents = ReturnType<typeof playerIntents>;
export type PlayerIntentName = keyof PlayerIntents;
