import { describe, expect, it } from "vitest";
import { fighter } from "../../../../testing/fighters.ts";
import type { MonsterInstance, Player } from "../../../protocol/player.ts";
import type { GameEvent } from "../../state/events.ts";
import { advance } from "../advance.ts";

const ALL = { maxEvents: 1_000_000 };

/** A beetle (1,200 hp, bites 40 every 2 s) as the document keeps it. */
function beetle(uid: string, over: Partial<MonsterInstance> = {}): MonsterInstance {
  return { id: 5, uid, hp: 1200, maxHp: 1200, nextAttackAt: 2000, status: {}, ...over };
}

/** A level-10 warrior at the beetle nest (swings 66 every 3 s, a beetle's bite takes 17) facing `monsters`. */
function facing(monsters: MonsterInstance[]): Player {
  const p = fighter({ location: "beetle_nest", level: 10 });
  p.currentMonsters = monsters;
  return p;
}

/** Each event as [time, what, amount or health, whose]. */
function timeline(events: GameEvent[]): (string | number)[][] {
  return events.flatMap((e): (string | number)[][] => {
    if (e.type === "combatPopup")
      return [[e.at, e.popup, e.amount, e.target.kind === "monster" ? e.target.uid : "player"]];
    if (e.type === "monsterAttack") return [[e.at, "bite", e.damage, e.uid]];
    return [];
  });
}

describe("the event loop with several monsters", () => {
  it("each bites on its own rhythm, the swing strikes the first; a swing due with a bite comes first", () => {
    const r = advance(facing([beetle("a"), beetle("b", { nextAttackAt: 2500 })]), 6000, ALL);
    expect(timeline(r.events)).toEqual([
      [2000, "bite", 17, "a"],
      [2500, "bite", 17, "b"],
      [3000, "melee_dmg", 66, "a"],
      [4000, "bite", 17, "a"],
      [4500, "bite", 17, "b"],
      [6000, "melee_dmg", 66, "a"],
      [6000, "bite", 17, "a"],
    ]);
    expect(r.player.health).toBe(r.player.maxHealth - 5 * 17);
    expect(r.player.currentMonsters.map((m) => [m.uid, m.hp, m.nextAttackAt])).toEqual([
      ["a", 1200 - 132, 8000],
      ["b", 1200, 6500],
    ]);
  });

  it("ties in time: burn, then bleed, of the first monster, then the next's, before the swing and the bites", () => {
    const r = advance(
      facing([
        beetle("a", {
          nextAttackAt: 3000,
          status: { bleed: { until: 3000, dps: 1, acc: 0, nextTickAt: 3000 } },
        }),
        beetle("b", {
          nextAttackAt: 3000,
          status: {
            burn: { until: 3000, dps: 3, acc: 0, nextTickAt: 3000 },
            bleed: { until: 3000, dps: 2, acc: 0, nextTickAt: 3000 },
          },
        }),
      ]),
      3000,
      ALL,
    );
    expect(timeline(r.events)).toEqual([
      [3000, "bleed_tick", 1, "a"],
      [3000, "burn_tick", 3, "b"],
      [3000, "bleed_tick", 2, "b"],
      [3000, "melee_dmg", 66, "a"],
      [3000, "bite", 17, "a"],
      [3000, "bite", 17, "b"],
    ]);
    // each status ended with its last tick
    expect(r.player.currentMonsters.map((m) => [m.hp, m.status])).toEqual([
      [1200 - 1 - 66, {}],
      [1200 - 5, {}],
    ]);
  });

  it("the span ends at `until`: an event due just after it waits for the next advance", () => {
    const p = facing([beetle("a", { nextAttackAt: 3001 }), beetle("b", { nextAttackAt: 3002 })]);
    const first = advance(p, 3000, ALL);
    expect(timeline(first.events)).toEqual([[3000, "melee_dmg", 66, "a"]]);
    const next = advance(first.player, 3002, ALL);
    expect(timeline(next.events)).toEqual([
      [3001, "bite", 17, "a"],
      [3002, "bite", 17, "b"],
    ]);
  });
});
