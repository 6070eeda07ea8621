import {
  type GameEvent,
  type Player,
  type PlayerPatch,
  placePatch,
  viewChange,
  viewPatch,
} from "@pickle-garden/shared";
import { countGameEvents } from "../metrics.ts";
import type { PlayerLogs } from "./chat/playerLogs.ts";
import { type SocketEvent, socketEventOf } from "./eventsToSocket.ts";
import type { GameTransport } from "./GameServiceDeps.ts";
import type { LivePlayer } from "./LivePlayer.ts";
import type { GameRules } from "./rules.ts";

/** What the publisher writes to: the player's logs channel, its sockets (none: dropped), and its view. */
export interface PublishTo {
  readonly logs: PlayerLogs;
  readonly transport: GameTransport | null;
  readonly rules: GameRules;
}

/**
 * The one publisher of a player's changes (solo and room alike): its events as self-describing socket
 * events, then a playerPatch of what they leave out of its view (nothing when they say it all), or the
 * whole view as playerState when its sockets hold none yet (one connected, or the live copy was reloaded).
 * The view its sockets hold (`live.published`) takes each event in place (viewChange), on a copy of its
 * own made once after it was last sent whole.
 * `seen`: events the caller has already sent to the player, before `events` (a room's shared place's,
 * told once to every member there): its view takes them first, as its clients did. `placeOnlyFrom`: the
 * document before a room settle that moved it by its place alone (advanceRoom's `placeOnly`): when the
 * sockets' view was brought to that document, only the place's fields are compared (placePatch).
 */
export function publishPlayer(
  to: PublishTo,
  live: LivePlayer,
  events: readonly GameEvent[],
  options: { seen?: readonly GameEvent[]; placeOnlyFrom?: Player } = {},
): void {
  to.logs.record(live.discordId, live.stored.player.username, events);
  const transport = to.transport;
  if (!transport || live.sockets === 0) {
    live.published = null;
    return;
  }
  if (live.published)
    for (const e of options.seen ?? []) {
      const out = socketEventOf(live.discordId, e);
      if (out) takeEvent(live, out);
    }
  for (const e of events) {
    const out = socketEventOf(live.discordId, e);
    if (!out) continue;
    countGameEvents(e.type);
    transport.emit(live.discordId, out[0], out[1]);
    if (live.published) takeEvent(live, out);
  }
  const known = live.published;
  const player = live.stored.player;
  if (known && options.placeOnlyFrom !== undefined && options.placeOnlyFrom === live.publishedFrom) {
    const patch = placePatch(known, player);
    if (!isEmpty(patch)) {
      transport.emit(live.discordId, "playerPatch", patch);
      ownPublished(live);
      Object.assign(live.published!, patch);
    }
  } else {
    const view = to.rules.view(player);
    if (!known) transport.emit(live.discordId, "playerState", view);
    else {
      const patch = viewPatch(known, view);
      if (!isEmpty(patch)) transport.emit(live.discordId, "playerPatch", patch);
    }
    live.published = view;
    live.publishedOwn = known !== null;
  }
  live.publishedFrom = player;
}

/**
 * An event sent to a room member whose document its settle kept (held back by its node), taken into the
 * view its sockets hold as its clients take it: its next publish compares against what they show.
 */
export function takeSeen(live: LivePlayer, out: SocketEvent): void {
  if (live.published) takeEvent(live, out);
}

/** An event sent to the player, taken into the view its sockets hold (viewChange, written in place). */
function takeEvent(live: LivePlayer, [event, payload]: SocketEvent): void {
  const change = viewChange(live.published!, event, payload);
  if (!change) return;
  ownPublished(live);
  Object.assign(live.published!, change);
}

/** The published view made the player's own copy before it is written in place (once until it is sent). */
function ownPublished(live: LivePlayer): void {
  if (live.publishedOwn) return;
  live.published = { ...live.published! };
  live.publishedOwn = true;
}

/**
 * Another player's event to these players' sockets, in one message (a room member's hit on the monsters
 * they share). Their clients apply it to their views, so the views published to them take it too: their
 * next patch leaves out what it says. Sent before their own events and patch (settleRoom).
 */
export function publishToOthers(
  transport: GameTransport,
  lives: readonly LivePlayer[],
  out: SocketEvent,
): void {
  transport.emit(
    lives.map((l) => l.discordId),
    out[0],
    out[1],
  );
  for (const live of lives) if (live.published) takeEvent(live, out);
}

function isEmpty(patch: PlayerPatch): boolean {
  for (const _ in patch) return false;
  return true;
}
