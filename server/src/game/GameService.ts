import {
  emptyOfflineSummary,
  type GameEvent,
  offlineHasGains,
  type Player,
  type PlayerView,
  type RoomRule,
} from "@pickle-garden/shared";
import type { Clock } from "../clock.ts";
import { liveSessions } from "../metrics.ts";
import type { PlayerMeta, Store } from "../store/Store.ts";
import type { WelcomeBackOptions } from "./botOutbox.ts";
import { PlayerLogs } from "./chat/playerLogs.ts";
import { rewardKey } from "./eventsToSocket.ts";
import { GameError } from "./GameError.ts";
import type { GameLog, GameServiceDeps, GameTransport, RoomMembership } from "./GameServiceDeps.ts";
import { KeyedQueue } from "./KeyedQueue.ts";
import type { Command, LivePlayer } from "./LivePlayer.ts";
import { LivePlayers } from "./LivePlayers.ts";
import { NotOwnerError, type Ownership } from "./Ownership.ts";
import { mergeSummary, readSummary } from "./offlineSummary.ts";
import { Presence } from "./Presence.ts";
import { publishPlayer } from "./publishPlayer.ts";
import { type GameRules, type IntentResult, type SettleResult, sharedRules } from "./rules.ts";
import { Scheduler } from "./Scheduler.ts";
import { WeeklyGoalCounter } from "./WeeklyGoalCounter.ts";

/**
 * The Master (boardgame.io's master.ts, STYLE.md): for every intent, in order, load the live state,
 * settle it to now, apply the shared rule, persist (write-behind), and push the player's events and view.
 *
 * Its parts: the ports it takes (GameServiceDeps.ts), the players in memory and their write-behind
 * (LivePlayers.ts), the sockets per player (Presence.ts), and the publisher (publishPlayer.ts).
 *
 * - Live players are kept in memory; players with no socket are dropped after IDLE_EVICT_MS unused.
 * - One Scheduler wakes every player with a socket at its next event time and pushes what happened.
 * - One KeyedQueue per player: two tabs' intents apply one after the other.
 * - Away: a player is away while it has no socket connected. Each settle while away merges its gains into
 *   meta.pendingOffline, keyed by meta.awaySince (the last socket disconnect, or, for a player loaded with
 *   no socket, the time it was last settled). A settle while away simulates at most OFFLINE_CAP_HOURS past
 *   the previous settle; the rest of the gap passes with nothing happening (timers shift, see shiftTime).
 */

export interface CommandOptions {
  /**
   * Changes what the rules read before the settle (the subscription's windows), so the time since the last
   * settle is played with them.
   */
  inputs?: (player: Player) => Player;
}

export class GameService {
  readonly store: Store;
  readonly clock: Clock;
  readonly log: GameLog;
  readonly rules: GameRules;
  readonly config: GameServiceDeps["config"];
  private readonly live: LivePlayers;
  private readonly presence = new Presence();
  /** one queue per player, or per room for its members (RoomMembership.queueKey) */
  readonly queue = new KeyedQueue();
  /** the garden's weekly goal, counted from every settle and written behind with the players */
  readonly weekly: WeeklyGoalCounter;
  private readonly scheduler: Scheduler;
  private readonly flushTimer: ReturnType<typeof setInterval>;
  private readonly unsubscribeJump: () => void;
  readonly transport: GameTransport | null;
  readonly ownership: Ownership | null;
  private rooms: RoomMembership | null = null;
  /** the logs channel: the player's own game messages */
  readonly logs: PlayerLogs;
  /** set when the bot is on (BOT_API_TOKEN): delivered offline summaries queue a welcome-back DM */
  welcomeBack: WelcomeBackOptions | null = null;
  private closed = false;

  constructor(deps: GameServiceDeps) {
    this.store = deps.store;
    this.clock = deps.clock;
    this.log = deps.log;
    this.config = deps.config;
    this.rules = deps.rules ?? sharedRules;
    this.transport = deps.transport ?? null;
    this.ownership = deps.ownership ?? null;
    this.logs = new PlayerLogs(this.store, this.transport, (err) =>
      this.log.warn({ err }, "keeping a log line failed"),
    );
    this.scheduler = new Scheduler(this.clock, (id) => {
      void this.wake(id);
    });
    this.weekly = new WeeklyGoalCounter(this.store);
    this.live = new LivePlayers({
      store: this.store,
      clock: this.clock,
      log: this.log,
      ownership: this.ownership,
      presence: this.presence,
      queue: this.queue,
      weekly: this.weekly,
      idleEvictMs: deps.idleEvictMs ?? 60_000,
      isMember: (id) => this.rooms?.isMember(id) ?? false,
      left: (id, reload) => {
        this.scheduler.cancel(id);
        if (reload && !this.closed && this.isOnline(id)) this.scheduler.schedule(id, this.clock.now() + 1000);
      },
    });
    this.unsubscribeJump = this.clock.onJump(() => this.scheduler.replan());
    this.flushTimer = setInterval(() => {
      void this.live.flush();
      void this.rooms?.flush();
    }, deps.flushIntervalMs ?? 1000);
    this.flushTimer.unref?.();
  }

  /** The room service takes over its members' queues and settling (it calls this from its constructor). */
  useRooms(rooms: RoomMembership): void {
    this.rooms = rooms;
  }

  get offlineCapMs(): number {
    return this.config.offlineCapHours * 3_600_000;
  }

  isAdmin(discordId: string): boolean {
    return this.config.adminDiscordIds.includes(discordId);
  }

  /* ---------------- commands ---------------- */

  /**
   * Runs a command in the player's queue: load, settle to now, apply, mark for saving, push events and
   * the player's view to its sockets, re-plan its wake-up. Throws GameError for refusals.
   */
  command<T>(discordId: string, fn: Command<T>, options: CommandOptions = {}): Promise<T> {
    if (this.closed)
      return Promise.reject(new GameError(503, "server/unavailable", "The server is shutting down"));
    const { inputs } = options;
    return this.queue.run(this.rooms?.queueKey(discordId) ?? discordId, async () => {
      const live = await this.live.ensure(discordId);
      const now = this.clock.now();
      live.touchedAt = now;
      const given = inputs?.(live.stored.player) ?? live.stored.player;
      const newInputs = given !== live.stored.player;
      if (newInputs) {
        live.stored = { player: given, meta: live.stored.meta };
        live.dirty = true;
      }
      const settled = this.settle(live, now) || newInputs;
      const change = fn(live.stored.player, now, live);
      let changed = settled;
      if ((change.player && change.player !== live.stored.player) || change.meta) {
        live.stored = { player: change.player ?? live.stored.player, meta: change.meta ?? live.stored.meta };
        live.dirty = true;
        changed = true;
      }
      if (changed || (change.events && change.events.length > 0)) this.publish(live, change.events ?? []);
      if (this.rooms?.isMember(discordId)) this.rooms.afterCommand(discordId);
      this.reschedule(live);
      return change.answer;
    });
  }

  /**
   * A room member's intent on its shared place (a spell: a shared monster's kill pays every member who
   * damaged it), inside its command, through its room; null for a player in no room.
   */
  inRoom(discordId: string, rule: RoomRule<unknown>, input: unknown, now: number): IntentResult | null {
    return this.rooms?.applyIntent(discordId, rule, input, now) ?? null;
  }

  /** Settles and answers the player's view. */
  view(discordId: string): Promise<PlayerView> {
    return this.command(discordId, (player) => ({ answer: this.rules.view(player) }));
  }

  /** Reads the player after settling (for answers that need several fields). */
  read<T>(discordId: string, pick: (player: Player, now: number, live: LivePlayer) => T): Promise<T> {
    return this.command(discordId, (player, now, live) => ({ answer: pick(player, now, live) }));
  }

  /* ---------------- connections ---------------- */

  /** A socket of the player connected: settle what happened while away, then it is online. */
  async connect(discordId: string): Promise<void> {
    await this.command(discordId, (_player, _now, live) => {
      // the new socket holds nothing yet: the next publish is a snapshot, to every socket of the player
      live.published = null;
      live.sockets += 1;
      this.presence.set(discordId, live.sockets);
      const meta = live.stored.meta;
      // online with nothing pending: no away time until the last socket leaves
      const next =
        meta.pendingOffline === null && meta.awaySince !== null ? { ...meta, awaySince: null } : undefined;
      return next ? { meta: next, answer: undefined } : { answer: undefined };
    });
    const live = this.live.get(discordId);
    if (live && live.published === null) this.publish(live, []);
  }

  /** A socket left; with the last one the player goes away (an undelivered summary keeps its key). */
  async disconnect(discordId: string): Promise<void> {
    if (!this.presence.has(discordId) && !this.ownership) return;
    // several nodes: the player's sockets on every node are counted again (a count taken over may be off by one)
    const counted = await this.ownership?.socketsOf(discordId).catch(() => undefined);
    await this.command(discordId, (_player, now, live) => {
      live.sockets = counted ?? Math.max(0, live.sockets - 1);
      if (live.sockets > 0) {
        this.presence.set(discordId, live.sockets);
        return { answer: undefined };
      }
      this.presence.delete(discordId);
      this.scheduler.cancel(discordId);
      const meta = live.stored.meta;
      return {
        meta: { ...meta, awaySince: meta.pendingOffline !== null ? meta.awaySince : now },
        answer: undefined,
      };
    });
  }

  isOnline(discordId: string): boolean {
    return this.presence.isOnline(discordId);
  }

  /** The players with a socket open on this node. */
  onlineIds(): string[] {
    return this.presence.onlineIds();
  }

  /* ---------------- lifecycle ---------------- */

  /** Saves every dirty player now (write-behind also does this once a second). */
  async flushAll(): Promise<void> {
    await this.live.flush(true);
  }

  /**
   * The test clock is about to jump: what a minute of real time does to players who left happens first
   * (room members in their grace period leave their rooms, then every player without a socket leaves
   * memory), so the jump is time away and the next load settles it offline, as real time would. Answers
   * how many players left memory.
   */
  async beforeClockJump(): Promise<number> {
    await this.rooms?.endGraces();
    return this.live.dropDisconnected();
  }

  /** Stops the timers and saves everyone: call on shutdown, before closing the store. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.flushTimer);
    this.scheduler.stop();
    this.unsubscribeJump();
    await Promise.all(this.live.ids().map((id) => this.queue.idle(id)));
    await this.live.flush(true);
    const { ownership } = this;
    if (ownership) await Promise.allSettled(this.live.ids().map((id) => ownership.release("player", id)));
  }

  /** This node lost the player's lease: its copy is dropped unsaved (the new owner has the document). */
  forget(discordId: string): void {
    this.live.forget(discordId);
  }

  /** Serves the player here if nobody else owns it: answers null, or the node that owns it. */
  async ownerOf(discordId: string): Promise<string | null> {
    if (!this.ownership || this.ownership.holds("player", discordId)) return null;
    try {
      await this.queue.run(this.rooms?.queueKey(discordId) ?? discordId, () => this.live.ensure(discordId));
      return null;
    } catch (error) {
      if (error instanceof NotOwnerError) return error.owner;
      throw error;
    }
  }

  /**
   * Saves and forgets a live player (before linking or archiving it, or to hand it to node `to`, the
   * owner of its room), and gives its lease up (or passes it to `to`); the next access reloads it.
   */
  async evict(discordId: string, to?: string): Promise<void> {
    await this.queue.run(discordId, async () => {
      const live = this.live.get(discordId);
      if (!live) return;
      await this.live.save(live);
      this.live.drop(live);
      liveSessions.set(this.live.size);
      await this.ownership?.release("player", discordId, to);
    });
  }

  /**
   * Forgets a player whose id is about to move or be archived (linking): the caller has disconnected its
   * sockets, so their late disconnect events find nothing to reload and cannot write the old document back.
   */
  async signOut(discordId: string): Promise<void> {
    this.presence.delete(discordId);
    this.scheduler.cancel(discordId);
    await this.evict(discordId);
  }

  get liveCount(): number {
    return this.live.size;
  }

  /* ---------------- internals ---------------- */
  /** Advances the player to now (a room member: its whole room). Returns true when the document changed. */
  private settle(live: LivePlayer, now: number): boolean {
    if (this.rooms?.isMember(live.discordId)) return this.rooms.settleMember(live.discordId, now);
    return this.settleSolo(live, now);
  }

  /** Advances the player alone to now (capped while away). Returns true when the document changed. */
  settleSolo(live: LivePlayer, now: number): boolean {
    const before = live.stored.player;
    if (!(now > before.settledAt)) return false;
    const away = live.sockets === 0;
    return this.absorb(live, this.rules.advance(before, now, away ? this.offlineCapMs : undefined));
  }

  /**
   * Takes a settle's result into the live player: rewards for send-item, the away summary (no socket) or
   * what is published (online; `seen`: its shared place's events, which the caller has sent to it
   * already, so the view's patch leaves them out). `roomAlone`: the room's settle of a member with no
   * event of its own, whose document moved on only by the room (its copy of the shared place, its time):
   * on one node, written behind at most every ROOM_ALONE_SAVE_MS instead of within the second
   * (docs/decisions.md). `placeOnly`: moved by its shared place alone (advanceRoom): published with a
   * placePatch.
   * Returns true when the document changed.
   */
  absorb(
    live: LivePlayer,
    result: SettleResult,
    seen: readonly GameEvent[] = [],
    roomAlone = false,
    placeOnly = false,
  ): boolean {
    const away = live.sockets === 0;
    const before = live.stored.player;
    let meta = live.stored.meta;
    this.weekly.count(live.discordId, result.summary);
    for (const event of result.events) {
      const key = rewardKey(event);
      if (key) live.rewards.set(key.key, key.reward);
    }
    if (away) {
      const pending = readSummary(meta.pendingOffline) ?? emptyOfflineSummary(meta.awaySince);
      const merged = mergeSummary(pending, result.summary);
      if (offlineHasGains(merged)) meta = { ...meta, pendingOffline: merged };
    }
    live.stored = { player: result.player, meta };
    // one node only: with several, a failover plays the member on from its stored document (docs/decisions.md)
    if (roomAlone && !away && !this.ownership && result.events.length === 0)
      live.roomAloneSince ??= this.clock.now();
    else live.dirty = true;
    if (!away) this.publish(live, result.events, placeOnly ? { seen, placeOnlyFrom: before } : { seen });
    return result.events.length > 0 || seen.length > 0 || away;
  }

  /** Replaces the player's bookkeeping (to be written behind). */
  setMeta(live: LivePlayer, meta: PlayerMeta): void {
    live.stored = { ...live.stored, meta };
    live.dirty = true;
  }

  /** The live player if it is in memory (the room service's members always are). */
  peekLive(discordId: string): LivePlayer | null {
    return this.live.get(discordId) ?? null;
  }

  /** The live player, loaded if needed (the room service reads and writes its members through this). */
  liveOf(discordId: string): Promise<LivePlayer> {
    return this.live.ensure(discordId);
  }

  /** Publishes the player's changes to its sockets (publishPlayer.ts). */
  publish(
    live: LivePlayer,
    events: readonly GameEvent[],
    options: { seen?: readonly GameEvent[]; placeOnlyFrom?: Player } = {},
  ): void {
    publishPlayer(this, live, events, options);
  }

  private reschedule(live: LivePlayer): void {
    // a member wakes with its room (RoomService)
    if (this.closed || live.sockets === 0 || this.rooms?.isMember(live.discordId)) {
      this.scheduler.cancel(live.discordId);
      return;
    }
    const at = this.rules.nextEventAt(live.stored.player);
    if (at === null) {
      this.scheduler.cancel(live.discordId);
      return;
    }
    // a plan at or before the settled time would spin: wait at least a quarter second
    this.scheduler.schedule(live.discordId, Math.max(at, live.stored.player.settledAt + 250));
  }

  /** The scheduler's wake-up: (re)load, settle through the queue (pushes events), then re-plan. */
  private async wake(discordId: string): Promise<void> {
    if (!this.isOnline(discordId)) return;
    try {
      await this.queue.run(discordId, async () => {
        if (!this.isOnline(discordId) || this.closed) return;
        const { ownership } = this;
        if (
          ownership &&
          !ownership.holds("player", discordId) &&
          !(await ownership.revive("player", discordId))
        )
          return;
        const live = await this.live.ensure(discordId);
        this.settle(live, this.clock.now());
        this.reschedule(live);
      });
    } catch (err) {
      this.log.error({ err, discordId }, "scheduled settle failed");
    }
  }
}
