/**
 * Open sockets per player on this node. It outlives the live copy (evict, version conflict), so a reload
 * knows the player is online.
 */
export class Presence {
  private readonly sockets = new Map<string, number>();

  /** the count last set, if the player has one */
  socketsOf(discordId: string): number | undefined {
    return this.sockets.get(discordId);
  }

  has(discordId: string): boolean {
    return this.sockets.has(discordId);
  }

  set(discordId: string, sockets: number): void {
    this.sockets.set(discordId, sockets);
  }

  delete(discordId: string): void {
    this.sockets.delete(discordId);
  }

  isOnline(discordId: string): boolean {
    return (this.sockets.get(discordId) ?? 0) > 0;
  }

  /** The players with a socket open on this node. */
  onlineIds(): string[] {
    return [...this.sockets.keys()];
  }
}
