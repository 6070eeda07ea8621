import { describe, expect, it } from "vitest";
import { fighter, withStats } from "../../../../testing/fighters.ts";
import type { MonsterInstance, Player } from "../../../protocol/player.ts";
import { EventSink } from "../../state/EventSink.ts";
import { Rng } from "../../state/rng.ts";
import { xpForLevel } from "../../state/xpForLevel.ts";
import { CombatSim } from "./CombatSim.ts";

const INF = Number.POSITIVE_INFINITY;

/** A beetle (1,200 hp, bites every 2 s) as the document keeps it. */
function beetle(uid: string, over: Partial<MonsterInstance> = {}): MonsterInstance {
  return { id: 5, uid, hp: 1200, maxHp: 1200, nextAttackAt: 20_000, status: {}, ...over };
}

/** A level-10 warrior at the beetle nest, its document changed by `edit`. */
function warrior(edit: (p: Player) => void = () => {}): Player {
  const p = fighter({ location: "beetle_nest", level: 10, character: "warrior" });
  edit(p);
  return p;
}

/** The fight opened from the document at `at`, events kept. */
function open(p: Player, at = 10_000): CombatSim {
  return new CombatSim(p, at, new Rng(p.rng), new EventSink(at, at + 100_000, 100));
}

describe("CombatSim: what a fight takes from the document", () => {
  it("the mana spent towards the next intellect xp is kept; a negative one is read as none", () => {
    expect(open(warrior((p) => (p.combat.manaSpent = 0.75))).manaSpent).toBe(0.75);
    expect(open(warrior((p) => (p.combat.manaSpent = -2))).manaSpent).toBe(0);
  });

  it("a swing or a regeneration tick due at or before the opening comes one interval after it; a later one keeps its time", () => {
    const at = (swing: number, regen: number) => {
      const s = open(
        warrior((p) => {
          p.currentAction.nextHitAt = swing;
          p.combat.nextRegenAt = regen;
        }),
      );
      return [s.nextSwingAt, s.nextRegenAt];
    };
    expect(at(10_000, 10_000)).toEqual([13_000, 11_000]);
    expect(at(4000, 9000)).toEqual([13_000, 11_000]);
    expect(at(10_001, 10_500)).toEqual([10_001, 10_500]);
  });

  it("a monster due at or before the opening bites one interval after it; a later one keeps its time", () => {
    const s = open(
      warrior((p) => {
        p.currentMonsters = [
          beetle("due", { nextAttackAt: 10_000 }),
          beetle("late", { nextAttackAt: 4000 }),
          beetle("later", { nextAttackAt: 10_001 }),
        ];
      }),
    );
    expect(s.mons.map((m) => [m.uid, m.nextAttackAt])).toEqual([
      ["due", 12_000],
      ["late", 12_000],
      ["later", 10_001],
    ]);
  });

  it("a monster the document left at 0 hp is replaced by a fresh one, spawned at the opening", () => {
    const s = open(
      warrior((p) => (p.currentMonsters = [beetle("gone", { hp: 0 }), beetle("hurt", { hp: 1 })])),
    );
    expect(s.mons.map((m) => [m.uid, m.hp, m.nextAttackAt])).toEqual([
      ["5-10000-0", 1200, 12_000],
      ["hurt", 1, 20_000],
    ]);
    expect(s.sink.events).toEqual([
      { type: "monsterSpawn", at: 10_000, monsterId: 5, uid: "5-10000-0", hp: 1200, maxHp: 1200 },
    ]);
  });

  it("a dead fighter's death keeps its rhythm; the monsters wait for the revival", () => {
    const s = open(
      warrior((p) => {
        p.dead = true;
        p.health = 0;
        p.deathInfo = { startedAt: 3500, respawnAt: 13_500 };
        p.currentMonsters = [beetle("a", { nextAttackAt: 11_000 })];
      }),
    );
    expect([s.dead, s.deathStartedAt, s.respawnAt, s.nextSwingAt, s.mons[0]!.nextAttackAt]).toEqual([
      true,
      3500,
      13_500,
      INF,
      INF,
    ]);
    s.run(13_500);
    expect(s.sink.events.map((e) => [e.type, e.at])).toEqual([
      ["deathCountdown", 10_500],
      ["deathCountdown", 11_500],
      ["deathCountdown", 12_500],
      ["playerRevived", 13_500],
    ]);
  });

  it("a dead document without its death's times revives at the opening", () => {
    const s = open(
      warrior((p) => {
        p.dead = true;
        p.health = 0;
        p.deathInfo = null;
      }),
    );
    expect([s.deathStartedAt, s.respawnAt]).toEqual([10_000, 10_000]);
    s.run(10_000);
    expect([s.dead, s.health]).toEqual([false, s.maxHealth]);
  });
});

/** Each event of the fight as [time, what, amount, whose]. */
function timeline(s: CombatSim): (string | number)[][] {
  return s.sink.events.flatMap((e): (string | number)[][] => {
    if (e.type === "combatPopup")
      return [[e.at, e.popup, e.amount, e.target.kind === "monster" ? e.target.uid : "player"]];
    if (e.type === "monsterAttack") return [[e.at, "bite", e.damage, e.uid]];
    return [];
  });
}

/** Burning and bleeding, each ticking at 13 s, its last tick then. */
const BURNT_AND_BLEEDING = {
  burn: { until: 13_000, dps: 3, acc: 0, nextTickAt: 13_000 },
  bleed: { until: 13_000, dps: 2, acc: 0, nextTickAt: 13_000 },
};

/** At 10 s, everything due at 13 s: the swing, a poison tick (30), and the bites of `monsters`. */
function allAtOnce(monsters: MonsterInstance[]): CombatSim {
  return open(
    warrior((p) => {
      p.currentAction.nextHitAt = 13_000;
      p.combat.afflictions = { poison: { until: 15_000, dps: 30, nextTickAt: 13_000 } };
      p.currentMonsters = monsters;
    }),
  );
}

describe("CombatSim.run: events due at the same time, and at the span's end", () => {
  it("one monster: its burn, its bleed, the poison, the swing, the bite; all of them at `until` itself", () => {
    const s = allAtOnce([beetle("a", { nextAttackAt: 13_000, status: BURNT_AND_BLEEDING })]);
    s.run(13_000);
    expect(timeline(s)).toEqual([
      [13_000, "burn_tick", 3, "a"],
      [13_000, "bleed_tick", 2, "a"],
      [13_000, "poison_tick", 30, "player"],
      [13_000, "melee_dmg", 66, "a"],
      [13_000, "bite", 17, "a"],
    ]);
    expect(s.health).toBe(s.maxHealth - 30 - 17);
  });

  it("several monsters: every status tick, then the poison, the swing and the bites", () => {
    const s = allAtOnce([
      beetle("a", { nextAttackAt: 13_000 }),
      beetle("b", { nextAttackAt: 13_000, status: BURNT_AND_BLEEDING }),
    ]);
    s.run(13_000);
    expect(timeline(s)).toEqual([
      [13_000, "burn_tick", 3, "b"],
      [13_000, "bleed_tick", 2, "b"],
      [13_000, "poison_tick", 30, "player"],
      [13_000, "melee_dmg", 66, "a"],
      [13_000, "bite", 17, "a"],
      [13_000, "bite", 17, "b"],
    ]);
    expect(s.health).toBe(s.maxHealth - 30 - 2 * 17);
  });
});

describe("CombatSim: a swing's hit, heal and level", () => {
  it("a lifesteal with nothing to heal shows nothing", () => {
    const s = open(warrior((p) => withStats(p, { lifesteal_chance_pct: 100 })));
    s.swing(13_000);
    expect(timeline(s)).toEqual([[13_000, "melee_dmg", 66, s.mons[0]!.uid]]);
    expect(s.health).toBe(s.maxHealth);
  });

  it("a level reached mid-fight raises max health and heals nothing, nor refills mana", () => {
    const s = open(
      warrior((p) => {
        p.skills.health.xp = xpForLevel(11) - 1;
        p.health = 50;
        p.mana = 3;
      }),
    );
    const max = s.maxHealth;
    s.swing(13_000);
    expect([s.maxHealth, s.health, s.mana]).toEqual([max + 10, 50, 3]);
  });

  it("a hit scaled by mana follows the mana at each swing", () => {
    const s = open(
      withStats(fighter({ location: "beetle_nest", level: 10, character: "mage" }), { dmg_per_mana_pct: 10 }),
    );
    s.mana = 0;
    s.swing(13_000);
    expect(timeline(s)).toEqual([[13_000, "magic_dmg", 55, s.mons[0]!.uid]]);
  });
});
