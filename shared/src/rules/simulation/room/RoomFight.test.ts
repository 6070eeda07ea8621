import { describe, expect, it } from "vitest";
import { fighter, withStats } from "../../../../testing/fighters.ts";
import { deepFreeze } from "../../../../testing/players.ts";
import type { Player } from "../../../protocol/player.ts";
import { deepClone } from "../../state/clonePlayer.ts";
import type { GameEvent } from "../../state/events.ts";
import { advance } from "../advance.ts";
import { MONSTER_DAMAGE_POPUPS } from "../combat/events.ts";
import { monsterProto } from "../combat/monsterProto.ts";
import { advanceRoom, newRoomState } from "./advanceRoom.ts";

const MIN = 60_000;

const named = (p: Player, id: string): Player => deepFreeze({ ...deepClone(p), discordId: id, username: id });
const room = () => deepFreeze(newRoomState("r1", 7, 0));
const of = <T extends GameEvent["type"]>(events: GameEvent[], type: T) =>
  events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);

/** Every damage a member dealt a monster (its popups over the monster), as [at, member index, uid, popup]. */
function damage(events: GameEvent[][]): [number, number, string, string][] {
  return events
    .flatMap((evs, i) =>
      of(evs, "combatPopup")
        .filter((e) => e.target.kind === "monster" && MONSTER_DAMAGE_POPUPS.has(e.popup))
        .map(
          (e) =>
            [e.at, i, e.target.kind === "monster" ? e.target.uid : "", e.popup] as [
              number,
              number,
              string,
              string,
            ],
        ),
    )
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

/** The member who last damaged `uid` before `t` (strictly, or at `t` too), or -1. */
function lastDamager(
  hits: [number, number, string, string][],
  uid: string,
  t: number,
  atToo: boolean,
): number {
  let who = -1;
  for (const [at, i, u] of hits) if (u === uid && (at < t || (atToo && at === t))) who = i;
  return who;
}

const pair = (location: string, level: number) => [
  named(fighter({ location, seed: 5, level, character: "warrior", gearTier: 2 }), "alice"),
  named(fighter({ location, seed: 6, level, character: "archer", gearTier: 2 }), "bob"),
];

/** alice never bitten (every bite dodged), bob at 1 health: the first bite on him kills him. */
const standingAndFrail = (location: string, level: number) => [
  named(
    withStats(
      fighter({ location, seed: 5, level, character: "warrior", gearTier: level > 1 ? 6 : undefined }),
      {
        dodge_chance_pct: 100,
      },
    ),
    "alice",
  ),
  named({ ...fighter({ location, seed: 6 }), health: 1 }, "bob"),
];

describe("RoomFight", () => {
  it("each kill loots exactly the members who damaged that monster", () => {
    const r = advanceRoom(room(), pair("beetle_nest", 12), 3 * MIN);
    const hits = damage(r.events);
    r.events.forEach((evs, i) => {
      const loots = of(evs, "monsterLoot");
      expect(loots.length).toBeGreaterThan(0);
      const killed = new Set(r.events.flatMap((e) => of(e, "monsterLoot").map((l) => l.uid)));
      const hitByMe = new Set(hits.filter((h) => h[1] === i && killed.has(h[2])).map((h) => h[2]));
      expect(new Set(loots.map((l) => l.uid))).toEqual(hitByMe);
      expect(loots.length).toBe(hitByMe.size);
    });
    // the room keeps who damaged each monster alive, each once
    for (const list of Object.values(r.room.fights.beetle_nest!.damagers)) {
      expect(new Set(list).size).toBe(list.length);
    }
  });

  it("a monster attacks the member who last damaged it", () => {
    const r = advanceRoom(room(), pair("beetle_nest", 12), 3 * MIN);
    const hits = damage(r.events);
    let checked = 0;
    r.events.forEach((evs, i) => {
      expect(of(evs, "playerDeath")).toEqual([]);
      for (const a of of(evs, "monsterAttack")) {
        const who = lastDamager(hits, a.uid, a.at, true);
        if (who < 0) continue;
        expect(who).toBe(i);
        checked++;
      }
    });
    expect(checked).toBeGreaterThan(20);
  });

  it("every member sees each spawn, and a new monster's first attack waits its interval", () => {
    const r = advanceRoom(room(), pair("beetle_nest", 12), 3 * MIN);
    const [a, b] = r.events as [GameEvent[], GameEvent[]];
    const spawns = of(a, "monsterSpawn");
    expect(spawns.length).toBeGreaterThan(3);
    expect(of(b, "monsterSpawn")).toEqual(spawns);
    const attacks = [...of(a, "monsterAttack"), ...of(b, "monsterAttack")];
    let checked = 0;
    for (const s of spawns) {
      const proto = monsterProto(s.monsterId);
      expect(s).toMatchObject({ hp: proto.maxHp, maxHp: proto.maxHp });
      const first = attacks.filter((x) => x.uid === s.uid).sort((x, y) => x.at - y.at)[0];
      if (!first) continue;
      expect(first.at).toBe(s.at + proto.intervalMs);
      checked++;
    }
    expect(checked).toBeGreaterThan(2);
  });

  it("burns and bleeds tick on the shared monsters, each tick the due of the member the monster is after", () => {
    // bob (second in id order) burns what he hits, alice bleeds it
    const [alice, bob] = pair("beetle_nest", 12) as [Player, Player];
    const members = [
      named(withStats(deepClone(alice), { bleed_chance_pct: 100 }), "alice"),
      named(withStats(deepClone(bob), { burn_chance_pct: 100 }), "bob"),
    ];
    const r = advanceRoom(room(), members, 2 * MIN);
    const hits = damage(r.events);
    const ticks = hits.filter((h) => h[3] === "burn_tick" || h[3] === "bleed_tick");
    expect(ticks.filter((h) => h[3] === "burn_tick").length).toBeGreaterThan(0);
    expect(ticks.filter((h) => h[3] === "bleed_tick").length).toBeGreaterThan(0);
    // bob, second in id order, is the one they are after: the ticks are his
    expect(ticks.some((h) => h[1] === 1)).toBe(true);
    for (const [at, i, uid] of ticks) expect(lastDamager(hits, uid, at, false)).toBe(i);
  });

  it("a death turns the monster to the member standing, one interval later; a revival keeps its rhythm", () => {
    // alice dodges every bite, bob dies at the first: bitten at 4,000 once he has hit the beetle at 3,000,
    // after alice (id order) at the same instant
    const r = advanceRoom(room(), standingAndFrail("beetle_nest", 1), 20_000);
    const [a, b] = r.events as [GameEvent[], GameEvent[]];
    expect(of(b, "playerDeath")).toMatchObject([{ at: 4_000, respawnAt: 14_000 }]);
    expect(of(b, "monsterAttack").map((e) => e.at)).toEqual([4_000, 20_000]);
    // 6,000 is 4,000 + the beetle's 2 s; bob's revival at 14,000 does not move the bites on alice
    expect(of(a, "monsterAttack").map((e) => e.at)).toEqual([
      2_000, 6_000, 8_000, 10_000, 12_000, 14_000, 16_000, 18_000,
    ]);
    // the dead member is no longer the monster's target in the room's state
    const atDeath = advanceRoom(room(), standingAndFrail("beetle_nest", 1), 4_000);
    expect(atDeath.room.fights.beetle_nest!.targets).toEqual({});
    // while dead, the countdown runs to the end of the span
    expect(of(atDeath.events[1]!, "deathCountdown")).toEqual([
      { type: "deathCountdown", at: 4_000, secondsLeft: 10 },
    ]);
    const dead = of(
      advanceRoom(room(), standingAndFrail("beetle_nest", 1), 6_500).events[1]!,
      "deathCountdown",
    );
    expect(dead.map((e) => [e.at, e.secondsLeft])).toEqual([
      [4_000, 10],
      [5_000, 9],
      [6_000, 8],
    ]);
  });

  it("a death by poison turns the monster to the member standing too", () => {
    const [alice, bob] = standingAndFrail("beetle_nest", 1) as [Player, Player];
    const poisoned = deepFreeze({
      ...deepClone(bob),
      combat: { ...bob.combat, afflictions: { poison: { dps: 50, until: 5_000, nextTickAt: 500 } } },
    });
    const r = advanceRoom(room(), [alice, poisoned], 5_000);
    const [a, b] = r.events as [GameEvent[], GameEvent[]];
    expect(of(b, "playerDeath")).toMatchObject([{ at: 500 }]);
    expect(of(a, "monsterAttack").map((e) => e.at)).toEqual([2_500, 4_500]);
    // a poison tick that does not kill leaves the monster on its target
    const stung = deepFreeze({
      ...deepClone(alice),
      combat: { ...alice.combat, afflictions: { poison: { dps: 1, until: 5_000, nextTickAt: 2_600 } } },
    });
    const tick = advanceRoom(room(), [stung, poisoned], 2_600);
    expect(of(tick.events[0]!, "combatPopup").filter((e) => e.popup === "poison_tick")).toHaveLength(1);
    expect(Object.values(tick.room.fights.beetle_nest!.targets)).toEqual(["alice"]);
  });

  it("members dead when the fight opens: nothing bites until one revives, then one interval after", () => {
    const dead = (p: Player, respawnAt: number) =>
      deepFreeze({
        ...deepClone(p),
        dead: true,
        health: 0,
        deathInfo: { startedAt: respawnAt - 10_000, respawnAt },
      });
    const [alice, bob] = pair("beetle_nest", 12) as [Player, Player];
    const r = advanceRoom(room(), [dead(alice, 3_000), dead(bob, 7_000)], 8_000);
    const bites = r.events.flatMap((evs) => of(evs, "monsterAttack").map((e) => e.at));
    expect(bites.sort((x, y) => x - y)[0]).toBe(5_000);
    expect(of(r.events[0]!, "playerRevived")).toMatchObject([{ at: 3_000 }]);
  });

  it("a monster that spawns while a member is dead bites one interval later; only its damagers loot it", () => {
    // alice at level 99 kills each aphid with one blow
    const r = advanceRoom(room(), standingAndFrail("aphid_nest", 99), 40_000);
    const [a, b] = r.events as [GameEvent[], GameEvent[]];
    const death = of(b, "playerDeath")[0]!;
    const spawns = of(a, "monsterSpawn").filter((s) => s.at > death.at && s.at < death.respawnAt);
    expect(spawns.length).toBeGreaterThan(1);
    for (const s of spawns) {
      const first = of(a, "monsterAttack").find((x) => x.uid === s.uid);
      expect(first?.at).toBe(s.at + monsterProto(s.monsterId).intervalMs);
    }
    // bob, dead, neither hit those nor loots them; alice loots every kill
    const bobs = new Set(of(b, "monsterLoot").map((l) => l.uid));
    for (const s of spawns) expect(bobs.has(s.uid)).toBe(false);
    const spawned = of(a, "monsterSpawn").map((e) => e.uid);
    expect(of(a, "monsterLoot").map((l) => l.uid)).toEqual(spawned.slice(0, -1));
  });

  it("opens on the first member's monsters: one due by then bites one interval after the opening", () => {
    const [alice, bob] = pair("beetle_nest", 12).map((p) => deepFreeze(advance(p, 10_000).player)) as [
      Player,
      Player,
    ];
    const mons = alice.currentMonsters;
    expect(mons.length).toBe(1);
    const due = deepFreeze({ ...deepClone(alice), currentMonsters: [{ ...mons[0]!, nextAttackAt: 10_000 }] });
    const r = advanceRoom(room(), [due, bob], 15_000);
    const bites = r.events.flatMap((evs) => of(evs, "monsterAttack").map((e) => e.at));
    expect(Math.min(...bites)).toBe(10_000 + monsterProto(mons[0]!.id).intervalMs);
    expect(r.room.fights.beetle_nest!.monsters[0]).toMatchObject({ uid: mons[0]!.uid });
  });
});
