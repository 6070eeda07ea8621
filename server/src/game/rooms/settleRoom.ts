import { type GameEvent, type PlaceEvents, type Player, placeOf, type RoomRule } from "@pickle-garden/shared";
import { countGameEvents } from "../../metrics.ts";
import { queueBossKill } from "../botOutbox.ts";
import { socketEventOf } from "../eventsToSocket.ts";
import type { GameService } from "../GameService.ts";
import type { GameTransport } from "../GameServiceDeps.ts";
import type { LivePlayer } from "../LivePlayer.ts";
import { publishToOthers, takeSeen } from "../publishPlayer.ts";
import type { IntentResult } from "../rules.ts";
import type { Room } from "./Room.ts";

/** What settling a room reads and calls back: the members' documents, the sockets, RoomService's plans. */
export interface RoomSettler {
  readonly game: GameService;
  readonly transport: GameTransport | null;
  /** a member changed: the group list is due */
  markGroup(room: Room): void;
  /** re-plans the room's wake-up */
  reschedule(room: Room): void;
}

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

/** The room's members in memory, in member order (members always are). */
export function livesOf(game: GameService, room: Room): LivePlayer[] {
  return room.members.map((id) => game.peekLive(id)).filter((l): l is LivePlayer => l !== null);
}

/**
 * Settles every member of the room to `now` (advanceRoom) and pushes the events. Runs inside the
 * room's queue, synchronously: no other command can see a half-settled room. Answers the members whose
 * documents changed. `wake` (the room's own wake-up, on one node): the members a hit left untouched at a
 * shared node keep their documents, held back by the node (docs/rooms.md); every other caller (a command,
 * a read, a join or leave) settles every member to `now`, which brings them on.
 */
export function settleRoom(s: RoomSettler, room: Room, now: number, wake = false): Set<string> {
  const changed = new Set<string>();
  const lives = livesOf(s.game, room);
  // one node only: with several, a failover plays the members on from their stored documents
  const holdBack = wake && !s.game.ownership;
  const times = lives.map((l) => l.stored.player.settledAt);
  // a wake with nothing past the room's last settle has nothing to do (a member held back has no hit
  // before it); any other settle brings every member behind on
  if (lives.length === 0 || !(now > (holdBack ? Math.max(...times) : Math.min(...times)))) return changed;
  const players = lives.map((l) => l.stored.player);
  const {
    room: state,
    results,
    places,
    placeOnly,
  } = s.game.rules.advanceRoom(room.state, players, now, holdBack);
  const bossMoved = JSON.stringify(state.boss) !== JSON.stringify(room.state.boss);
  if (state.boss?.outcome === "won" && room.state.boss?.outcome === null) announceKill(s, room, players, now);
  room.state = state;
  // what members see of each other comes first, a shared place's events in one message each to all of
  // its members, then what the others at a member's place see of its events: each member's patch is what
  // its own events and those leave out
  const seen = sendPlaces(s, lives, results, places);
  lives.forEach((live, i) => {
    if (results[i]!.player !== live.stored.player) shareEvents(s, i, lives, results);
  });
  lives.forEach((live, i) => {
    const result = results[i]!;
    if (result.player === live.stored.player) return;
    // a member with no event of its own moved on by the room alone (docs/decisions.md)
    if (s.game.absorb(live, result, seen[i], true, placeOnly[i])) changed.add(live.discordId);
  });
  if (changed.size > 0 || bossMoved) s.markGroup(room);
  s.reschedule(room);
  return changed;
}

/** A boss just beaten: the bot may announce it in the panel channel, with the names of those who stayed. */
function announceKill(s: RoomSettler, room: Room, players: readonly Player[], now: number): void {
  const fight = room.state.boss!;
  const stayed = new Set(fight.fighters.filter((f) => !f.left).map((f) => f.id));
  const names = players.filter((p) => stayed.has(p.discordId)).map((p) => p.username);
  const kill = { bossId: fight.bossId, names, at: now };
  queueBossKill(s.game.store, room.state.id, kill, now).catch((err: unknown) =>
    s.game.log.warn({ err, roomId: room.state.id }, "queueing a boss kill's announcement failed"),
  );
}

/**
 * Sends each shared place's events (advanceRoom: a node's HP after each hit) once, in one message each to
 * those of its members online; answers each member's place events, in member order (none: no place). A
 * member held back (its document kept) is not published: the view its sockets hold takes them here.
 */
function sendPlaces(
  s: RoomSettler,
  lives: readonly LivePlayer[],
  results: readonly { player: Player }[],
  places: readonly PlaceEvents[],
): (readonly GameEvent[])[] {
  const seen: (readonly GameEvent[])[] = lives.map(() => []);
  for (const place of places) {
    const ids: string[] = [];
    const held: LivePlayer[] = [];
    for (const i of place.members) {
      seen[i] = place.events;
      const live = lives[i]!;
      if (live.sockets === 0) continue;
      ids.push(live.discordId);
      if (results[i]!.player === live.stored.player) held.push(live);
    }
    if (!s.transport || ids.length === 0) continue;
    for (const event of place.events) {
      const out = socketEventOf(ids[0]!, event);
      if (!out) continue;
      countGameEvents(event.type, ids.length);
      s.transport.emit(ids, out[0], out[1]);
      for (const live of held) takeSeen(live, out);
    }
  }
  return seen;
}

/**
 * A member's intent on the room's shared place, inside its command (the room settled to `now`, its
 * entry's `roomRule`, as a spell's castSpellInRoom): the others' loot and xp from its kill are taken in
 * and pushed here; the acting member's result is the command's to apply.
 */
export function memberIntent(
  s: RoomSettler,
  room: Room,
  discordId: string,
  rule: RoomRule<unknown>,
  input: unknown,
  now: number,
): IntentResult | null {
  const lives = livesOf(s.game, room);
  const caster = lives.findIndex((l) => l.discordId === discordId);
  if (caster < 0) return null;
  const players = lives.map((l) => l.stored.player);
  const r = s.game.rules.roomIntent(rule, room.state, players, caster, input, now);
  if (!r.ok) return r;
  room.state = r.room;
  shareEvents(s, caster, lives, r.results);
  lives.forEach((live, i) => {
    const result = r.results[i]!;
    if (i === caster || result.player === live.stored.player) return;
    s.game.absorb(live, result);
  });
  const mine = r.results[caster]!;
  return { ok: true, state: mine.player, events: mine.events };
}

/**
 * What the other members at member `i`'s place (after the settle) see of its events, named with its id,
 * sent before their own events and patches (publishToOthers).
 */
function shareEvents(
  s: RoomSettler,
  i: number,
  lives: readonly LivePlayer[],
  results: readonly { player: Player; events: readonly GameEvent[] }[],
): void {
  const seen = results[i]!.events.filter(seenByOthers);
  if (!s.transport || seen.length === 0) return;
  const place = placeOf(results[i]!.player)?.key;
  if (place === undefined) return;
  const others = lives.filter((_, j) => j !== i && placeOf(results[j]!.player)?.key === place);
  if (others.length === 0) return;
  const from = lives[i]!.discordId;
  for (const e of seen) {
    const out = socketEventOf(from, e);
    if (out) publishToOthers(s.transport, others, out);
  }
}
