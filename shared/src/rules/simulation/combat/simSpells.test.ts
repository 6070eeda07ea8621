import { describe, expect, it } from "vitest";
import { fighter, withStats } from "../../../../testing/fighters.ts";
import { gearItemId } from "../../../data/itemIds.ts";
import { SPELLS } from "../../../data/spells.ts";
import type { Player } from "../../../protocol/player.ts";
import { EventSink } from "../../state/EventSink.ts";
import { Rng } from "../../state/rng.ts";
import { CombatSim } from "./CombatSim.ts";
import { castUnchecked, gearSpellDefs, gearSpellDue, spellBlocked, spellById } from "./simSpells.ts";

const NONE = Number.NEGATIVE_INFINITY;

/** A level-10 warrior who may cast, at `location` (a beetle: melee; an aphid: magic, countered by melee_dmg). */
function caster(location = "beetle_nest", over: (p: Player) => void = () => {}): Player {
  const p = fighter({ location, level: 10, intellect: true, character: "warrior" });
  over(p);
  return p;
}

/** The fight at t = 0, with room for `limit` events. */
function simOf(p: Player, limit = 0): CombatSim {
  return new CombatSim(p, 0, new Rng(p.rng), new EventSink(0, 100_000, limit));
}

/** Thorn Sweep on the offhand (tier 7), Whirlwind on the mainhand (tier 2): in the gear slots' order. */
function twoSpells(p: Player): void {
  p.equipmentSlots.melee.mainhand = { id: gearItemId("melee", 2, "mainhand"), stack: 1 };
  p.equipmentSlots.melee.offhand = { id: gearItemId("melee", 7, "offhand"), stack: 1 };
}

describe("why a spell cannot go off (spellBlocked), in castSpell's order", () => {
  it("unknown, no intellect, dead, cooling down, short of mana: each at its exact edge", () => {
    const s = simOf(caster());
    expect(spellBlocked(s, "nope", 0)).toBe("unknown");
    expect(spellBlocked(s, "whirlwind", 0)).toBeNull();
    expect(
      spellBlocked(simOf(caster("beetle_nest", (p) => (p.featureFlags.intellect = false))), "nope", 0),
    ).toBe("unknown");
    const mute = simOf(caster("beetle_nest", (p) => (p.featureFlags.intellect = false)));
    mute.dead = true;
    expect(spellBlocked(mute, "whirlwind", 0)).toBe("intellect");
    s.dead = true;
    s.spellReadyAt.whirlwind = 5000;
    expect(spellBlocked(s, "whirlwind", 0)).toBe("dead");
    s.dead = false;
    expect(spellBlocked(s, "whirlwind", 4999)).toBe("cooldown");
    s.mana = 9;
    expect(spellBlocked(s, "whirlwind", 4999)).toBe("cooldown");
    expect(spellBlocked(s, "whirlwind", 5000)).toBe("mana");
    s.mana = 10;
    expect(spellBlocked(s, "whirlwind", 5000)).toBeNull();
  });

  it("a heal needs missing health; a hit needs a living monster", () => {
    const s = simOf(caster());
    expect(spellBlocked(s, "minor_heal", 0)).toBe("full_health");
    s.health = s.maxHealth - 1;
    expect(spellBlocked(s, "minor_heal", 0)).toBeNull();
    s.mons[0]!.hp = 1;
    expect(spellBlocked(s, "whirlwind", 0)).toBeNull();
    s.mons[0]!.hp = 0;
    expect(spellBlocked(s, "whirlwind", 0)).toBe("no_target");
    expect(spellBlocked(s, "minor_heal", 0)).toBeNull();
    const away = simOf(
      caster("beetle_nest", (p) => (p.currentAction = { ...p.currentAction, skill: "none" })),
    );
    expect(away.mons).toEqual([]);
    expect(spellBlocked(away, "whirlwind", 0)).toBe("no_target");
  });
});

describe("a cast (castUnchecked)", () => {
  it("texts built while there was room are not sent once the cast's own events filled the sink", () => {
    const roomy = simOf(caster(), 100);
    const before = roomy.sink.events.length;
    castUnchecked(roomy, "whirlwind", 2000);
    const own = roomy.sink.events.slice(before).filter((e) => e.type !== "spellCast");
    expect(own.map((e) => e.type)).toEqual(["combatPopup", "combatPopup"]);
    // room for exactly those: the cast's texts are built, then there is no room for its spellCast
    const s = simOf(caster(), before + own.length);
    expect(castUnchecked(s, "whirlwind", 2000)).toEqual(["Whirlwind hit Beetle for 100 HP"]);
    expect(s.sink.events.slice(before)).toEqual(own);
    expect(s.sink.summary.eventsTruncated).toBe(false);
  });

  it("spends the mana (intellect xp), starts the cooldown, hits for its value and says so", () => {
    const s = simOf(caster(), 100);
    const mana = s.mana;
    expect(castUnchecked(s, "whirlwind", 2000)).toEqual(["Whirlwind hit Beetle for 100 HP"]);
    expect([s.mana, s.spellReadyAt.whirlwind, s.mons[0]!.hp, s.damageDealt]).toEqual([
      mana - 10,
      9000,
      1100,
      100,
    ]);
    expect([s.manaSpent, s.manaGrants[10]]).toEqual([0, 1]);
    expect(s.sink.events.filter((e) => e.type !== "monsterSpawn")).toEqual([
      { type: "combatPopup", at: 2000, popup: "manaSpend", amount: 10, target: { kind: "player" } },
      {
        type: "combatPopup",
        at: 2000,
        popup: "melee_dmg",
        amount: 100,
        target: { kind: "monster", uid: "5-0-0", monsterId: 5 },
      },
      {
        type: "spellCast",
        at: 2000,
        spellId: "whirlwind",
        manaCost: 10,
        message: "Whirlwind hit Beetle for 100 HP",
      },
    ]);
  });

  it("× 1.5 on the monster it counters, marked as a crit", () => {
    const s = simOf(caster("aphid_nest"), 100);
    expect(castUnchecked(s, "whirlwind", 0, true)).toEqual(["Whirlwind hit Aphid for 150 HP (crit!)"]);
    expect(s.kills).toBe(1);
    expect(
      s.sink.events.some((e) => e.type === "combatPopup" && e.popup === "melee_dmg_crit" && e.amount === 150),
    ).toBe(true);
  });

  it("hits up to its targets, skipping a monster already dead; a spell's hit rolls no procs", () => {
    const p = withStats(caster(), { freeze_chance_pct: 100, stun_chance_pct: 100, burn_chance_pct: 100 });
    p.currentMonsters = [
      { id: 5, uid: "a", hp: 1200, maxHp: 1200, nextAttackAt: 2000, status: {} },
      { id: 5, uid: "b", hp: 1200, maxHp: 1200, nextAttackAt: 2000, status: {} },
      { id: 5, uid: "c", hp: 1200, maxHp: 1200, nextAttackAt: 2000, status: {} },
    ];
    const s = simOf(p);
    s.mons[0]!.hp = 0;
    expect(castUnchecked(s, "whirlwind", 0, true)).toEqual(["Whirlwind hit Beetle for 100 HP"]);
    expect(s.mons.map((m) => m.hp)).toEqual([0, 1100, 1200]);
    expect(s.kills).toBe(0);
    const hit = s.mons[1]!;
    expect([hit.freezeUntil, hit.stunUntil, hit.burnUntil]).toEqual([NONE, NONE, NONE]);
  });

  it("a heal says what it healed", () => {
    const s = simOf(caster());
    s.health = s.maxHealth - 40;
    expect(castUnchecked(s, "minor_heal", 0, true)).toEqual(["Minor Heal healed you for 40 HP"]);
    expect(s.health).toBe(s.maxHealth);
  });

  it("builds no texts when none are asked for and no events are kept", () => {
    const s = simOf(caster());
    s.mana = 1000;
    expect(castUnchecked(s, "whirlwind", 0)).toEqual([]);
    s.health = 10;
    expect(castUnchecked(s, "minor_heal", 10_000)).toEqual([]);
    expect(castUnchecked(s, "whirlwind", 20_000)).toEqual([]);
    expect(s.sink.summary.eventsTruncated).toBe(false);
  });
});

describe("gear spells' cooldowns", () => {
  it("the earliest end of their cooldowns, a spell never cast (or a time not a number) being ready", () => {
    const s = simOf(caster("beetle_nest", twoSpells));
    expect(s.spellDefs.map((d) => d.id)).toEqual(["thorn_sweep", "whirlwind"]);
    expect([s.gearReadyAt, s.spellsReadyAt]).toEqual([[NONE, NONE], NONE]);
    const cooling = simOf(
      caster("beetle_nest", (p) => {
        twoSpells(p);
        p.combat.spellReadyAt = { whirlwind: 4000, thorn_sweep: 9000 };
      }),
    );
    expect([cooling.gearReadyAt, cooling.spellsReadyAt]).toEqual([[9000, 4000], 4000]);
    const odd = simOf(
      caster("beetle_nest", (p) => {
        twoSpells(p);
        p.combat.spellReadyAt = { whirlwind: 9000, thorn_sweep: Number.NaN };
      }),
    );
    expect([odd.gearReadyAt, odd.spellsReadyAt]).toEqual([[NONE, 9000], NONE]);
  });

  it("a cast sets its own spell's cooldown, not the other's", () => {
    const s = simOf(caster("beetle_nest", twoSpells));
    s.mana = 1000;
    castUnchecked(s, "whirlwind", 1000);
    expect([s.gearReadyAt, s.spellsReadyAt]).toEqual([[NONE, 8000], NONE]);
    castUnchecked(s, "thorn_sweep", 2000);
    const sweep = SPELLS.thorn_sweep.cooldownMs;
    expect([s.gearReadyAt, s.spellsReadyAt]).toEqual([[2000 + sweep, 8000], Math.min(8000, 2000 + sweep)]);
  });

  it("one is due when it is ready, affordable (exactly enough mana) and useful", () => {
    const s = simOf(
      caster("beetle_nest", (p) => {
        twoSpells(p);
        p.combat.spellReadyAt = { whirlwind: 4000, thorn_sweep: 90_000 };
      }),
    );
    expect(gearSpellDue(s, 3999)).toBe(false);
    expect(gearSpellDue(s, 4000)).toBe(true);
    s.mana = 10;
    expect(gearSpellDue(s, 4000)).toBe(true);
    s.mana = 9;
    expect(gearSpellDue(s, 4000)).toBe(false);
    s.mana = 100;
    s.mons[0]!.hp = 0;
    expect(gearSpellDue(s, 4000)).toBe(false);
    s.mons[0]!.hp = 1;
    s.dead = true;
    expect(gearSpellDue(s, 4000)).toBe(false);
  });

  it("a heal is due only below max health", () => {
    const p = fighter({ location: "beetle_nest", level: 10, intellect: true, character: "mage" });
    p.equipmentSlots.magic.mainhand = { id: gearItemId("magic", 2, "mainhand"), stack: 1 };
    const s = simOf(p);
    expect(s.spellDefs.map((d) => d.id)).toEqual(["minor_heal"]);
    expect(gearSpellDue(s, 0)).toBe(false);
    s.health = s.maxHealth - 1;
    expect(gearSpellDue(s, 0)).toBe(true);
  });

  it("the table entries of a list of ids, unknown ids left out, each list its own", () => {
    expect(spellById("whirlwind")).toBe(SPELLS.whirlwind);
    expect(spellById("nope")).toBeUndefined();
    expect(gearSpellDefs(["nope"])).toEqual([]);
    expect(gearSpellDefs([])).toEqual([]);
    expect(gearSpellDefs(["long_shot", "minor_heal"]).map((d) => d.id)).toEqual(["long_shot", "minor_heal"]);
    expect(gearSpellDefs(["long_shot"]).map((d) => d.id)).toEqual(["long_shot"]);
    expect(gearSpellDefs(["minor_heal"]).map((d) => d.id)).toEqual(["minor_heal"]);
    expect(gearSpellDefs(["minor_heal", "long_shot"]).map((d) => d.id)).toEqual(["minor_heal", "long_shot"]);
  });
});
