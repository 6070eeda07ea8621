import { CHAT_HISTORY, type ChatMessageOut, type GameEvent, type LogEntry } from "@pickle-garden/shared";
import type { Store } from "../../store/Store.ts";
import type { GameTransport } from "../GameServiceDeps.ts";

/**
 * The logs channel (DESIGN §7 Chat): each player's own game messages (gathering drops, monster loot,
 * crafts done or stopped, levels reached), the last CHAT_HISTORY kept in the store under
 * `logs:<discordId>`, pushed to the player's sockets as `chatMessage` of type `logs` and replayed on
 * connect; an action that changed by itself (the last craft done: resting) is one too. Each line is its structured `log` alone: clients write it in the player's language.
 */
export function logEntries(events: readonly GameEvent[]): LogEntry[] {
  return events.flatMap((e): LogEntry[] => {
    switch (e.type) {
      case "xpUpdate":
        return [
          ...(e.level > e.previousLevel ? [{ kind: "level" as const, skill: e.skill, level: e.level }] : []),
          ...(e.picklelogyLevelUp
            ? [{ kind: "level" as const, skill: "picklelogy" as const, level: e.picklelogyLevelUp.to }]
            : []),
        ];
      case "gatheringUpdate":
        return [
          { kind: "drop", skill: e.skill, itemId: e.reward.id, quantity: e.reward.stack, lost: e.lost },
        ];
      case "monsterLoot":
        return [{ kind: "loot", monsterId: e.monsterId, itemId: e.item.id, quantity: e.item.quantity }];
      case "crafted":
        return [
          {
            kind: "craft",
            craft: "crafted",
            skill: e.skill,
            slotId: e.slotId,
            itemId: e.itemId,
            remaining: e.remaining,
            quantity: e.quantity,
            xp: e.xp,
          },
        ];
      case "craftStopped":
        return [
          {
            kind: "craft",
            craft: "stopped",
            skill: e.skill,
            slotId: e.slotId,
            itemId: e.itemId,
            remaining: e.remaining,
            reason: e.reason,
            ...(e.next !== undefined ? { next: e.next } : {}),
          },
        ];
      case "actionChanged":
        // a cancel is the player's own doing: only a change the player did not ask for is told
        return e.code === "crafting_cancelled"
          ? []
          : [{ kind: "action", skill: e.skill, location: e.location, why: e.code, from: e.from }];
      default:
        return [];
    }
  });
}

const channel = (discordId: string) => `logs:${discordId}`;

export class PlayerLogs {
  /** each player's appends in event order, one after the other (players do not wait for each other) */
  private readonly tails = new Map<string, Promise<void>>();

  constructor(
    private readonly store: Store,
    private readonly transport: GameTransport | null,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Keeps and pushes the log lines of these events. */
  record(discordId: string, username: string, events: readonly GameEvent[]): void {
    for (const e of events)
      for (const log of logEntries([e]))
        this.keep(discordId, { username, type: "logs", timestamp: e.at, discordId, log });
  }

  private keep(discordId: string, message: ChatMessageOut): void {
    const tail = (this.tails.get(discordId) ?? Promise.resolve())
      .then(() => this.store.appendChat(channel(discordId), message, CHAT_HISTORY))
      .catch(this.onError);
    this.tails.set(discordId, tail);
    void tail.then(() => {
      if (this.tails.get(discordId) === tail) this.tails.delete(discordId);
    });
    this.transport?.emit(discordId, "chatMessage", message);
  }

  /** The player's last lines, oldest first (sent to each socket as it connects). */
  async history(discordId: string): Promise<ChatMessageOut[]> {
    await this.tails.get(discordId);
    return this.store.recentChat(channel(discordId), CHAT_HISTORY);
  }
}
