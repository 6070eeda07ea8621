import type { GameEvent } from "@pickle-garden/shared";
import { gameEvents } from "../../metrics.ts";
import { socketEventOf } from "../eventsToSocket.ts";
import type { GameTransport } from "../GameServiceDeps.ts";

/**
 * A shared node's HP changes reach every member at the place as the same `gatheringNode`: gathered from
 * the members' events of one settle and sent once to all who should hear each, not encoded once a member.
 */
type GatheringNodeEvent = Extract<GameEvent, { type: "gatheringNode" }>;

export class NodeHpBroadcast {
  private readonly byChange = new Map<string, { event: GatheringNodeEvent; to: string[] }>();

  /** Keeps the member's `gatheringNode` events for the broadcast, and answers them. */
  take(discordId: string, events: readonly GameEvent[]): GameEvent[] {
    const taken: GameEvent[] = [];
    for (const e of events) {
      if (e.type !== "gatheringNode") continue;
      taken.push(e);
      const key = `${e.at}:${e.nodeId}:${e.nodeHp}:${e.nodeMaxHp}`;
      const change = this.byChange.get(key);
      if (change) change.to.push(discordId);
      else this.byChange.set(key, { event: e, to: [discordId] });
    }
    return taken;
  }

  send(transport: GameTransport): void {
    for (const { event, to } of this.byChange.values()) {
      gameEvents.inc({ type: event.type }, to.length);
      const out = socketEventOf(to[0] as string, event);
      if (out) transport.emit(to, out[0], out[1]);
    }
  }
}
