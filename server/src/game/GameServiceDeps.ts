import type { RoomRule, ServerToClientEvents } from "@pickle-garden/shared";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Logger } from "../log.ts";
import type { Store } from "../store/Store.ts";
import type { Ownership } from "./Ownership.ts";
import type { GameRules, IntentResult } from "./rules.ts";

/** The ports GameService takes in its constructor: storage, clock, log, sockets, leases, rooms. */

export type GameLog = Pick<Logger, "info" | "warn" | "error" | "debug">;

export interface GameTransport {
  /**
   * Sends an event to every socket of the player (room `player:<discordId>`), or of each listed player:
   * one payload, encoded once, however many receive it.
   */
  emit<E extends keyof ServerToClientEvents>(
    to: string | readonly string[],
    event: E,
    payload: Parameters<ServerToClientEvents[E]>[0],
  ): void;
  /** Sends an event to every connected socket (global chat). */
  broadcast<E extends keyof ServerToClientEvents>(
    event: E,
    payload: Parameters<ServerToClientEvents[E]>[0],
  ): void;
}

/**
 * How the room service takes over its members (RoomService): their commands run in the room's queue and
 * their settling is the room's. GameService asks, the room answers.
 */
export interface RoomMembership {
  /** the queue a player's commands run in: its room's while it is a member */
  queueKey(discordId: string): string;
  isMember(discordId: string): boolean;
  /** settles the member's whole room to `now`; true when this member's document changed */
  settleMember(discordId: string, now: number): boolean;
  /** after a member's command: the room takes in what the command changed and re-plans its wake-up */
  afterCommand(discordId: string): void;
  /** a member's intent on its room's shared place, inside its command (the room settled to `now`); null for a player in no room */
  applyIntent(discordId: string, rule: RoomRule<unknown>, input: unknown, now: number): IntentResult | null;
  /** writes behind the rooms' shared worlds, with the players (several nodes; nothing on one) */
  flush(): Promise<void>;
  /** members whose last socket closed leave their rooms now instead of after the grace period */
  endGraces(): Promise<void>;
}

export interface GameServiceDeps {
  store: Store;
  clock: Clock;
  log: GameLog;
  config: Pick<Config, "offlineCapHours" | "adminDiscordIds">;
  rules?: GameRules;
  /** where events go (the sockets); none: events are dropped (tools, benchmarks) */
  transport?: GameTransport;
  /** write-behind period (default 1000 ms) */
  flushIntervalMs?: number;
  /** a player with no socket, nothing to save and no command for this long leaves memory (default 60 s) */
  idleEvictMs?: number;
  /** several nodes (REDIS_URL): a player is served only under this node's lease */
  ownership?: Ownership;
}
