import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fighter } from "../../../../testing/fighters.ts";
import { deepFreeze, gatherer } from "../../../../testing/players.ts";
import type { Player } from "../../../protocol/player.ts";
import type { RoomState } from "../../../protocol/rooms.ts";
import { deepClone } from "../../state/clonePlayer.ts";
import type { GameEvent } from "../../state/events.ts";
import { newPlayer } from "../../state/newPlayer.ts";
import { advance } from "../advance.ts";
import { nextEventAt } from "../nextEventAt.ts";
import { advanceRoom, newRoomState } from "./advanceRoom.ts";
import { PLACE_FIELDS } from "./roomMember.ts";

const MIN = 60_000;
const HOUR = 60 * MIN;

const named = (p: Player, id: string): Player => deepFreeze({ ...deepClone(p), discordId: id, username: id });
const items = (p: Player) => {
  const out: Record<number, number> = {};
  for (const e of p.inventory) if (e.id > 0) out[e.id] = (out[e.id] ?? 0) + e.stack;
  return out;
};
const room = (seed = 7): RoomState => deepFreeze(newRoomState("r1", seed, 0));
const of = <T extends GameEvent["type"]>(events: GameEvent[], type: T) =>
  events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);

/** Two gatherers at the garden (different seeds, so different damage rolls and drops). */
const pairAtGarden = (a: number, b: number) => [named(gatherer(a), "alice"), named(gatherer(b), "bob")];
const pairFighting = (a: number, b: number) => [
  named(fighter({ location: "aphid_nest", seed: a, level: 5 }), "alice"),
  named(fighter({ location: "aphid_nest", seed: b, level: 5, character: "archer" }), "bob"),
];

describe("advanceRoom: a member alone earns exactly what advance gives", () => {
  it("gathering, fighting or resting, with others elsewhere in the room", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 12 * HOUR }),
        (seed, span) => {
          const members = [
            named(gatherer(seed), "alice"),
            named(gatherer(seed + 1, "mycology", "garden"), "bob"),
            named(fighter({ location: "aphid_nest", seed }), "carol"),
            named(newPlayer({ discordId: "dan", username: "dan", now: 0, seed }), "dan"),
          ];
          const r = advanceRoom(room(seed), members, span);
          members.forEach((m, i) => {
            const solo = advance(m, span);
            expect(r.members[i]).toEqual(solo.player);
            expect(r.events[i]).toEqual(solo.events);
          });
          expect(r.room.nodes).toEqual({});
          expect(r.room.fights).toEqual({});
        },
      ),
      { numRuns: 15 },
    );
  });
});

describe("advanceRoom: one shared node", () => {
  it("both members' hits lower one node; every hitter gets its own drop and break xp at each break", () => {
    const members = pairAtGarden(1, 2);
    const r = advanceRoom(room(), members, 10 * MIN);
    const [a, b] = r.events as [GameEvent[], GameEvent[]];
    // the node's HP is the place's, one event for both members, none in a member's own events
    expect(r.places).toEqual([{ key: "mining@garden", members: [0, 1], events: expect.any(Array) }]);
    const hits = of(r.places[0]!.events, "gatheringNode");
    expect(hits.length).toBe(r.places[0]!.events.length);
    expect(new Set(hits.map((e) => e.by))).toEqual(new Set(["alice", "bob"]));
    expect(of(a, "gatheringNode")).toEqual([]);
    expect(of(b, "gatheringNode")).toEqual([]);
    expect(hits.at(-1)).toMatchObject({ nodeHp: r.members[0]!.currentAction.nodeHp });
    expect(r.members[0]!.currentAction.nodeHp).toBe(r.members[1]!.currentAction.nodeHp);
    expect(r.room.nodes["mining@garden"]).toMatchObject({ nodeId: r.members[0]!.currentAction.nodeId });
    // twice the hits of one player: breaks come about twice as often as alone
    const solo = advance(members[0]!, 10 * MIN);
    const breaksTogether = of(a, "gatheringUpdate").length;
    expect(breaksTogether).toBeGreaterThan(of(solo.events, "gatheringUpdate").length * 1.5);
    expect(of(b, "gatheringUpdate").length).toBe(breaksTogether);
  });

  it("makes nothing appear without a cause, and never delivers one break twice", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        // short spans: every event is kept in detail (a long span truncates them, the summary stays whole)
        fc.integer({ min: 1, max: 5 * MIN }),
        (s1, s2, span) => {
          const members = pairAtGarden(s1, s2);
          const r = advanceRoom(room(s1 ^ s2), members, span);
          const node = r.places[0]?.events ?? [];
          r.members.forEach((p, i) => {
            const ev = r.events[i]!;
            const rewards = of(ev, "gatheringUpdate");
            // a reward only at a break: the node shown at that time is a fresh one
            const fresh = new Set(
              of(node, "gatheringNode")
                .filter((e) => e.nodeHp === e.nodeMaxHp)
                .map((e) => e.at),
            );
            for (const g of rewards) expect(fresh.has(g.at)).toBe(true);
            // one reward per member per break
            expect(new Set(rewards.map((g) => g.at)).size).toBe(rewards.length);
            // what the inventory holds is what the rewards brought (nothing lost in this span)
            const got: Record<number, number> = {};
            for (const g of rewards) got[g.reward.id] = (got[g.reward.id] ?? 0) + g.reward.stack - g.lost;
            expect(items(p)).toEqual(got);
            // xp only from rewards: mining xp equals the sum of its xpUpdate deltas
            const mining = of(ev, "xpUpdate").filter((x) => x.skill === "mining");
            expect(p.skills.mining.xp).toBe(mining.reduce((n, x) => n + x.delta, 0));
          });
        },
      ),
      { numRuns: 25 },
    );
  });

  it("gives the same state however the span is split", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: HOUR }),
        fc.integer({ min: 1, max: HOUR }),
        (seed, t1, more) => {
          for (const members of [pairAtGarden(seed, seed + 1), pairFighting(seed, seed + 1)]) {
            const whole = advanceRoom(room(seed), members, t1 + more);
            const half = advanceRoom(room(seed), members, t1);
            // the room given is never written (frozen: a write would throw), its places neither
            const split = advanceRoom(deepFreeze(half.room), half.members, t1 + more);
            expect(split.members).toEqual(whole.members);
            expect(split.room).toEqual(whole.room);
          }
        },
      ),
      { numRuns: 15 },
    );
  });

  it("tells the node's HP once however the span is split", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        // short spans: every event is kept in detail; the whole is long enough for hits
        fc.integer({ min: 1, max: 2 * MIN }),
        fc.integer({ min: MIN, max: 2 * MIN }),
        (seed, t1, more) => {
          const members = pairAtGarden(seed, seed + 1);
          const whole = advanceRoom(room(seed), members, t1 + more);
          const half = advanceRoom(room(seed), members, t1);
          const split = advanceRoom(half.room, half.members, t1 + more);
          const node = (r: typeof whole) => r.places.flatMap((p) => p.events);
          expect([...node(half), ...node(split)]).toEqual(node(whole));
          expect(node(whole).length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 15 },
    );
  });

  it("copies only what a hit writes: a member without a break keeps the input's objects", () => {
    const members = pairAtGarden(1, 2);
    const first = advanceRoom(room(), members, 2 * MIN);
    // up to the next hit of either member
    const next = Math.min(...first.members.map((m) => m.currentAction.nextHitAt!));
    const r = advanceRoom(first.room, first.members.map(deepFreeze), next);
    const hits = of(r.places[0]!.events, "gatheringNode");
    expect(hits.length).toBeGreaterThan(0);
    expect(r.events.some((ev) => of(ev, "gatheringUpdate").length === 0)).toBe(true);
    r.members.forEach((m, i) => {
      const before = first.members[i]!;
      expect(m.currentAction.nodeHp).toBe(hits.at(-1)!.nodeHp);
      if (of(r.events[i]!, "gatheringUpdate").length > 0) return;
      expect(m.inventory).toBe(before.inventory);
      expect(m.skills).toBe(before.skills);
      expect(m.quests).toBe(before.quests);
      expect(m.equipmentSlots).toBe(before.equipmentSlots);
    });
  });

  it("hands the node back to the member left alone, who carries on solo from it", () => {
    const members = pairAtGarden(3, 4);
    const r = advanceRoom(room(), members, 5 * MIN);
    const left = advanceRoom(r.room, [r.members[0]!], 10 * MIN);
    expect(left.room.nodes).toEqual({});
    expect(left.members[0]).toEqual(advance(r.members[0]!, 10 * MIN).player);
  });
});

describe("advanceRoom: shared monsters", () => {
  it("copies only what a swing writes: its xp copies the skills and lab, a member without loot keeps the input's inventory and quests", () => {
    let swings = 0;
    settleEventByEvent(pairFighting(1, 2), room(), 30, (r, members) => {
      r.members.forEach((m, i) => {
        const before = members[i]!;
        if (of(r.events[i]!, "monsterLoot").length > 0 || of(r.events[i]!, "xpUpdate").length === 0) return;
        swings++;
        expect(m.skills).not.toBe(before.skills);
        expect(m.inventory).toBe(before.inventory);
        expect(m.quests).toBe(before.quests);
        expect(m.equipmentSlots).toBe(before.equipmentSlots);
      });
    });
    expect(swings).toBeGreaterThan(5);
  });

  it("fights one set of monsters: each kill loots every member who damaged it", () => {
    const members = pairFighting(5, 6);
    const r = advanceRoom(room(), members, 10 * MIN);
    const [a, b] = r.events as [GameEvent[], GameEvent[]];
    const lootA = of(a, "monsterLoot").map((e) => e.uid);
    const lootB = of(b, "monsterLoot").map((e) => e.uid);
    expect(lootA.length).toBeGreaterThan(0);
    // one loot per member per monster, and both of them hit the monsters they share
    expect(new Set(lootA).size).toBe(lootA.length);
    expect(lootA.filter((u) => lootB.includes(u)).length).toBeGreaterThan(lootA.length / 2);
    expect(r.members[0]!.currentMonsters).toEqual(r.members[1]!.currentMonsters);
    expect(Object.keys(r.room.fights)).toEqual(["aphid_nest"]);
    // the monsters bite one member at a time: every attack is on a member of the fight
    const bites = of(a, "monsterAttack").length + of(b, "monsterAttack").length;
    expect(bites).toBeGreaterThan(0);
  });

  it("dies and revives per member; the other fights on", () => {
    // a black ant's bite (5 against health level 1) is the end of a newcomer down to 5 health
    const weak = named({ ...fighter({ location: "black_ant_nest", seed: 1 }), health: 5 }, "alice");
    const strong = named(
      fighter({ location: "black_ant_nest", seed: 2, level: 40, gearTier: 6, character: "warrior" }),
      "bob",
    );
    const r = advanceRoom(room(), [weak, strong], 3 * MIN);
    const [a, b] = r.events as [GameEvent[], GameEvent[]];
    expect(of(a, "playerDeath").length).toBeGreaterThan(0);
    expect(of(a, "playerRevived").length).toBeGreaterThan(0);
    expect(of(b, "playerDeath").length).toBe(0);
    const death = of(a, "playerDeath")[0]!;
    expect(of(b, "monsterLoot").some((e) => e.at > death.at && e.at < death.at + 10_000)).toBe(true);
    // the monsters turn to the one standing, and nothing bites a dead member
    expect(of(b, "monsterAttack").some((e) => e.at > death.at && e.at < death.respawnAt)).toBe(true);
    for (const d of of(a, "playerDeath")) {
      expect(of(a, "monsterAttack").some((e) => e.at > d.at && e.at < d.respawnAt)).toBe(false);
    }
  });

  it("past level 40 the insect afflicts the member it bites: its poison ticks and can kill, split or whole alike", () => {
    const wasps = () => [
      named(fighter({ location: "wasp_nest", seed: 3, level: 50, character: "warrior" }), "alice"),
      named(fighter({ location: "wasp_nest", seed: 4, level: 50, character: "mage" }), "bob"),
    ];
    const r = advanceRoom(room(), wasps(), 3 * MIN);
    const ticks = (r.events as GameEvent[][]).map(
      (evs) => of(evs, "combatPopup").filter((e) => e.popup === "poison_tick").length,
    );
    expect(ticks[0]! + ticks[1]!).toBeGreaterThan(0);
    // a death by a poison tick (no bite at that instant) is a death like a bite's: the member revives
    const byPoison = (r.events as GameEvent[][]).flatMap((evs) => {
      const bites = new Set(of(evs, "monsterAttack").map((e) => e.at));
      return of(evs, "playerDeath").filter((e) => !bites.has(e.at));
    });
    expect(byPoison.length).toBeGreaterThan(0);
    let split = { room: room(), members: wasps() };
    for (const t of [777, 20_000, 61_500, 3 * MIN]) split = advanceRoom(split.room, split.members, t);
    const whole = advanceRoom(room(), wasps(), 3 * MIN);
    expect(split.members).toEqual(whole.members);
    expect(split.room).toEqual(whole.room);
  });
});

describe("advanceRoom: order, time and the room's bookkeeping", () => {
  it("plays a shared place in id order whatever order the members come in, and answers in the order given", () => {
    // same seeds' periods: alice's and bob's hits fall at the same times, and alice (first by id) hits first
    const [alice, bob] = pairAtGarden(1, 2) as [Player, Player];
    const ab = advanceRoom(room(), [alice, bob], 2 * MIN);
    const ba = advanceRoom(room(), [bob, alice], 2 * MIN);
    expect(ba.members).toEqual([ab.members[1], ab.members[0]]);
    expect(ba.events).toEqual([ab.events[1], ab.events[0]]);
    expect(ba.places).toEqual([{ ...ab.places[0], members: [1, 0] }]);
    const hits = of(ab.places[0]!.events, "gatheringNode");
    expect(hits[0]).toMatchObject({ at: alice.currentAction.nextHitAt, by: "alice" });
    expect(hits[1]).toMatchObject({ at: alice.currentAction.nextHitAt, by: "bob" });
    expect(ab.room.settledAt).toBe(2 * MIN);
  });

  it("a span that ends at or before the members' time changes nothing and tells nothing", () => {
    const first = advanceRoom(room(), pairAtGarden(1, 2), 2 * MIN);
    const settled = first.members.map(deepFreeze);
    for (const until of [2 * MIN, MIN]) {
      const r = advanceRoom(first.room, settled, until);
      expect(r.members[0]).toBe(settled[0]);
      expect(r.members[1]).toBe(settled[1]);
      expect(r.events).toEqual([[], []]);
      expect(r.places).toEqual([]);
      expect(r.summaries.map((s) => [s.from, s.until])).toEqual([
        [2 * MIN, 2 * MIN],
        [2 * MIN, 2 * MIN],
      ]);
      // the room's time never goes back
      expect(r.room.settledAt).toBe(2 * MIN);
    }
  });

  it("a span with no hit in it has no place events", () => {
    const r = advanceRoom(room(), pairAtGarden(1, 2), 1000);
    expect(r.places).toEqual([]);
    expect(r.events).toEqual([[], []]);
    expect(r.members.map((m) => m.settledAt)).toEqual([1000, 1000]);
  });

  it("a member behind the others is first brought to their time alone, then shares from there", () => {
    const [alice, bob] = pairAtGarden(1, 2) as [Player, Player];
    const ahead = deepFreeze(advance(bob, 5 * MIN).player);
    const alone = advance(alice, 5 * MIN);
    const r = advanceRoom(room(), [alice, ahead], 10 * MIN);
    expect(r.events[0]!.slice(0, alone.events.length)).toEqual(alone.events);
    // bob's own first five minutes are not played again
    expect(of(r.events[1]!, "gatheringUpdate").every((e) => e.at > 5 * MIN)).toBe(true);
    expect(of(r.places[0]!.events, "gatheringNode")[0]!.at).toBeGreaterThan(5 * MIN);
    expect(r.members.map((m) => m.settledAt)).toEqual([10 * MIN, 10 * MIN]);
  });

  it("a member sharing a node crafts on in its slots, as alone", () => {
    const [alice, bob] = pairAtGarden(1, 2) as [Player, Player];
    const crafting = deepFreeze({
      ...deepClone(alice),
      smithingSlots: [
        { currentItem: 20001, startTime: 0, remaining: 2, total: 2 },
        ...alice.smithingSlots.slice(1),
      ],
    });
    const r = advanceRoom(room(), [crafting, bob], 10 * MIN);
    expect(of(r.events[0]!, "crafted").length).toBeGreaterThan(0);
    expect(r.members[0]!.smithingSlots[0]).toMatchObject({ currentItem: null });
    expect(of(r.events[1]!, "crafted")).toEqual([]);
  });

  it("a fight is dropped from the room once one member is left there", () => {
    const r = advanceRoom(room(), pairFighting(5, 6), MIN);
    expect(Object.keys(r.room.fights)).toEqual(["aphid_nest"]);
    const left = advanceRoom(r.room, [r.members[0]!], 2 * MIN);
    expect(left.room.fights).toEqual({});
    expect(left.members[0]).toEqual(advance(r.members[0]!, 2 * MIN).player);
  });

  describe("the party quest is drawn at the place most members share", () => {
    const gatherers = (...ids: string[]) => ids.map((id, i) => named(gatherer(10 + i), id));
    const fighters = (...ids: string[]) =>
      ids.map((id, i) => named(fighter({ location: "aphid_nest", seed: 20 + i, level: 5 }), id));
    const questPlace = (members: Player[]) => advanceRoom(room(), members, 1000).room.quest?.place;

    it("the most members win, whichever comes first by id", () => {
      expect(questPlace([...gatherers("a1", "a2", "a3"), ...fighters("z1", "z2")])).toBe("mining@garden");
      expect(questPlace([...fighters("a1", "a2"), ...gatherers("b1", "b2", "b3")])).toBe("mining@garden");
    });

    it("a tie goes to the first place by its key (a fight before a node)", () => {
      expect(questPlace([...fighters("a1", "a2"), ...gatherers("b1", "b2")])).toBe("aphid_nest");
      expect(questPlace([...gatherers("a1", "a2"), ...fighters("b1", "b2")])).toBe("aphid_nest");
    });

    it("none is drawn while no place is shared", () => {
      expect(questPlace([...gatherers("a1"), ...fighters("b1")])).toBeUndefined();
    });
  });
});

describe("advanceRoom: members moved by their place alone (placeOnly)", () => {
  it("settled event by event, a member with no event of its own differs only in the place's fields; one with an event, or behind, is not placeOnly", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.boolean(), (seed, fighting) => {
        const pair = fighting ? pairFighting(seed, seed + 1) : pairAtGarden(seed, seed + 1);
        let placeOnly = 0;
        settleEventByEvent(pair, room(seed), 40, (r, members) => {
          r.members.forEach((m, i) => {
            if (r.events[i]!.length > 0) expect(r.placeOnly[i]).toBe(false);
            if (!r.placeOnly[i]) return;
            placeOnly++;
            const before = members[i] as unknown as Record<string, unknown>;
            const after = m as unknown as Record<string, unknown>;
            const place: ReadonlySet<string> = new Set(PLACE_FIELDS);
            // the very objects of the input: nothing outside the place's fields copied or written
            for (const key of new Set([...Object.keys(before), ...Object.keys(after)]))
              if (!place.has(key)) expect(after[key], key).toBe(before[key]);
          });
        });
        expect(placeOnly).toBeGreaterThan(5);
      }),
      { numRuns: 10 },
    );
    // a member brought to the others' time alone first is not moved by the place alone
    const [alice, bob] = pairAtGarden(1, 2) as [Player, Player];
    const r = advanceRoom(room(), [alice, deepFreeze(advance(bob, 5 * MIN).player)], 5 * MIN + 1);
    expect(r.placeOnly[0]).toBe(false);
  });
});

describe("advanceRoom: who is placeOnly or held back", () => {
  it("a member alone is neither moved by a place alone nor held back", () => {
    const alice = named(gatherer(1), "alice");
    const bob = named(newPlayer({ discordId: "bob", username: "bob", now: 0, seed: 2 }), "bob");
    const r = advanceRoom(room(), [alice, bob], MIN, { holdBack: true });
    expect(r.placeOnly).toEqual([false, false]);
    expect(r.untouched).toEqual([false, false]);
  });

  it("settled again at the place's own time, a shared node's members and the room stay as they are", () => {
    const first = advanceRoom(room(), pairAtGarden(1, 2), MIN);
    const members = first.members.map((m) => deepFreeze(m));
    const again = advanceRoom(deepFreeze(first.room), members, MIN, { holdBack: true });
    expect(again.members[0]).toBe(members[0]);
    expect(again.members[1]).toBe(members[1]);
    expect(again.placeOnly).toEqual([false, false]);
    expect(again.room.rng).toEqual(first.room.rng);
    expect(again.room.nodes).toEqual(first.room.nodes);
  });
});

/**
 * The room settled one event at a time from a minute in, every member frozen (a rule that wrote into its
 * input would throw): `check` sees each settle's result beside the members it started from.
 */
function settleEventByEvent(
  start: readonly Player[],
  first: RoomState,
  steps: number,
  check: (r: ReturnType<typeof advanceRoom>, members: readonly Player[]) => void,
): void {
  let state = advanceRoom(first, start, MIN).room;
  let members = start.map((m) => deepFreeze(advance(m, MIN).player));
  for (let step = 0; step < steps; step++) {
    const next = Math.min(...members.map((m) => nextEventAt(m) ?? Number.POSITIVE_INFINITY));
    const r = advanceRoom(state, members, next);
    check(r, members);
    state = r.room;
    members = r.members.map(deepFreeze);
  }
}
