import { ERROR_CODES } from "@pickle-garden/shared";
import { GameError } from "./GameError.ts";

/**
 * Who may simulate a player or a room (docs/scale-out.md), as the services see it: the port of the Redis
 * leases (scale/ScaleOut.ts). Absent on one node, where this node owns everything with token 0.
 */
export type OwnedKind = "player" | "room";

export interface Ownership {
  /** Takes (or keeps) this node's lease before the document is served; answers the fencing token. Throws NotOwnerError. */
  claim(kind: OwnedKind, id: string, floor: number): Promise<number>;
  /** true while this node holds the lease and may serve the key */
  holds(kind: OwnedKind, id: string): boolean;
  /** A lease of this node whose validity ran out, taken again if no other node took it meanwhile (its copy kept: true). */
  revive(kind: OwnedKind, id: string): Promise<boolean>;
  /** Gives the lease up, or passes it straight to node `to` (never free in between). */
  release(kind: OwnedKind, id: string, to?: string): Promise<void>;
  /** the rooms open on every node (their lease lives) */
  openRooms(): Promise<string[]>;
  /** open sockets of the player on every node */
  socketsOf(discordId: string): Promise<number>;
  /** This node just took over a player whose document names a room: put it back there, after the current command. */
  rejoin(discordId: string): void;
}

/** Another node owns the key: the transports forward the intent there (or answer 503 when they cannot). */
export class NotOwnerError extends GameError {
  constructor(
    readonly kind: OwnedKind,
    readonly id: string,
    readonly owner: string,
  ) {
    super(503, ERROR_CODES.unavailable, `This ${kind} is served by another node; try again`);
    this.name = "NotOwnerError";
  }
}
