import { isInstanceRoom, multiplayerUnlocked, type RoomState } from "@pickle-garden/shared";
import { GameError } from "../GameError.ts";
import type { GameService } from "../GameService.ts";
import { newRoom, type Room } from "./Room.ts";

/** A room created and never joined goes away after this long. */
const UNJOINED_ROOM_MS = 60_000;
const HOUR_MS = 3_600_000;

export interface RoomRegistryDeps {
  /** rooms one player may create in an hour */
  createsPerHour: number;
  /** a room left the registry (`lost`: this node lost its lease): RoomService stops its timers, and closes it unless lost */
  removed(roomId: string, room: Room, lost: boolean): void;
}

/** The rooms open on this node, the room of each member, and each player's recent room creations. */
export class RoomRegistry {
  private readonly rooms = new Map<string, Room>();
  private readonly roomOf = new Map<string, string>();
  private readonly created = new Map<string, number[]>();

  constructor(private readonly deps: RoomRegistryDeps) {}

  get size(): number {
    return this.rooms.size;
  }

  get(roomId: string): Room | undefined {
    return this.rooms.get(roomId);
  }

  has(roomId: string): boolean {
    return this.rooms.has(roomId);
  }

  ids(): string[] {
    return [...this.rooms.keys()];
  }

  values(): Room[] {
    return [...this.rooms.values()];
  }

  /** The id of the room the player is a member of. */
  roomIdOf(discordId: string): string | undefined {
    return this.roomOf.get(discordId);
  }

  /** The room the player is a member of. */
  roomOfMember(discordId: string): Room | undefined {
    return this.rooms.get(this.roomOf.get(discordId) ?? "");
  }

  setMember(discordId: string, roomId: string): void {
    this.roomOf.set(discordId, roomId);
  }

  unsetMember(discordId: string): void {
    this.roomOf.delete(discordId);
  }

  /**
   * A room opened here, counted against its creator's hourly allowance (`discord:` rooms are the
   * activity's); `stored`: the world its previous owner saved, which it carries on (not a creation).
   */
  open(discordId: string, roomId: string, now: number, stored?: RoomState): Room {
    if (!isInstanceRoom(roomId) && !stored) {
      const recent = (this.created.get(discordId) ?? []).filter((t) => now - t < HOUR_MS);
      if (recent.length >= this.deps.createsPerHour) {
        throw new GameError(
          429,
          "request/rate_limited",
          `You can create at most ${this.deps.createsPerHour} rooms an hour`,
        );
      }
      recent.push(now);
      this.created.set(discordId, recent);
    }
    this.sweep(now);
    const room = newRoom(roomId, now, stored);
    this.rooms.set(roomId, room);
    return room;
  }

  /** Rooms created and never joined go away after a minute; rooms whose members all left at once. */
  sweep(now: number): void {
    for (const [id, room] of this.rooms) {
      if (room.members.length === 0 && now - room.createdAt > UNJOINED_ROOM_MS) this.remove(id, room);
    }
  }

  remove(roomId: string, room: Room, lost = false): void {
    if (this.rooms.get(roomId) !== room) return;
    this.rooms.delete(roomId);
    this.deps.removed(roomId, room, lost);
  }

  /** The room, when the player is its member; refused otherwise. */
  memberRoom(discordId: string, roomId: string): Room {
    const room = this.rooms.get(roomId);
    if (!room || this.roomOf.get(discordId) !== roomId) throw GameError.forbidden("You are not in that room");
    return room;
  }
}

/** Who may create or join a room: a `discord:` room's activity members, any other room's multiplayer unlock. */
export async function checkRoomAccess(
  game: GameService,
  session: { discordId: string; instances?: readonly string[] },
  roomId: string,
): Promise<void> {
  if (isInstanceRoom(roomId)) {
    if (!session.instances?.includes(roomId)) {
      throw GameError.forbidden("This room belongs to a Discord activity you are not in");
    }
    return;
  }
  const allowed = await game.read(session.discordId, multiplayerUnlocked);
  if (!allowed) throw GameError.forbidden("Unlock multiplayer in the lab to host or join rooms");
}
