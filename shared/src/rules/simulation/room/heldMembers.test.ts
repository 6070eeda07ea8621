import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fighter } from "../../../../testing/fighters.ts";
import { deepFreeze, gatherer } from "../../../../testing/players.ts";
import type { Player } from "../../../protocol/player.ts";
import type { RoomState } from "../../../protocol/rooms.ts";
import { deepClone } from "../../state/clonePlayer.ts";
import { emptySummary } from "../../state/EventSink.ts";
import type { GameEvent } from "../../state/events.ts";
import { nextEventAt } from "../nextEventAt.ts";
import { settleRoom } from "../settle.ts";
import { newRoomState } from "./advanceRoom.ts";
import { heldBack, holdUntouched } from "./heldMembers.ts";

const MIN = 60_000;
const named = (p: Player, id: string): Player => deepFreeze({ ...deepClone(p), discordId: id, username: id });
/** Three gatherers at the garden's node, each starting its hits at its own moment (as real players do). */
const gatherers = (seed: number) =>
  ["alice", "bob", "carol"].map((id, i) => {
    const p = gatherer(seed + i);
    return named({ ...p, currentAction: { ...p.currentAction, nextHitAt: 1000 + 700 * i } }, id);
  });
const fighters = (seed: number) =>
  ["alice", "bob", "carol"].map((id, i) =>
    named(fighter({ location: "aphid_nest", seed: seed + i, level: 5 }), id),
  );

interface Played {
  room: RoomState;
  members: Player[];
  events: GameEvent[][];
  /** per step, the members whose result was their input (held back) */
  held: number[][];
}

/**
 * The room settled from a minute in at each next event (as its wakes do), `holdBack` or not, then once more
 * at `end` with every member brought on (a command's or a read's settle).
 */
function play(start: readonly Player[], seed: number, steps: number, holdBack: boolean): Played {
  const first = settleRoom(deepFreeze(newRoomState("r1", seed, 0)), start, MIN);
  let room = deepFreeze(first.room);
  let members = first.results.map((r) => deepFreeze(r.player));
  const events: GameEvent[][] = first.results.map((r) => [...r.events]);
  const held: number[][] = [];
  for (let step = 0; step < steps; step++) {
    const next = Math.min(...members.map((m) => nextEventAt(m) ?? Number.POSITIVE_INFINITY));
    const r = settleRoom(room, members, next, { holdBack });
    held.push(members.flatMap((m, i) => (r.results[i]!.player === m ? [i] : [])));
    r.results.forEach((x, i) => {
      events[i]!.push(...x.events);
    });
    room = deepFreeze(r.room);
    members = r.results.map((x) => deepFreeze(x.player));
  }
  const end = Math.max(...members.map((m) => m.settledAt)) + 1;
  const last = settleRoom(room, members, end);
  last.results.forEach((x, i) => {
    events[i]!.push(...x.events);
  });
  return { room: last.room, members: last.results.map((x) => x.player), events, held };
}

describe("a wake settles only the members a hit touches (holdBack)", () => {
  it("the untouched keep their documents, held back by the node; brought on, all is as if each had been settled", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (seed) => {
        const held = play(gatherers(seed), seed, 30, true);
        const eager = play(gatherers(seed), seed, 30, false);
        expect(held.members).toEqual(eager.members);
        expect(held.room).toEqual(eager.room);
        expect(held.events).toEqual(eager.events);
        // most wakes are one member's hit: the other two are held back
        expect(held.held.filter((ids) => ids.length === 2).length).toBeGreaterThan(15);
        expect(eager.held.every((ids) => ids.length === 0)).toBe(true);
      }),
      { numRuns: 8 },
    );
  });

  it("the node lists whom it holds back, with the numbers their documents lack", () => {
    const first = settleRoom(newRoomState("r1", 3, 0), gatherers(3), MIN);
    const members = first.results.map((r) => r.player);
    const next = Math.min(...members.map((m) => nextEventAt(m)!));
    const r = settleRoom(first.room, members, next, { holdBack: true });
    const kept = members.filter((m, i) => r.results[i]!.player === m);
    expect(kept.length).toBe(2);
    const node = r.room.nodes["mining@garden"]!;
    expect(node.held).toEqual(kept.map((m) => m.discordId));
    for (const m of kept) {
      expect(heldBack(r.room).get(m.discordId)).toBe(node);
      expect(m.settledAt).toBeLessThan(next);
    }
    const touched = r.results.find((x, i) => x.player !== members[i])!.player;
    expect(heldBack(r.room).has(touched.discordId)).toBe(false);
    expect(touched.currentAction.nodeHp).toBe(node.nodeHp);
    // a full settle brings them on, even at the node's own time: nobody is held back after it
    const all = settleRoom(
      r.room,
      r.results.map((x) => x.player),
      next,
    );
    expect(all.room.nodes["mining@garden"]!.held).toBeUndefined();
    expect(heldBack(all.room).size).toBe(0);
    expect(all.results.every((x) => x.player.settledAt === next)).toBe(true);
    expect(all.results.every((x) => x.player.currentAction.nodeHp === node.nodeHp)).toBe(true);
  });

  it("never holds back a fighter: a fight's members are all settled at each event", () => {
    const played = play(fighters(11), 11, 20, true);
    expect(played.held.every((ids) => ids.length === 0)).toBe(true);
  });
});

describe("holdUntouched", () => {
  it("holds back only an untouched member whose settle changed nothing after its place and told nothing", () => {
    const players = gatherers(5);
    const room = newRoomState("r1", 5, 0);
    const summary = emptySummary(0, MIN);
    const paid = { ...players[1]!, gold: players[1]!.gold + 10 };
    const told: GameEvent = {
      type: "inventoryMessage",
      at: 1,
      itemId: 1,
      lost: 1,
      code: "inventory/no_space_to_add",
    };
    const results = [
      { player: players[0]!, events: [], summary },
      { player: paid, events: [], summary },
      { player: players[2]!, events: [told], summary },
    ];
    const placeOnly = [true, true, false];
    const state = holdUntouched(room, players, players, [true, true, true], results, placeOnly);
    expect(state.nodes["mining@garden"]!.held).toEqual(["alice"]);
    expect(results.map((r) => r.player)).toEqual([players[0], paid, players[2]]);
    expect(results[0]!.summary).toEqual(emptySummary(players[0]!.settledAt, players[0]!.settledAt));
    expect(placeOnly).toEqual([false, true, false]);
  });

  it("with nobody held back, answers the room itself", () => {
    const players = gatherers(5);
    const room = newRoomState("r1", 5, 0);
    const results = players.map((player) => ({ player, events: [], summary: emptySummary(0, MIN) }));
    expect(holdUntouched(room, players, players, [false, false, false], results, [true, true, true])).toBe(
      room,
    );
  });
});
