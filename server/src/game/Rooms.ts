import type { GroupPlayer, PlayerView } from "@pickle-garden/shared";

/**
 * Rooms on this node (DESIGN §7), minimal for now: which players are in which room. The shared node and
 * monsters per location, leases across nodes and persistence come with the multiplayer issue.
 */
export class Rooms {
  private readonly members = new Map<string, Set<string>>();
  private readonly roomOf = new Map<string, string>();

  list(): string[] {
    return [...this.members.keys()].sort();
  }

  has(roomId: string): boolean {
    return this.members.has(roomId);
  }

  create(roomId: string): boolean {
    if (this.members.has(roomId)) return false;
    this.members.set(roomId, new Set());
    return true;
  }

  /** Puts the player in the room (leaving any other); answers the room it left, if any. */
  join(roomId: string, discordId: string): string | null {
    const previous = this.leave(discordId);
    this.create(roomId);
    this.members.get(roomId)?.add(discordId);
    this.roomOf.set(discordId, roomId);
    return previous === roomId ? null : previous;
  }

  /** Takes the player out of its room; answers that room. Empty rooms other than discord:… ones go away. */
  leave(discordId: string): string | null {
    const roomId = this.roomOf.get(discordId);
    if (roomId === undefined) return null;
    this.roomOf.delete(discordId);
    const set = this.members.get(roomId);
    set?.delete(discordId);
    if (set && set.size === 0) this.members.delete(roomId);
    return roomId;
  }

  roomOfPlayer(discordId: string): string | null {
    return this.roomOf.get(discordId) ?? null;
  }

  membersOf(roomId: string): string[] {
    return [...(this.members.get(roomId) ?? [])];
  }
}

/** The group list's view of a player (spec shell §3 Group player), from the server's own state. */
export function groupPlayer(v: PlayerView): GroupPlayer {
  const gathering =
    v.currentAction.skill === "mining" ||
    v.currentAction.skill === "mycology" ||
    v.currentAction.skill === "botany";
  return {
    discordId: v.discordId,
    username: v.username,
    activeCharacter: v.activeCharacter,
    health: v.health,
    maxHealth: v.maxHealth,
    mana: v.mana,
    maxMana: v.maxMana,
    meleeSpeed: v.meleeSpeed,
    magicSpeed: v.magicSpeed,
    rangedSpeed: v.rangedSpeed,
    miningSpeed: v.miningSpeed,
    mycologySpeed: v.mycologySpeed,
    botanySpeed: v.botanySpeed,
    lab: { rp: v.lab.rp },
    featureFlags: v.featureFlags,
    modifiers: v.modifiers,
    barrier: v.barrier,
    skills: v.skills,
    equipmentSlots: v.equipmentSlots,
    currentAction: {
      skill: v.currentAction.skill,
      location: v.currentAction.location,
      nodeId: v.currentAction.nodeId,
      nodeHp: v.currentAction.nodeHp,
      nodeMaxHp: v.currentAction.nodeMaxHp,
    },
    isGathering: gathering,
  };
}
