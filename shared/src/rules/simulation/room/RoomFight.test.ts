import { describe, expect, it } from "vitest";
import { fighter, withStats } from "../../../../testing/fighters.ts";
import { deepFreeze } from "../../../../testing/players.ts";
import type { Player } from "../../../protocol/player.ts";
import { deepClone } from "../../state/clonePlayer.ts";
import type { GameEvent } from "../../state/events.ts";
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
});
