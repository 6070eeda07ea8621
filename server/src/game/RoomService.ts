import {
  afterDisconnectLeave,
  CHAT_HISTORY,
  type ChatMessageIn,
  type ChatMessageOut,
  type GameEvent,
  type GroupPlayer,
  type GroupUpdate,
  groupChange,
  hashSeed,
  isInstanceRoom,
  multiplayerUnlocked,
  newRoomState,
  type Player,
  placeOf,
  type RoomState,
  type SpellId,
} from "@pickle-garden/shared";
import { leaseTakeovers } from "../metrics.ts";
import { RateLimiter } from "../RateLimiter.ts";
import { NOTICE_ALLOWANCE, RoomNotices } from "./chat/partyNotices.ts";
import { socketEventOf } from "./eventsToSocket.ts";
import { GameError } from "./GameError.ts";
import type { GameService } from "./GameService.ts";
import type { GameTransport, RoomMembership } from "./GameServiceDeps.ts";
import { groupPlayer } from "./groupPlayer.ts";
import type { LivePlayer } from "./LivePlayer.ts";
import { NodeHpBroadcast } from "./rooms/NodeHpBroadcast.ts";
import type { IntentResult } from "./rules.ts";
import { Scheduler } from "./Scheduler.ts";

/**
 * The live rooms of this node (docs/rooms.md), beside the player service: each room's shared world
 * (RoomState), its members, party chat and group view. Every member's command and the room's wake-ups
 * run in the room's one queue (`room:<id>`); the room settles all its members together (advanceRoom),
 * pushes each member's events to it and what others should see to the members at the same place, and
 * sends the group list (groupUpdate) at most a few times a second.
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
/** A room created and never joined goes away after this long. */
const UNJOINED_ROOM_MS = 60_000;
const HOUR_MS = 3_600_000;
/**
 * What the other members at a place see of a member's events: its hits on the shared monsters (as
 * popups) and its death and revival. Its rewards, xp and bites stay its own (docs/rooms.md): the group
 * list shows the others' levels and health, and sending every member's xp to every member was most of a
 * room's messages.
 */
function seenByOthers(e: GameEvent): boolean {
  if (e.type === "combatPopup") return e.target.kind !== "player";
  return e.type === "playerDeath" || e.type === "deathCountdown" || e.type === "playerRevived";
}

interface Room {
  state: RoomState;
  /** member ids in joining order */
  members: string[];
  createdAt: number;
  groupTimer: ReturnType<typeof setTimeout> | null;
  groupDirty: boolean;
  /** the group list and party quest as the last groupUpdate left them: the next one is the change from it */
  sent: { players: GroupPlayer[]; quest: GroupUpdate["quest"] };
  notices: RoomNotices;
}

const roomKey = (roomId: string) => `room:${roomId}`;

export class RoomService implements RoomMembership {
  private readonly game: GameService;
  private readonly transport: GameTransport | null;
  private readonly rooms = new Map<string, Room>();
  private readonly roomOf = new Map<string, string>();
  private readonly leaving = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly created = new Map<string, number[]>();
  private readonly scheduler: Scheduler;
  private readonly chatLimiter = new RateLimiter({ capacity: 5, refillPerSecond: 1 });
  private readonly noticeLimiter: RateLimiter;
  private readonly graceMs: number;
  private readonly createsPerHour: number;
  private readonly groupUpdateMs: number;

  constructor(deps: RoomServiceDeps) {
    this.game = deps.game;
    this.transport = deps.transport ?? null;
    this.graceMs = deps.graceMs ?? 30_000;
    this.createsPerHour = deps.createsPerHour ?? 20;
    this.groupUpdateMs = deps.groupUpdateMs ?? 250;
    this.noticeLimiter = new RateLimiter(NOTICE_ALLOWANCE, () => this.game.clock.now());
    this.scheduler = new Scheduler(this.game.clock, (key) => {
      void this.wake(key);
    });
    this.game.clock.onJump(() => this.scheduler.replan());
    this.game.useRooms(this);
  }

  /* ---------------- RoomMembership (GameService asks) ---------------- */

  queueKey(discordId: string): string {
    const roomId = this.roomOf.get(discordId);
    return roomId === undefined ? discordId : roomKey(roomId);
  }

  isMember(discordId: string): boolean {
    return this.roomOf.has(discordId);
  }

  settleMember(discordId: string, now: number): boolean {
    const room = this.rooms.get(this.roomOf.get(discordId) ?? "");
    return room ? this.settle(room, now).has(discordId) : false;
  }

  afterCommand(discordId: string): void {
    const room = this.rooms.get(this.roomOf.get(discordId) ?? "");
    if (!room) return;
    this.markGroup(room);
    this.reschedule(room);
  }

  /**
   * A member's spell, inside its command (the room settled to `now`, castSpellInRoom): in a shared fight
   * the others' loot and xp from its kill are taken in and pushed here; the caster's result is the
   * command's to apply.
   */
  castSpell(discordId: string, spellId: SpellId, now: number): IntentResult | null {
    const room = this.rooms.get(this.roomOf.get(discordId) ?? "");
    if (!room) return null;
    const lives = this.livesOf(room);
    const caster = lives.findIndex((l) => l.discordId === discordId);
    if (caster < 0) return null;
    const players = lives.map((l) => l.stored.player);
    const r = this.game.rules.castSpellInRoom(room.state, players, caster, spellId, now);
    if (!r.ok) return r;
    room.state = r.room;
    lives.forEach((live, i) => {
      const result = r.results[i]!;
      if (i === caster || result.player === live.stored.player) return;
      this.game.absorb(live, result);
    });
    const mine = r.results[caster]!;
    this.share(room, lives[caster]!, mine.events, players);
    return { ok: true, state: mine.player, events: mine.events };
  }

  /* ---------------- socket intents ---------------- */

  /** Room ids a player may see: web rooms only, never `discord:` ones. */
  list(): string[] {
    this.sweep();
    return [...this.rooms.keys()].filter((id) => !isInstanceRoom(id)).sort();
  }

  async create(session: RoomSession, roomId: string): Promise<{ roomId: string }> {
    await this.checkAccess(session, roomId);
    await this.game.queue.run(roomKey(roomId), () => this.roomHere(session.discordId, roomId));
    return { roomId };
  }

  /**
   * Enters a room (created when missing): settled solo to now, then a member simulated by the room.
   * A player in another room leaves it first.
   */
  async join(session: RoomSession, roomId: string): Promise<GroupUpdate> {
    await this.checkAccess(session, roomId);
    return this.enter(session.discordId, roomId);
  }

  /**
   * A node that took a player over (its owner died, or Redis lost its lease) puts it back in the room
   * its document names, where it waits out the grace period if it has no socket; answers the room, or
   * null when it is in none.
   */
  async restore(discordId: string): Promise<string | null> {
    const roomId = await this.game.read(discordId, (_p, _now, live) => live.stored.meta.room ?? null);
    if (roomId === null || this.roomOf.get(discordId) === roomId) return roomId;
    const reopened = !this.rooms.has(roomId);
    await this.enter(discordId, roomId);
    if (reopened) leaseTakeovers.inc({ kind: "room" });
    if (!this.game.isOnline(discordId)) this.disconnected(discordId);
    return roomId;
  }

  /** This node lost a room's lease: the room and its members' copies go (the new owner has them). */
  forgetRoom(roomId: string): void {
    const room = this.rooms.get(roomId);
    if (!room) return;
    for (const id of room.members) {
      this.roomOf.delete(id);
      this.game.forget(id);
    }
    this.remove(roomId, room);
  }

  private async enter(discordId: string, roomId: string): Promise<GroupUpdate> {
    this.cancelLeave(discordId);
    const current = this.roomOf.get(discordId);
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
        this.roomOf.set(discordId, roomId);
        this.game.setMeta(live, { ...live.stored.meta, room: roomId });
        this.reschedule(room);
        this.partyNotice(room, live.stored.player, "a rejoint le groupe");
      }),
    );
    const room = this.rooms.get(roomId);
    if (room) this.markGroup(room);
    const chat = await this.game.store.recentChat(`party:${roomId}`, CHAT_HISTORY);
    const messages = room ? room.notices.withHistory(chat) : chat;
    this.transport?.emit(discordId, "chatHistory", { channel: `party:${roomId}`, messages });
    return room ? this.groupUpdateOf(room) : { roomId, players: [] };
  }

  /** Leaves the room the player is in (`roomId` must be it when given). */
  async leaveGroup(discordId: string, roomId?: string): Promise<void> {
    const current = this.roomOf.get(discordId);
    if (current === undefined) return;
    if (roomId !== undefined && roomId !== current) throw GameError.forbidden("You are not in that room");
    this.cancelLeave(discordId);
    await this.leave(discordId, current);
  }

  /** A member changed location or refreshed its display: the group list shows the server's own values. */
  async refresh(discordId: string, roomId: string, playerId?: string): Promise<void> {
    if (playerId !== undefined && playerId !== discordId)
      throw GameError.forbidden("You can only update yourself");
    const room = this.memberRoom(discordId, roomId);
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
      const roomId = this.roomOf.get(discordId);
      if (roomId === undefined) throw GameError.badRequest("Join a group to use party chat");
      if (input.roomId !== undefined && input.roomId !== roomId)
        throw GameError.forbidden("You are not in that room");
      message.roomId = roomId;
      await this.game.store.appendChat(`party:${roomId}`, message, CHAT_HISTORY);
      this.transport?.emit(this.rooms.get(roomId)?.members ?? [], "chatMessage", message);
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
    this.cancelLeave(discordId);
  }

  /** The player's last socket closed: it leaves its room after the grace period. */
  disconnected(discordId: string): void {
    const roomId = this.roomOf.get(discordId);
    if (roomId === undefined) return;
    this.cancelLeave(discordId);
    const timer = setTimeout(() => {
      this.leaving.delete(discordId);
      if (this.game.isOnline(discordId) || this.roomOf.get(discordId) !== roomId) return;
      void this.leave(discordId, roomId, true).catch((err: unknown) =>
        this.game.log.warn({ err, discordId, roomId }, "leaving after the grace period failed"),
      );
    }, this.graceMs);
    timer.unref?.();
    this.leaving.set(discordId, timer);
  }

  roomOfPlayer(discordId: string): string | null {
    return this.roomOf.get(discordId) ?? null;
  }

  membersOf(roomId: string): readonly string[] {
    return this.rooms.get(roomId)?.members ?? [];
  }

  get size(): number {
    return this.rooms.size;
  }

  /** Stops the timers (shutdown); members' documents are saved by the game service, room leases given up. */
  close(): void {
    this.scheduler.stop();
    for (const id of this.rooms.keys()) void this.game.ownership?.release("room", id).catch(() => undefined);
    for (const t of this.leaving.values()) clearTimeout(t);
    for (const room of this.rooms.values()) if (room.groupTimer) clearTimeout(room.groupTimer);
  }

  /* ---------------- internals ---------------- */

  private async checkAccess(session: RoomSession, roomId: string): Promise<void> {
    if (isInstanceRoom(roomId)) {
      if (!session.instances?.includes(roomId)) {
        throw GameError.forbidden("This room belongs to a Discord activity you are not in");
      }
      return;
    }
    const allowed = await this.game.read(session.discordId, multiplayerUnlocked);
    if (!allowed) throw GameError.forbidden("Unlock multiplayer in the lab to host or join rooms");
  }

  /**
   * The room, served by this node: opened when nobody serves it (several nodes: its lease taken). Throws
   * NotOwnerError when another node serves it.
   */
  private async roomHere(discordId: string, roomId: string): Promise<Room> {
    const ownership = this.game.ownership;
    const room = this.rooms.get(roomId);
    if (room && (!ownership || ownership.holds("room", roomId))) return room;
    if (room) this.forgetRoom(roomId);
    await ownership?.claim("room", roomId, 0);
    return this.open(discordId, roomId);
  }

  /** A new room, counted against its creator's hourly allowance (`discord:` rooms are the activity's). */
  private open(discordId: string, roomId: string): Room {
    const now = this.game.clock.now();
    if (!isInstanceRoom(roomId)) {
      const recent = (this.created.get(discordId) ?? []).filter((t) => now - t < HOUR_MS);
      if (recent.length >= this.createsPerHour) {
        throw new GameError(
          429,
          "request/rate_limited",
          `You can create at most ${this.createsPerHour} rooms an hour`,
        );
      }
      recent.push(now);
      this.created.set(discordId, recent);
    }
    this.sweep();
    const room: Room = {
      state: newRoomState(roomId, hashSeed(`${roomId}:${now}`), now),
      members: [],
      createdAt: now,
      groupTimer: null,
      groupDirty: false,
      sent: { players: [], quest: null },
      notices: new RoomNotices(),
    };
    this.rooms.set(roomId, room);
    return room;
  }

  /** Rooms created and never joined go away after a minute; rooms whose members all left at once. */
  private sweep(): void {
    const now = this.game.clock.now();
    for (const [id, room] of this.rooms) {
      if (room.members.length === 0 && now - room.createdAt > UNJOINED_ROOM_MS) this.remove(id, room);
    }
  }

  private remove(roomId: string, room: Room): void {
    if (this.rooms.get(roomId) !== room) return;
    this.rooms.delete(roomId);
    void this.game.ownership?.release("room", roomId).catch(() => undefined);
    this.scheduler.cancel(roomKey(roomId));
    if (room.groupTimer) clearTimeout(room.groupTimer);
  }

  private memberRoom(discordId: string, roomId: string): Room {
    const room = this.rooms.get(roomId);
    if (!room || this.roomOf.get(discordId) !== roomId) throw GameError.forbidden("You are not in that room");
    return room;
  }

  private cancelLeave(discordId: string): void {
    const timer = this.leaving.get(discordId);
    if (timer) clearTimeout(timer);
    this.leaving.delete(discordId);
  }

  /** Settled in the room, then solo (after a disconnect: afterDisconnectLeave). */
  private async leave(discordId: string, roomId: string, disconnected = false): Promise<void> {
    await this.game.queue.run(roomKey(roomId), async () => {
      const room = this.rooms.get(roomId);
      if (!room?.members.includes(discordId)) return;
      const now = this.game.clock.now();
      this.settle(room, now);
      room.members = room.members.filter((id) => id !== discordId);
      this.roomOf.delete(discordId);
      const live = await this.game.liveOf(discordId);
      this.game.setMeta(live, { ...live.stored.meta, room: null });
      const after = disconnected ? afterDisconnectLeave(live.stored.player, now) : live.stored.player;
      if (after !== live.stored.player) {
        live.stored = { ...live.stored, player: after };
        live.dirty = true;
      }
      if (room.members.length === 0) this.remove(roomId, room);
      else this.reschedule(room);
      this.partyNotice(room, live.stored.player, "a quitté le groupe");
      this.markGroup(room);
    });
  }

  /**
   * Settles every member of the room to `now` (advanceRoom) and pushes the events. Runs inside the
   * room's queue, synchronously: no other command can see a half-settled room. Answers the members whose
   * documents changed.
   */
  private settle(room: Room, now: number): Set<string> {
    const changed = new Set<string>();
    const lives = this.livesOf(room);
    if (lives.length === 0 || !lives.some((l) => now > l.stored.player.settledAt)) return changed;
    const players = lives.map((l) => l.stored.player);
    const { room: state, results } = this.game.rules.advanceRoom(room.state, players, now);
    room.state = state;
    // the shared nodes' HP first: each member's patch is what its events, these included, leave out
    const nodeHp = new NodeHpBroadcast();
    const broadcast = lives.map((live, i) =>
      live.sockets > 0 && results[i]!.player !== live.stored.player
        ? nodeHp.take(live.discordId, results[i]!.events)
        : [],
    );
    if (this.transport) nodeHp.send(this.transport);
    lives.forEach((live, i) => {
      const result = results[i]!;
      if (result.player === live.stored.player) return;
      if (!this.game.absorb(live, result, broadcast[i])) return;
      changed.add(live.discordId);
      this.share(room, live, result.events, players);
    });
    if (changed.size > 0) this.markGroup(room);
    this.reschedule(room);
    return changed;
  }

  /** What the other members at the member's place see of its events, named with its id. */
  private share(room: Room, live: LivePlayer, events: readonly GameEvent[], before: readonly Player[]): void {
    const seen = events.filter(seenByOthers);
    if (!this.transport || seen.length === 0) return;
    const place = placeOf(live.stored.player)?.key;
    if (place === undefined) return;
    const others = room.members.filter((id, i) => {
      if (id === live.discordId) return false;
      const p = this.game.peekLive(id)?.stored.player ?? before[i];
      return p !== undefined && placeOf(p)?.key === place;
    });
    if (others.length === 0) return;
    for (const e of seen) {
      const out = socketEventOf(live.discordId, e);
      if (out) this.transport.emit(others, out[0], out[1]);
    }
  }

  /** The room's members in memory, in member order (members always are). */
  private livesOf(room: Room): LivePlayer[] {
    return room.members.map((id) => this.game.peekLive(id)).filter((l): l is LivePlayer => l !== null);
  }

  private reschedule(room: Room): void {
    let next = Number.POSITIVE_INFINITY;
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
        const room = this.rooms.get(roomId);
        if (room) this.settle(room, this.game.clock.now());
      });
    } catch (err) {
      this.game.log.error({ err, roomId }, "room settle failed");
    }
  }

  /** A join or leave line (partyNotices.ts): collapsed, limited per player, kept by the room, not stored. */
  private partyNotice(room: Room, player: Player, text: string): void {
    const message = {
      username: player.username,
      text,
      type: "party" as const,
      timestamp: this.game.clock.now(),
      roomId: room.state.id,
      discordId: player.discordId,
    };
    if (!room.notices.post(message, () => this.noticeLimiter.take(player.discordId))) return;
    this.transport?.emit([...new Set([...room.members, player.discordId])], "chatMessage", message);
  }

  /** groupUpdate, coalesced: at most one per room every groupUpdateMs. */
  private markGroup(room: Room): void {
    room.groupDirty = true;
    if (room.groupTimer) return;
    room.groupTimer = setTimeout(() => {
      room.groupTimer = null;
      if (!room.groupDirty || this.rooms.get(room.state.id) !== room) return;
      room.groupDirty = false;
      const now = this.groupOf(room);
      const change = groupChange(room.sent.players, now.players);
      const questChanged = JSON.stringify(now.quest) !== JSON.stringify(room.sent.quest);
      room.sent = now;
      if (!change && !questChanged) return;
      const update: GroupUpdate = {
        roomId: room.state.id,
        ...(change ?? { players: [] }),
        ...(questChanged ? { quest: now.quest } : {}),
      };
      this.transport?.emit(room.members, "groupUpdate", update);
    }, this.groupUpdateMs);
    room.groupTimer.unref?.();
  }

  /** The group list, and the party quest while two or more members play. */
  private groupOf(room: Room): { players: GroupPlayer[]; quest: GroupUpdate["quest"] } {
    return {
      players: this.livesOf(room).map((live) => groupPlayer(this.game.rules.view(live.stored.player))),
      quest: room.members.length >= 2 ? (room.state.quest ?? null) : null,
    };
  }

  /** The whole group list, as joinGroup answers it. */
  private groupUpdateOf(room: Room): GroupUpdate {
    const { players, quest } = this.groupOf(room);
    return { roomId: room.state.id, players, members: players.map((p) => p.discordId), quest };
  }
}
