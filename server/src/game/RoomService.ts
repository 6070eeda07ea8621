import {
  afterDisconnectLeave,
  BOSS_CODES,
  bossNextRoundAt,
  CHAT_HISTORY,
  type ChatMessageIn,
  type ChatMessageOut,
  type GroupUpdate,
  isInstanceRoom,
  type PartyNotice,
  type Player,
  type RoomRule,
} from "@pickle-garden/shared";
import { RateLimiter } from "../RateLimiter.ts";
import { FencedOffError } from "../store/Store.ts";
import { NOTICE_ALLOWANCE } from "./chat/partyNotices.ts";
import { GameError } from "./GameError.ts";
import type { GameService } from "./GameService.ts";
import type { GameTransport, RoomMembership } from "./GameServiceDeps.ts";
import { type GroupFeed, groupUpdateOf, markGroup } from "./rooms/groupFeed.ts";
import { LeaveGrace } from "./rooms/LeaveGrace.ts";
import { type Room, roomKey } from "./rooms/Room.ts";
import { checkRoomAccess, RoomRegistry } from "./rooms/RoomRegistry.ts";
import { livesOf, memberIntent, type RoomSettler, settleRoom } from "./rooms/settleRoom.ts";
import type { IntentResult } from "./rules.ts";
import { Scheduler } from "./Scheduler.ts";

/**
 * The live rooms of this node (docs/rooms.md), beside the player service: each room's shared world
 * (RoomState), its members, party chat and group view. Every member's command and the room's wake-ups
 * run in the room's one queue (`room:<id>`); the room settles all its members together (advanceRoom),
 * pushes each member's events to it and what others should see to the members at the same place, and
 * sends the group list (groupUpdate) at most a few times a second.
 *
 * Its parts, in rooms/: the registry and access checks (RoomRegistry.ts), the disconnect grace
 * (LeaveGrace.ts), the room settler (settleRoom.ts) and the group feed (groupFeed.ts).
 */

export interface RoomSession {
  discordId: string;
  /** `discord:<instanceId>` rooms this session was granted (activity token exchange) */
  instances?: readonly string[];
}

export interface RoomServiceDeps {
  game: GameService;
  transport?: GameTransport;
  /** a member whose last socket closed stays this long before leaving (default 30 s) */
  graceMs?: number;
  /** rooms one player may create in an hour (default 20) */
  createsPerHour?: number;
  /** groupUpdate at most this often per room (default 250 ms) */
  groupUpdateMs?: number;
}

/** A room's largest party. */
export const ROOM_MAX_MEMBERS = 25;

export class RoomService implements RoomMembership {
  private readonly game: GameService;
  private readonly transport: GameTransport | null;
  private readonly registry: RoomRegistry;
  private readonly grace: LeaveGrace;
  private readonly scheduler: Scheduler;
  private readonly chatLimiter = new RateLimiter({ capacity: 5, refillPerSecond: 1 });
  private readonly noticeLimiter: RateLimiter;
  /** what the settler and the group feed read and call back */
  private readonly parts: RoomSettler & GroupFeed;

  constructor(deps: RoomServiceDeps) {
    this.game = deps.game;
    this.transport = deps.transport ?? null;
    this.grace = new LeaveGrace(deps.graceMs ?? 30_000);
    this.registry = new RoomRegistry({
      createsPerHour: deps.createsPerHour ?? 20,
      removed: (roomId, room, lost) => {
        if (!lost) this.closeRoom(room);
        this.scheduler.cancel(roomKey(roomId));
        if (room.groupTimer) clearTimeout(room.groupTimer);
      },
    });
    this.parts = {
      game: this.game,
      transport: this.transport,
      groupUpdateMs: deps.groupUpdateMs ?? 250,
      isOpen: (room) => this.registry.get(room.state.id) === room,
      markGroup: (room) => markGroup(this.parts, room),
      reschedule: (room) => this.reschedule(room),
    };
    this.noticeLimiter = new RateLimiter(NOTICE_ALLOWANCE, () => this.game.clock.now());
    this.scheduler = new Scheduler(this.game.clock, (key) => {
      void this.wake(key);
    });
    this.game.clock.onJump(() => this.scheduler.replan());
    this.game.useRooms(this);
  }

  /* ---------------- RoomMembership (GameService asks) ---------------- */

  queueKey(discordId: string): string {
    const roomId = this.registry.roomIdOf(discordId);
    return roomId === undefined ? discordId : roomKey(roomId);
  }

  isMember(discordId: string): boolean {
    return this.registry.roomIdOf(discordId) !== undefined;
  }

  settleMember(discordId: string, now: number): boolean {
    const room = this.registry.roomOfMember(discordId);
    return room ? this.settle(room, now).has(discordId) : false;
  }

  afterCommand(discordId: string): void {
    const room = this.registry.roomOfMember(discordId);
    if (!room) return;
    this.markGroup(room);
    this.reschedule(room);
  }

  /**
   * A member's intent on its room's shared place (the `roomRule` of its entry in shared's table), inside
   * its command (memberIntent in rooms/settleRoom.ts). Null for a player in no room.
   */
  applyIntent(discordId: string, rule: RoomRule<unknown>, input: unknown, now: number): IntentResult | null {
    const room = this.registry.roomOfMember(discordId);
    return room ? memberIntent(this.parts, room, discordId, rule, input, now) : null;
  }

  /* ---------------- socket intents ---------------- */

  /** Room ids a player may see, open on any node: web rooms only, never `discord:` ones. */
  async list(): Promise<string[]> {
    this.registry.sweep(this.game.clock.now());
    const ids = this.game.ownership ? await this.game.ownership.openRooms() : this.registry.ids();
    return ids.filter((id) => !isInstanceRoom(id)).sort();
  }

  async create(session: RoomSession, roomId: string): Promise<{ roomId: string }> {
    await checkRoomAccess(this.game, session, roomId);
    await this.game.queue.run(roomKey(roomId), () => this.roomHere(session.discordId, roomId));
    return { roomId };
  }

  /**
   * Enters a room (created when missing): settled solo to now, then a member simulated by the room.
   * A player in another room leaves it first.
   */
  async join(session: RoomSession, roomId: string): Promise<GroupUpdate> {
    await checkRoomAccess(this.game, session, roomId);
    return this.enter(session.discordId, roomId);
  }

  /**
   * A node that took a player over (its owner died, or Redis lost its lease) puts it back in the room
   * its document names, where it waits out the grace period if it has no socket; answers the room, or
   * null when it is in none.
   */
  async restore(discordId: string): Promise<string | null> {
    const roomId = await this.game.read(discordId, (_p, _now, live) => live.stored.meta.room ?? null);
    if (roomId === null || this.registry.roomIdOf(discordId) === roomId) return roomId;
    await this.enter(discordId, roomId);
    if (!this.game.isOnline(discordId)) this.disconnected(discordId);
    return roomId;
  }

  /** This node lost a room's lease: the room and its members' copies go (the new owner has them). */
  forgetRoom(roomId: string): void {
    const room = this.registry.get(roomId);
    if (!room) return;
    for (const id of room.members) {
      this.registry.unsetMember(id);
      this.game.forget(id);
    }
    this.registry.remove(roomId, room, true);
  }

  /** Several nodes: writes behind each room whose world changed since its last write (GameService's flush). */
  async flush(): Promise<void> {
    if (!this.game.ownership) return;
    // rooms created and never joined close here too, so no other node lists them past their minute
    this.registry.sweep(this.game.clock.now());
    await Promise.all(
      this.registry
        .values()
        .map((room) => this.game.queue.run(roomKey(room.state.id), () => this.save(room))),
    );
  }

  private async enter(discordId: string, roomId: string): Promise<GroupUpdate> {
    this.grace.cancel(discordId);
    const current = this.registry.roomIdOf(discordId);
    if (current !== undefined && current !== roomId) await this.leave(discordId, current);
    await this.game.queue.run(discordId, () =>
      this.game.queue.run(roomKey(roomId), async () => {
        const live = await this.game.liveOf(discordId);
        const room = await this.roomHere(discordId, roomId);
        const now = this.game.clock.now();
        if (room.members.includes(discordId)) return;
        if (room.members.length >= ROOM_MAX_MEMBERS) throw GameError.conflict("This room is full");
        this.settle(room, now);
        this.game.settleSolo(live, now);
        room.members.push(discordId);
        this.registry.setMember(discordId, roomId);
        this.game.setMeta(live, { ...live.stored.meta, room: roomId });
        this.reschedule(room);
        this.partyNotice(room, live.stored.player, "joined");
      }),
    );
    const room = this.registry.get(roomId);
    if (room) this.markGroup(room);
    const chat = await this.game.store.recentChat(`party:${roomId}`, CHAT_HISTORY);
    const messages = room ? room.notices.withHistory(chat) : chat;
    this.transport?.emit(discordId, "chatHistory", { channel: `party:${roomId}`, messages });
    return room ? groupUpdateOf(this.game, room, discordId) : { roomId, players: [] };
  }

  /**
   * A member's boss challenge for its party (docs/rooms.md "Party bosses"): the room settled to now, then
   * the rule; refused with a `boss/*` code (422), nothing changed.
   */
  async challengeBoss(discordId: string, roomId: string, bossId: string): Promise<void> {
    const notMember = () => GameError.rejected(BOSS_CODES.notMember, "You are not in that room");
    if (this.registry.roomIdOf(discordId) !== roomId) throw notMember();
    await this.game.queue.run(roomKey(roomId), () => {
      const room = this.registry.get(roomId);
      if (!room?.members.includes(discordId)) throw notMember();
      const now = this.game.clock.now();
      this.settle(room, now);
      const players = livesOf(this.game, room).map((l) => l.stored.player);
      const r = this.game.rules.challengeBoss(room.state, players, discordId, bossId, now);
      if (!r.ok) throw GameError.rejected(r.code, r.message);
      room.state = r.room;
      this.markGroup(room);
      this.reschedule(room);
    });
  }

  /** Leaves the room the player is in (`roomId` must be it when given). */
  async leaveGroup(discordId: string, roomId?: string): Promise<void> {
    const current = this.registry.roomIdOf(discordId);
    if (current === undefined) return;
    if (roomId !== undefined && roomId !== current) throw GameError.forbidden("You are not in that room");
    this.grace.cancel(discordId);
    await this.leave(discordId, current);
  }

  /** A member changed location or refreshed its display: the group list shows the server's own values. */
  async refresh(discordId: string, roomId: string, playerId?: string): Promise<void> {
    if (playerId !== undefined && playerId !== discordId)
      throw GameError.forbidden("You can only update yourself");
    const room = this.registry.memberRoom(discordId, roomId);
    await this.game.queue.run(roomKey(roomId), () => this.settle(room, this.game.clock.now()));
    this.markGroup(room);
  }

  async chat(
    discordId: string,
    input: ChatMessageIn & { type: ChatMessageOut["type"] },
  ): Promise<ChatMessageOut> {
    if (!this.chatLimiter.take(discordId)) {
      throw new GameError(429, "request/rate_limited", "You are sending messages too fast");
    }
    const username = await this.game.read(discordId, (p) => p.username);
    const message: ChatMessageOut = {
      username,
      text: input.text,
      type: input.type,
      timestamp: this.game.clock.now(),
      discordId,
    };
    if (input.type === "party") {
      // a member whose room copy went with its lease (Redis restarted) is put back first, as a takeover does
      const roomId = this.registry.roomIdOf(discordId) ?? (await this.restore(discordId));
      if (roomId === null) throw GameError.badRequest("Join a group to use party chat");
      if (input.roomId !== undefined && input.roomId !== roomId)
        throw GameError.forbidden("You are not in that room");
      message.roomId = roomId;
      await this.game.store.appendChat(`party:${roomId}`, message, CHAT_HISTORY);
      this.transport?.emit(this.registry.get(roomId)?.members ?? [], "chatMessage", message);
    } else if (input.type === "global") {
      await this.game.store.appendChat("global", message, CHAT_HISTORY);
      this.transport?.broadcast("chatMessage", message);
    } else {
      // logs are the player's own feed: echoed back, never shared
      this.transport?.emit(discordId, "chatMessage", message);
    }
    return message;
  }

  /** The global channel's history, sent to each socket as it connects. */
  globalHistory(): Promise<ChatMessageOut[]> {
    return this.game.store.recentChat("global", CHAT_HISTORY);
  }

  /* ---------------- connections ---------------- */

  /** A socket of the player connected: a pending leave (reload, network blip) is called off. */
  connected(discordId: string): void {
    this.grace.cancel(discordId);
    this.markAway(discordId);
  }

  /** The player's last socket closed: it leaves its room after the grace period. */
  disconnected(discordId: string): void {
    const roomId = this.registry.roomIdOf(discordId);
    if (roomId === undefined) return;
    this.markAway(discordId);
    this.grace.start(discordId, async () => {
      if (this.game.isOnline(discordId) || this.registry.roomIdOf(discordId) !== roomId) return;
      await this.leave(discordId, roomId, true).catch((err: unknown) =>
        this.game.log.warn({ err, discordId, roomId }, "leaving after the grace period failed"),
      );
    });
  }

  /** The test clock jumps: members waiting out their grace period leave their rooms now, as they would have. */
  endGraces(): Promise<void> {
    return this.grace.endAll();
  }

  roomOfPlayer(discordId: string): string | null {
    return this.registry.roomIdOf(discordId) ?? null;
  }

  membersOf(roomId: string): readonly string[] {
    return this.registry.get(roomId)?.members ?? [];
  }

  get size(): number {
    return this.registry.size;
  }

  /**
   * Stops the timers (shutdown); several nodes: writes each room's world and gives its lease up, so
   * another node carries it on. Members' documents are saved by the game service.
   */
  async close(): Promise<void> {
    this.scheduler.stop();
    this.grace.stop();
    for (const room of this.registry.values()) if (room.groupTimer) clearTimeout(room.groupTimer);
    const { ownership } = this.game;
    if (!ownership) return;
    await Promise.allSettled(
      this.registry.values().map(async (room) => {
        await this.save(room);
        await ownership.release("room", room.state.id);
      }),
    );
  }

  /* ---------------- internals ---------------- */

  /**
   * The room, served by this node: opened when nobody serves it. Several nodes: its lease taken, and the
   * world its previous owner saved carried on (written at once under the new token, so that owner can no
   * longer write it). Throws NotOwnerError when another node serves it.
   */
  private async roomHere(discordId: string, roomId: string): Promise<Room> {
    const { ownership, store, clock } = this.game;
    const room = this.registry.get(roomId);
    if (room && (!ownership || ownership.holds("room", roomId))) return room;
    if (room && (await ownership?.revive("room", roomId))) return room;
    if (room) this.forgetRoom(roomId);
    if (!ownership) return this.registry.open(discordId, roomId, clock.now());
    const stored = await store.loadRoom(roomId);
    const fence = await ownership.claim("room", roomId, stored?.fence ?? 0);
    const opened = this.registry.open(discordId, roomId, clock.now(), stored?.state);
    opened.fence = fence;
    await this.save(opened);
    return opened;
  }

  /** Several nodes: writes the room's world under its token; a newer token's write means the room is lost here. */
  private async save(room: Room): Promise<void> {
    const state = room.state;
    if (state === room.saved || this.registry.get(state.id) !== room) return;
    try {
      await this.game.store.saveRoom(state, room.fence);
      room.saved = state;
    } catch (err) {
      if (!(err instanceof FencedOffError)) {
        this.game.log.error({ err, roomId: state.id }, "saving a room failed: kept for the next flush");
        return;
      }
      this.game.log.warn({ roomId: state.id }, "lease lost: a newer owner wrote this room; dropped");
      this.forgetRoom(state.id);
    }
  }

  /** The room closed here (its last member left, or never joined): its saved world goes, then its lease. */
  private closeRoom(room: Room): void {
    const { ownership, store } = this.game;
    if (!ownership) return;
    const roomId = room.state.id;
    void store
      .deleteRoom(roomId, room.fence)
      .then(() => ownership.release("room", roomId))
      .catch((err: unknown) => this.game.log.warn({ err, roomId }, "closing a room's lease failed"));
  }

  /** Settled in the room, then solo (after a disconnect: afterDisconnectLeave). */
  private async leave(discordId: string, roomId: string, disconnected = false): Promise<void> {
    await this.game.queue.run(roomKey(roomId), async () => {
      const room = this.registry.get(roomId);
      if (!room?.members.includes(discordId)) return;
      const now = this.game.clock.now();
      this.settle(room, now);
      room.members = room.members.filter((id) => id !== discordId);
      this.registry.unsetMember(discordId);
      const live = await this.game.liveOf(discordId);
      this.game.setMeta(live, { ...live.stored.meta, room: null });
      const after = disconnected ? afterDisconnectLeave(live.stored.player, now) : live.stored.player;
      if (after !== live.stored.player) {
        live.stored = { ...live.stored, player: after };
        live.dirty = true;
      }
      if (room.members.length === 0) this.registry.remove(roomId, room);
      else this.reschedule(room);
      this.partyNotice(room, live.stored.player, "left");
      this.markGroup(room);
    });
  }

  /**
   * Settles every member of the room to `now` (rooms/settleRoom.ts; `wake`: the room's own wake-up, which
   * leaves the members a hit did not touch as they are); answers the members that changed.
   */
  private settle(room: Room, now: number, wake = false): Set<string> {
    return settleRoom(this.parts, room, now, wake);
  }

  private markGroup(room: Room): void {
    markGroup(this.parts, room);
  }

  /** The player's socket came or went: its room's group list says whether it is away. */
  private markAway(discordId: string): void {
    const roomId = this.registry.roomIdOf(discordId);
    const room = roomId === undefined ? undefined : this.registry.get(roomId);
    if (room) this.markGroup(room);
  }

  private reschedule(room: Room): void {
    let next = (room.state.boss && bossNextRoundAt(room.state.boss)) ?? Number.POSITIVE_INFINITY;
    let settledAt = 0;
    for (const id of room.members) {
      const live = this.game.peekLive(id);
      if (!live) continue;
      const at = this.game.rules.nextEventAt(live.stored.player);
      if (at !== null && at < next) next = at;
      settledAt = Math.max(settledAt, live.stored.player.settledAt);
    }
    const key = roomKey(room.state.id);
    if (!Number.isFinite(next)) this.scheduler.cancel(key);
    // never at or before the settled time (that would spin); events are pushed within a few ms of their time
    else this.scheduler.schedule(key, Math.max(next, settledAt + 5));
  }

  private async wake(key: string): Promise<void> {
    const roomId = key.slice("room:".length);
    try {
      await this.game.queue.run(key, () => {
        const room = this.registry.get(roomId);
        if (room) this.settle(room, this.game.clock.now(), true);
      });
    } catch (err) {
      this.game.log.error({ err, roomId }, "room settle failed");
    }
  }

  /** A join or leave line (partyNotices.ts): collapsed, limited per player, kept by the room, not stored. */
  private partyNotice(room: Room, player: Player, notice: PartyNotice): void {
    const message = {
      username: player.username,
      notice,
      type: "party" as const,
      timestamp: this.game.clock.now(),
      roomId: room.state.id,
      discordId: player.discordId,
    };
    if (!room.notices.post(message, () => this.noticeLimiter.take(player.discordId))) return;
    this.transport?.emit([...new Set([...room.members, player.discordId])], "chatMessage", message);
  }
}
