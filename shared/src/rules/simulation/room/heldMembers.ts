import type { Player } from "../../../protocol/player.ts";
import type { RoomState, SharedNode } from "../../../protocol/rooms.ts";
import { emptySummary } from "../../state/EventSink.ts";
import type { AdvanceResult } from "../advance.ts";
import { placeOf } from "./places.ts";

/**
 * A room's wake settles only the members a hit touches (docs/rooms.md): each member a span of its shared
 * node left untouched (advanceRoom's `untouched`) and nothing after it changed (the payments, the tutorial,
 * the board) keeps its input document, and the node lists it as held back (SharedNode.held) until a hit or a
 * full settle plays it on from its own time. Its result is its input with no event; it is not placeOnly.
 */
export function holdUntouched(
  room: RoomState,
  players: readonly Player[],
  drafts: readonly Player[],
  untouched: readonly boolean[],
  results: AdvanceResult[],
  placeOnly: boolean[],
): RoomState {
  const held = new Map<string, string[]>();
  players.forEach((player, i) => {
    const r = results[i]!;
    if (!untouched[i] || r.player !== drafts[i] || r.events.length > 0) return;
    const key = placeOf(player)!.key;
    held.set(key, [...(held.get(key) ?? []), player.discordId]);
    results[i] = { player, events: [], summary: emptySummary(player.settledAt, player.settledAt) };
    placeOnly[i] = false;
  });
  if (held.size === 0) return room;
  const nodes = { ...room.nodes };
  for (const [key, ids] of held) nodes[key] = { ...nodes[key]!, held: ids };
  return { ...room, nodes };
}

/** The members the room's nodes hold back, each with its node (whose numbers its document lacks). */
export function heldBack(room: RoomState): ReadonlyMap<string, SharedNode> {
  const held = new Map<string, SharedNode>();
  for (const key in room.nodes) {
    const node = room.nodes[key]!;
    for (const id of node.held ?? []) held.set(id, node);
  }
  return held;
}
