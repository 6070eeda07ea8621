import {
  applyViewEvent,
  emptyOfflineSummary,
  type GameEvent,
  offlineHasGains,
  type Player,
  type PlayerView,
  type ServerToClientEvents,
  type SpellId,
  viewPatch,
} from "@pickle-garden/shared";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Logger } from "../log.ts";
import { gameEvents, liveSessions } from "../metrics.ts";
import {
  FencedOffError,
  type PlayerMeta,
  type Store,
  type StoredPlayer,
  VersionConflictError,
} from "../store/Store.ts";
import type { WelcomeBackOptions } from "./botOutbox.ts";
import { PlayerLogs } from "./chat/playerLogs.ts";
import { rewardKey, socketEventOf } from "./eventsToSocket.ts";
import { GameError } from "./GameError.ts";
import { KeyedQueue } from "./KeyedQueue.ts";
import { NotOwnerError, type Ownership } from "./Ownership.ts";
import { mergeSummary, readSummary } from "./offlineSummary.ts";
import { type GameRules, type IntentResult, type SettleResult, sharedRules } from "./rules.ts";
import { Scheduler } from "./Scheduler.ts";
import { WeeklyGoalCounter } from "./WeeklyGoalCounter.ts";

/**
 * The Master (boardgame.io's master.ts, STYLE.md): for every intent, in order, load the live state,
 * settle it to now, apply the shared rule, persist (write-behind), and push the player's events and view.
 *
 * - Live players are kept in memory; players with no socket are dropped after IDLE_EVICT_MS unused.
 * - One Scheduler wakes every player with a socket at its next event time and pushes what happened.
 * - One KeyedQueue per player: two tabs' intents apply one after the other.
 * - Away: a player is away while it has no socket connected. Each settle while away merges its gains into
 *   meta.pendingOffline, keyed by meta.awaySince (the last socket disconnect, or, for a player loaded with
 *   no socket, the time it was last settled). A settle while away simulates at most OFFLINE_CAP_HOURS past
 *   the previous settle; the rest of the gap passes with nothing happening (timers shift, see shiftTime).
 */

export type GameLog = Pick<Logger, "info" | "warn" | "error" | "debug">;

/** Players saved between two turns of the event loop by the write-behind flush. */
const FLUSH_SLICE = 25;

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
  /** a member's spell, inside its command (the room settled to `now`); null for a player in no room */
  castSpell(discordId: string, spellId: SpellId, now: number): IntentResult | null;
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

export interface LivePlayer {
  readonly discordId: string;
  stored: StoredPlayer;
  version: number;
  /** the fencing token every save of this copy carries (the lease's; 0 on one node) */
  fence: number;
  dirty: boolean;
  saving: boolean;
  /** open sockets of this player on this node (mirrors GameService.connections) */
  sockets: number;
  /** clock time of the last command, for idle eviction */
  touchedAt: number;
  /** the latest reward granted per node or monster and not yet reported by send-item */
  rewards: Map<string, { id: number; stack: number }>;
  /** the view its sockets hold (the last snapshot with every event and patch since); null: none yet */
  published: PlayerView | null;
}

/** What a command does to a player: maybe a new document and its events, and the answer. */
export interface Change<T> {
  player?: Player;
  events?: GameEvent[];
  meta?: PlayerMeta;
  answer: T;
}

export type Command<T> = (player: Player, now: number, live: LivePlayer) => Change<T>;

export class GameService {
  readonly store: Store;
  readonly clock: Clock;
  readonly log: GameLog;
  readonly rules: GameRules;
  readonly config: GameServiceDeps["config"];
  private readonly live = new Map<string, LivePlayer>();
  /** open sockets per player; outlives the live copy (evict, version conflict), so a reload knows it is online */
  private readonly connections = new Map<string, number>();
  /** one queue per player, or per room for its members (RoomMembership.queueKey) */
  readonly queue = new KeyedQueue();
  /** the garden's weekly goal, counted from every settle and written behind with the players */
  readonly weekly: WeeklyGoalCounter;
  private readonly scheduler: Scheduler;
  private readonly flushTimer: ReturnType<typeof setInterval>;
  private readonly unsubscribeJump: () => void;
  private readonly idleEvictMs: number;
  readonly transport: GameTransport | null;
  readonly ownership: Ownership | null;
  private rooms: RoomMembership | null = null;
  /** the logs channel: the player's own game messages */
  readonly logs: PlayerLogs;
  /** set when the bot is on (BOT_API_TOKEN): delivered offline summaries queue a welcome-back DM */
  welcomeBack: WelcomeBackOptions | null = null;
  private closed = false;
  private flushing: Promise<void> | null = null;

  constructor(deps: GameServiceDeps) {
    this.store = deps.store;
    this.clock = deps.clock;
    this.log = deps.log;
    this.config = deps.config;
    this.rules = deps.rules ?? sharedRules;
    this.idleEvictMs = deps.idleEvictMs ?? 60_000;
    this.transport = deps.transport ?? null;
    this.ownership = deps.ownership ?? null;
    this.logs = new PlayerLogs(this.store, this.transport, (err) =>
      this.log.warn({ err }, "keeping a log line failed"),
    );
    this.scheduler = new Scheduler(this.clock, (id) => {
      void this.wake(id);
    });
    this.weekly = new WeeklyGoalCounter(this.store);
    this.unsubscribeJump = this.clock.onJump(() => this.scheduler.replan());
    this.flushTimer = setInterval(() => {
      void this.flushDirty();
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
   * the player's view to its sockets, re-plan its wake-up. Throws GameError for refusals. `inputs`
   * changes what the rules read before the settle (the subscription's windows), so the time since the
   * last settle is played with them.
   */
  command<T>(discordId: string, fn: Command<T>, inputs?: (player: Player) => Player): Promise<T> {
    if (this.closed)
      return Promise.reject(new GameError(503, "server/unavailable", "The server is shutting down"));
    return this.queue.run(this.rooms?.queueKey(discordId) ?? discordId, async () => {
      const live = await this.ensureLive(discordId);
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
   * A spell, inside the caster's command: a room member's goes through its room (a shared monster's kill
   * pays every member who damaged it), anyone else's is the solo rule.
   */
  castSpell(player: Player, spellId: SpellId, now: number): IntentResult {
    return (
      this.rooms?.castSpell(player.discordId, spellId, now) ?? this.rules.castSpell(player, spellId, now)
    );
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
      this.connections.set(discordId, live.sockets);
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
    if (!this.connections.has(discordId) && !this.ownership) return;
    // several nodes: the player's sockets on every node are counted again (a count taken over may be off by one)
    const counted = await this.ownership?.socketsOf(discordId).catch(() => undefined);
    await this.command(discordId, (_player, now, live) => {
      live.sockets = counted ?? Math.max(0, live.sockets - 1);
      if (live.sockets > 0) {
        this.connections.set(discordId, live.sockets);
        return { answer: undefined };
      }
      this.connections.delete(discordId);
      this.scheduler.cancel(discordId);
      const meta = live.stored.meta;
      return {
        meta: { ...meta, awaySince: meta.pendingOffline !== null ? meta.awaySince : now },
        answer: undefined,
      };
    });
  }

  isOnline(discordId: string): boolean {
    return (this.connections.get(discordId) ?? 0) > 0;
  }

  /** The players with a socket open on this node. */
  onlineIds(): string[] {
    return [...this.connections.keys()];
  }

  /* ---------------- lifecycle ---------------- */

  /** Saves every dirty player now (write-behind also does this once a second). */
  async flushAll(): Promise<void> {
    await this.flushDirty(true);
  }

  /** Stops the timers and saves everyone: call on shutdown, before closing the store. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.flushTimer);
    this.scheduler.stop();
    this.unsubscribeJump();
    await Promise.all([...this.live.keys()].map((id) => this.queue.idle(id)));
    await this.flushDirty(true);
    const { ownership } = this;
    if (ownership)
      await Promise.allSettled([...this.live.keys()].map((id) => ownership.release("player", id)));
  }

  /** This node lost the player's lease: its copy is dropped unsaved (the new owner has the document). */
  forget(discordId: string): void {
    const live = this.live.get(discordId);
    if (live) this.drop(live);
    liveSessions.set(this.live.size);
  }

  /** Serves the player here if nobody else owns it: answers null, or the node that owns it. */
  async ownerOf(discordId: string): Promise<string | null> {
    if (!this.ownership || this.ownership.holds("player", discordId)) return null;
    try {
      await this.queue.run(this.rooms?.queueKey(discordId) ?? discordId, () => this.ensureLive(discordId));
      return null;
    } catch (error) {
      if (error instanceof NotOwnerError) return error.owner;
      throw error;
    }
  }

  /**
   * Saves and forgets a live player (before linking or archiving it, or to hand it to the node that owns
   * its room), and gives its lease up; the next access reloads it.
   */
  async evict(discordId: string): Promise<void> {
    await this.queue.run(discordId, async () => {
      const live = this.live.get(discordId);
      if (!live) return;
      await this.save(live);
      this.drop(live);
      liveSessions.set(this.live.size);
      await this.ownership?.release("player", discordId);
    });
  }

  /**
   * Forgets a player whose id is about to move or be archived (linking): the caller has disconnected its
   * sockets, so their late disconnect events find nothing to reload and cannot write the old document back.
   */
  async signOut(discordId: string): Promise<void> {
    this.connections.delete(discordId);
    this.scheduler.cancel(discordId);
    await this.evict(discordId);
  }

  get liveCount(): number {
    return this.live.size;
  }

  /* ---------------- internals ---------------- */

  private async ensureLive(discordId: string): Promise<LivePlayer> {
    const existing = this.live.get(discordId);
    if (existing && (!this.ownership || this.ownership.holds("player", discordId))) return existing;
    if (existing) this.drop(existing);
    const loaded = await this.store.loadPlayer(discordId);
    if (!loaded || loaded.doc.meta.archived) throw GameError.notFound("No player", "player/not_found");
    if (this.ownership) {
      // the stamp: written at once under the new token, so the previous owner can no longer write
      const fence = await this.ownership.claim("player", discordId, loaded.fence);
      loaded.version = await this.store.savePlayer(loaded.doc, loaded.version, fence);
      loaded.fence = fence;
      const counted = await this.ownership.socketsOf(discordId).catch(() => undefined);
      this.connections.set(discordId, counted ?? this.connections.get(discordId) ?? 0);
      if (loaded.doc.meta.room) this.ownership.rejoin(discordId);
    }
    const stored = loaded.doc;
    const sockets = this.connections.get(discordId) ?? 0;
    // away since its last settle when it has no socket; online (no away time) when it has one and nothing is pending
    let meta = stored.meta;
    if (sockets === 0 && meta.awaySince === null) meta = { ...meta, awaySince: stored.player.settledAt };
    if (sockets > 0 && meta.pendingOffline === null && meta.awaySince !== null)
      meta = { ...meta, awaySince: null };
    const live: LivePlayer = {
      discordId,
      stored: meta === stored.meta ? stored : { player: stored.player, meta },
      version: loaded.version,
      fence: loaded.fence,
      dirty: false,
      saving: false,
      sockets,
      touchedAt: this.clock.now(),
      rewards: new Map(),
      published: null,
    };
    this.live.set(discordId, live);
    liveSessions.set(this.live.size);
    return live;
  }

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
   * what is published (online; `sent`: the events the caller sends itself, which the view's patch then
   * leaves out). Returns true when the document changed.
   */
  absorb(live: LivePlayer, result: SettleResult, sent: readonly GameEvent[] = []): boolean {
    const away = live.sockets === 0;
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
    live.dirty = true;
    if (!away) this.publish(live, result.events, { sent });
    return result.events.length > 0 || away;
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
    return this.ensureLive(discordId);
  }

  /**
   * The one publisher of a player's changes (solo and room alike): its events as self-describing socket
   * events, then a playerPatch of what they leave out of its view (nothing when they say it all), or the
   * whole view as playerState when its sockets hold none yet (one connected, or the live copy was reloaded).
   * `sent`: events of `events` the caller has already sent (a room's shared node, to every member at once).
   */
  publish(
    live: LivePlayer,
    events: readonly GameEvent[],
    options: { sent?: readonly GameEvent[] } = {},
  ): void {
    this.logs.record(live.discordId, live.stored.player.username, events);
    const transport = this.transport;
    if (!transport || live.sockets === 0) {
      live.published = null;
      return;
    }
    const sent = options.sent ?? [];
    let known = live.published;
    for (const e of events) {
      const out = socketEventOf(live.discordId, e);
      if (!out) continue;
      if (!sent.includes(e)) {
        gameEvents.inc({ type: e.type });
        transport.emit(live.discordId, out[0], out[1]);
      }
      if (known) known = applyViewEvent(known, out[0], out[1]);
    }
    const view = this.rules.view(live.stored.player);
    if (!known) transport.emit(live.discordId, "playerState", view);
    else {
      const patch = viewPatch(known, view);
      for (const _ in patch) {
        transport.emit(live.discordId, "playerPatch", patch);
        break;
      }
    }
    live.published = view;
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

  /** Forgets the live copy; a connected player is reloaded by a wake-up shortly after. */
  private drop(live: LivePlayer): void {
    if (this.live.get(live.discordId) === live) this.live.delete(live.discordId);
    this.scheduler.cancel(live.discordId);
    if (!this.closed && this.isOnline(live.discordId))
      this.scheduler.schedule(live.discordId, this.clock.now() + 1000);
  }

  /** The scheduler's wake-up: (re)load, settle through the queue (pushes events), then re-plan. */
  private async wake(discordId: string): Promise<void> {
    if (!this.isOnline(discordId)) return;
    try {
      await this.queue.run(discordId, async () => {
        if (!this.isOnline(discordId) || this.closed) return;
        if (this.ownership && !this.ownership.holds("player", discordId)) return;
        const live = await this.ensureLive(discordId);
        this.settle(live, this.clock.now());
        this.reschedule(live);
      });
    } catch (err) {
      this.log.error({ err, discordId }, "scheduled settle failed");
    }
  }

  private async save(live: LivePlayer): Promise<void> {
    if (!live.dirty || live.saving) return;
    live.saving = true;
    live.dirty = false;
    const doc = live.stored;
    try {
      live.version = await this.store.savePlayer(doc, live.version, live.fence);
    } catch (err) {
      if (err instanceof FencedOffError) {
        this.log.warn({ discordId: live.discordId }, "lease lost: a newer owner wrote this player; dropped");
        this.forget(live.discordId);
      } else if (err instanceof VersionConflictError) {
        // someone else wrote this player (another node, an archive): drop ours, reload on next access
        this.log.warn({ discordId: live.discordId }, "version conflict: live player dropped and reloaded");
        this.drop(live);
      } else {
        live.dirty = true;
        this.log.error({ err, discordId: live.discordId }, "saving player failed");
      }
    } finally {
      live.saving = false;
    }
  }

  /**
   * Saves every dirty player, in slices of FLUSH_SLICE with a turn of the event loop between them, so a
   * flush of thousands of live players never holds the sockets and timers for its whole length.
   */
  private flushDirty(all = false): Promise<void> {
    if (this.flushing && !all) return this.flushing;
    const run = (async () => {
      const now = this.clock.now();
      const dirty: LivePlayer[] = [];
      for (const live of [...this.live.values()]) {
        if (live.dirty) dirty.push(live);
        else if (
          !all &&
          live.sockets === 0 &&
          now - live.touchedAt > this.idleEvictMs &&
          !this.rooms?.isMember(live.discordId)
        ) {
          this.live.delete(live.discordId);
          this.scheduler.cancel(live.discordId);
          void this.ownership?.release("player", live.discordId).catch(() => undefined);
        }
      }
      for (let i = 0; i < dirty.length; i += FLUSH_SLICE) {
        if (i > 0) await new Promise((resolve) => setImmediate(resolve));
        await Promise.all(
          dirty
            .slice(i, i + FLUSH_SLICE)
            .map((live) => this.queue.run(live.discordId, () => this.save(live))),
        );
      }
      liveSessions.set(this.live.size);
      await this.weekly
        .flush(this.clock.now())
        .catch((err) => this.log.warn({ err }, "writing the weekly goal failed: kept for the next flush"));
    })();
    this.flushing = run;
    void run.finally(() => {
      if (this.flushing === run) this.flushing = null;
    });
    return run;
  }
}
