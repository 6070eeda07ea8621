import type { ChatMessageOut } from "@pickle-garden/shared";

/**
 * A room's join and leave notices (party chat lines the server writes). They are not chat: they never
 * enter the kept chat history (a loop of joins and leaves could flush it), only a room's own short list,
 * replayed to whoever joins; and a player's joins and leaves in a room collapse to two lines a minute.
 */

/** chosen: a join and its leave; a player's further lines in a room within the minute collapse (the group list shows who is in) */
export const NOTICE_COLLAPSE = { lines: 2, windowMs: 60_000 };
/** chosen: across every room, a player's notices come 6 at once, then one every 30 s */
export const NOTICE_ALLOWANCE = { capacity: 6, refillPerSecond: 1 / 30 };
/** chosen: the notices a room replays to a joiner, beside its 50 kept chat lines */
export const ROOM_NOTICES_KEPT = 10;

export class RoomNotices {
  /** each player's shown lines within the last window */
  private readonly shownAt = new Map<string, number[]>();
  private readonly kept: ChatMessageOut[] = [];

  /**
   * Keeps the notice and answers true when it is to be shown: within NOTICE_COLLAPSE for the player
   * here, and granted by `allowance()` (the player's own limit, asked only then).
   */
  post(message: ChatMessageOut & { discordId: string }, allowance: () => boolean): boolean {
    const recent = this.recentLines(message.discordId, message.timestamp);
    if (recent.length >= NOTICE_COLLAPSE.lines || !allowance()) return false;
    this.shownAt.set(message.discordId, [...recent, message.timestamp]);
    if (this.shownAt.size > 1000) {
      for (const id of this.shownAt.keys())
        if (this.recentLines(id, message.timestamp).length === 0) this.shownAt.delete(id);
    }
    this.kept.push(message);
    if (this.kept.length > ROOM_NOTICES_KEPT) this.kept.shift();
    return true;
  }

  /** The party's kept chat with this room's notices among it, oldest first. */
  withHistory(chat: readonly ChatMessageOut[]): ChatMessageOut[] {
    return [...chat, ...this.kept].sort((a, b) => a.timestamp - b.timestamp);
  }

  private recentLines(discordId: string, now: number): number[] {
    return (this.shownAt.get(discordId) ?? []).filter((at) => now - at < NOTICE_COLLAPSE.windowMs);
  }
}
