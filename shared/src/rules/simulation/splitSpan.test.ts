import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fighter } from "../../../testing/fighters.ts";
import { gatherer, withNodes } from "../../../testing/players.ts";
import type { Player } from "../../protocol/player.ts";
import type { RoomState } from "../../protocol/rooms.ts";
import { startCraft } from "../intents/startCraft.ts";
import { addItems } from "../state/addItems.ts";
import { deepClone } from "../state/clonePlayer.ts";
import { newPlayer } from "../state/newPlayer.ts";
import { advance } from "./advance.ts";
import { advanceRoom, newRoomState } from "./room/advanceRoom.ts";

/**
 * Settling is exact however a span is cut (docs/rooms.md): the live server settles at every event, an
 * offline return in one call, and both must give the same documents.
 */

const MIN = 60_000;
const DAY = 1440 * MIN;

const named = (p: Player, id: string): Player => ({ ...deepClone(p), discordId: id, username: id });

function smith(seed: number): Player {
  let p = withNodes(newPlayer({ discordId: "s", username: "s", now: 0, seed }), [
    "south:mining:unlock",
    "south:smithing:unlock",
  ]);
  p = addItems(p, [{ id: 10001, quantity: 300 }]).player;
  const r = startCraft(p, { craftingSkill: "smithing", itemId: 20001, slotId: 0, quantity: 250 }, 0);
  if (!r.ok) throw new Error(r.message);
  return r.state;
}

function wounded(seed: number): Player {
  const p = newPlayer({ discordId: "w", username: "w", now: 0, seed });
  return { ...p, health: 1, mana: 0 };
}

/** Members of a room: two miners sharing the garden's node, a botanist alone, fighters sharing the aphid nest, a smith and a resting wounded player. */
function members(seed: number): Player[] {
  return [
    named(gatherer(seed), "ann"),
    named(gatherer(seed + 2), "ben"),
    named(gatherer(seed, "mycology", "garden"), "cid"),
    named(fighter({ location: "aphid_nest", seed, level: 5 }), "alice"),
    named(fighter({ location: "aphid_nest", seed: seed + 1, level: 5, character: "archer" }), "bob"),
    named(smith(seed), "carol"),
    named(wounded(seed), "dan"),
  ];
}

const cutsOf = (span: number, cuts: readonly number[]) => [
  ...cuts.map((c) => Math.floor(c * span)).sort((a, b) => a - b),
  span,
];

const spanAndCuts = (longest: number) =>
  [
    fc.integer({ min: 1, max: 10_000 }),
    fc.integer({ min: MIN, max: longest }),
    fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 4 }),
  ] as const;

describe("any split of a span, minutes to days, gives the same state", () => {
  it("advance", () => {
    fc.assert(
      fc.property(...spanAndCuts(3 * DAY), (seed, span, cuts) => {
        for (const p of members(seed)) {
          const whole = advance(p, span).player;
          let split = p;
          for (const t of cutsOf(span, cuts)) split = advance(split, t).player;
          expect(split).toEqual(whole);
        }
      }),
      { numRuns: 12 },
    );
  });

  it("advanceRoom", () => {
    fc.assert(
      // a day: the shared node and fight are played hit by hit (a few seconds of work per run)
      fc.property(...spanAndCuts(DAY), (seed, span, cuts) => {
        const room: RoomState = newRoomState("r", seed, 0);
        const whole = advanceRoom(room, members(seed), span);
        let split = { room, members: members(seed) };
        for (const t of cutsOf(span, cuts)) split = advanceRoom(split.room, split.members, t);
        expect(split.members).toEqual(whole.members);
        expect(split.room).toEqual(whole.room);
      }),
      // fast-check's find when one generator served every place of the room: the fight drew its monsters'
      // targets after or before the garden's node rolls depending on the cut
      { numRuns: 4, examples: [[1, 48_581_000, [0.0001853, 0]]] },
    );
  });
});
