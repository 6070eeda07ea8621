import type { Clock } from "../clock.ts";
import { liveSessions } from "../metrics.ts";
import {
  FencedOffError,
  type Store,
  type StoredPlayer,
  VersionConflictError,
  type Versioned,
} from "../store/Store.ts";
import { GameError } from "./GameError.ts";
import type { GameLog } from "./GameServiceDeps.ts";
import type { KeyedQueue } from "./KeyedQueue.ts";
import type { LivePlayer } from "./LivePlayer.ts";
import type { Ownership } from "./Ownership.ts";
import type { Presence } from "./Presence.ts";
import type { WeeklyGoalCounter } from "./WeeklyGoalCounter.ts";

/** Players saved between two turns of the event loop by the write-behind flush. */
const FLUSH_SLICE = 25;
/** chosen: tries of a stamp that meets a save of an earlier copy (each reads the document again) */
const STAMP_TRIES = 3;
/**
 * chosen: a document moved on by its room alone (no progress of its player's own) is written at least
 * this often, so its copy of the shared place in the store is never older (docs/decisions.md)
 */
export const ROOM_ALONE_SAVE_MS = 10_000;

export interface LivePlayersDeps {
  store: Store;
  clock: Clock;
  log: GameLog;
  ownership: Ownership | null;
  presence: Presence;
  queue: KeyedQueue;
  weekly: WeeklyGoalCounter;
  idleEvictMs: number;
  /** a room member stays in memory while its room holds it */
  isMember(discordId: string): boolean;
  /** a copy left memory: GameService cancels its wake-up, or plans a reload when `reload` (still online) */
  left(discordId: string, reload: boolean): void;
}

/**
 * The players in memory and their write-behind: loaded (under this node's lease) on first use, saved when
 * dirty once a second, dropped after idleEvictMs with no socket, nothing to save and no command.
 */
export class LivePlayers {
  private readonly live = new Map<string, LivePlayer>();
  private flushing: Promise<void> | null = null;

  constructor(private readonly deps: LivePlayersDeps) {}

  get size(): number {
    return this.live.size;
  }

  get(discordId: string): LivePlayer | undefined {
    return this.live.get(discordId);
  }

  ids(): string[] {
    return [...this.live.keys()];
  }

  /** The live player, loaded (and its lease claimed) if this node does not hold it. */
  async ensure(discordId: string): Promise<LivePlayer> {
    const { store, ownership, presence } = this.deps;
    const existing = this.live.get(discordId);
    if (existing && (!ownership || ownership.holds("player", discordId))) return existing;
    if (existing && (await ownership?.revive("player", discordId))) return existing;
    if (existing) this.drop(existing);
    let loaded = await this.load(discordId);
    if (ownership) {
      // the stamp: written at once under the new token, so the previous owner can no longer write; a
      // save of an earlier copy landing between the load and the stamp is read back and stamped again
      const fence = await ownership.claim("player", discordId, loaded.fence);
      for (let tries = 1; ; tries++) {
        try {
          loaded.version = await store.savePlayer(loaded.doc, loaded.version, fence);
          break;
        } catch (error) {
          if (!(error instanceof VersionConflictError) || tries >= STAMP_TRIES) throw error;
          loaded = await this.load(discordId);
        }
      }
      loaded.fence = fence;
      const counted = await ownership.socketsOf(discordId).catch(() => undefined);
      presence.set(discordId, counted ?? presence.socketsOf(discordId) ?? 0);
      if (loaded.doc.meta.room) ownership.rejoin(discordId);
    }
    const stored = loaded.doc;
    const sockets = presence.socketsOf(discordId) ?? 0;
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
      roomAloneSince: null,
      saving: false,
      sockets,
      touchedAt: this.deps.clock.now(),
      rewards: new Map(),
      published: null,
      publishedFrom: null,
      publishedOwn: false,
    };
    this.live.set(discordId, live);
    liveSessions.set(this.live.size);
    return live;
  }

  private async load(discordId: string): Promise<Versioned<StoredPlayer>> {
    const loaded = await this.deps.store.loadPlayer(discordId);
    if (!loaded || loaded.doc.meta.archived) throw GameError.notFound("No player", "player/not_found");
    return loaded;
  }

  /** Forgets the live copy; a connected player is reloaded by a wake-up shortly after. */
  drop(live: LivePlayer): void {
    if (this.live.get(live.discordId) === live) this.live.delete(live.discordId);
    this.deps.left(live.discordId, true);
  }

  /** This node lost the player's lease: its copy is dropped unsaved (the new owner has the document). */
  forget(discordId: string): void {
    const live = this.live.get(discordId);
    if (live) this.drop(live);
    liveSessions.set(this.live.size);
  }

  /** Writes the document if it moved on since its last save (dirty, or by its room alone). */
  async save(live: LivePlayer): Promise<void> {
    if (!(live.dirty || live.roomAloneSince !== null) || live.saving) return;
    const { store, log } = this.deps;
    live.saving = true;
    live.dirty = false;
    live.roomAloneSince = null;
    const doc = live.stored;
    try {
      live.version = await store.savePlayer(doc, live.version, live.fence);
    } catch (err) {
      if (err instanceof FencedOffError) {
        log.warn({ discordId: live.discordId }, "lease lost: a newer owner wrote this player; dropped");
        this.forget(live.discordId);
      } else if (err instanceof VersionConflictError) {
        // someone else wrote this player (another node, an archive): drop ours, reload on next access
        log.warn({ discordId: live.discordId }, "version conflict: live player dropped and reloaded");
        this.drop(live);
      } else {
        live.dirty = true;
        log.error({ err, discordId: live.discordId }, "saving player failed");
      }
    } finally {
      live.saving = false;
    }
  }

  /**
   * Saves and forgets every player with no socket that is in no room, whatever its last use: what the
   * idle eviction does to them once IDLE_EVICT_MS of real time has passed (the test clock jumps).
   */
  async dropDisconnected(): Promise<number> {
    const { ownership, queue } = this.deps;
    const gone = [...this.live.values()].filter((l) => l.sockets === 0 && !this.deps.isMember(l.discordId));
    const dropped = await Promise.all(
      gone.map((live) =>
        queue.run(live.discordId, async () => {
          if (live.sockets > 0 || this.live.get(live.discordId) !== live) return false;
          await this.save(live);
          if (live.dirty) return false; // the save failed: kept, and written behind later
          this.live.delete(live.discordId);
          this.deps.left(live.discordId, false);
          await ownership?.release("player", live.discordId).catch(() => undefined);
          return true;
        }),
      ),
    );
    liveSessions.set(this.live.size);
    return dropped.filter(Boolean).length;
  }

  /**
   * Saves every dirty player, and those moved on by their room alone for ROOM_ALONE_SAVE_MS (`all`: any
   * change), in slices of FLUSH_SLICE with a turn of the event loop between them, so a flush of thousands
   * of live players never holds the sockets and timers for its whole length. Not `all`: also evicts the
   * idle players, and joins a flush under way.
   */
  flush(all = false): Promise<void> {
    if (this.flushing && !all) return this.flushing;
    const { clock, ownership, queue, weekly, log } = this.deps;
    const run = (async () => {
      const now = clock.now();
      const dirty: LivePlayer[] = [];
      for (const live of [...this.live.values()]) {
        const since = live.roomAloneSince;
        if (live.dirty || (since !== null && (all || now - since >= ROOM_ALONE_SAVE_MS))) dirty.push(live);
        else if (
          !all &&
          live.sockets === 0 &&
          now - live.touchedAt > this.deps.idleEvictMs &&
          !this.deps.isMember(live.discordId)
        ) {
          this.live.delete(live.discordId);
          this.deps.left(live.discordId, false);
          void ownership?.release("player", live.discordId).catch(() => undefined);
        }
      }
      for (let i = 0; i < dirty.length; i += FLUSH_SLICE) {
        if (i > 0) await new Promise((resolve) => setImmediate(resolve));
        await Promise.all(
          dirty.slice(i, i + FLUSH_SLICE).map((live) => queue.run(live.discordId, () => this.save(live))),
        );
      }
      liveSessions.set(this.live.size);
      await weekly
        .flush(clock.now())
        .catch((err) => log.warn({ err }, "writing the weekly goal failed: kept for the next flush"));
    })();
    this.flushing = run;
    void run.finally(() => {
      if (this.flushing === run) this.flushing = null;
    });
    return run;
  }
}
