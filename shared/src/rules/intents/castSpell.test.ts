import { describe, expect, it } from "vitest";
import { fighter } from "../../../testing/fighters.ts";
import { deepFreeze } from "../../../testing/players.ts";
import type { Player } from "../../protocol/player.ts";
import { advance } from "../simulation/advance.ts";
import { CRIT_MARKER } from "../simulation/combat/simSpells.ts";
import { countItem } from "../state/addItems.ts";
import type { GameEvent } from "../state/events.ts";
import { castSpell, SPELL_CODES } from "./castSpell.ts";

const caster = (location: string, over: Partial<Player> = {}): Player =>
  deepFreeze({ ...fighter({ location, intellect: true, level: 10 }), ...over });
const texts = (events: GameEvent[]) => events.flatMap((e) => (e.type === "spellCast" ? [e.message] : []));

describe("castSpell: rejections with the spec's messages", () => {
  it("needs the intellect flag", () => {
    const p = deepFreeze(fighter({ location: "aphid_nest" }));
    expect(castSpell(p, "minor_heal", 0)).toEqual({
      ok: false,
      code: SPELL_CODES.intellect,
      message: "❌ You fail to cast Minor Heal, try learning Intellect !",
    });
  });

  it("needs mana at least the cost", () => {
    expect(castSpell(caster("aphid_nest", { mana: 8 }), "long_shot", 0)).toEqual({
      ok: false,
      code: SPELL_CODES.mana,
      message: "❌ Not enough Mana for Long Shot",
    });
    expect(castSpell(caster("aphid_nest", { mana: 9 }), "long_shot", 0).ok).toBe(true);
  });

  it("skips a heal at full health", () => {
    const r = castSpell(caster("aphid_nest"), "minor_heal", 0);
    expect(r).toEqual({
      ok: false,
      code: SPELL_CODES.fullHealth,
      message: "Minor Heal skipped: you are at full health",
    });
  });

  it("a damage spell needs a live first monster", () => {
    const resting = caster("aphid_nest");
    const home = deepFreeze({
      ...resting,
      currentAction: { ...resting.currentAction, skill: "none" as const, location: "home" },
    });
    expect(castSpell(home, "long_shot", 0)).toEqual({
      ok: false,
      code: SPELL_CODES.noTarget,
      message: "Long Shot has no target",
    });
  });

  it("refuses unknown spells, the dead, and cooldowns", () => {
    expect(castSpell(caster("aphid_nest"), "fireball", 0)).toEqual({
      ok: false,
      code: SPELL_CODES.unknown,
      message: "Unknown spell: fireball",
    });
    const dead = caster("aphid_nest", {
      dead: true,
      health: 0,
      deathInfo: { startedAt: 0, respawnAt: 10_000 },
    });
    expect(castSpell(dead, "minor_heal", 1)).toEqual({
      ok: false,
      code: SPELL_CODES.dead,
      message: "You died! Wait 10 seconds before fighting again.",
    });
    const first = castSpell(caster("aphid_nest"), "long_shot", 0);
    if (!first.ok) throw new Error(first.message);
    expect(castSpell(first.state, "long_shot", 4999)).toEqual({
      ok: false,
      code: SPELL_CODES.cooldown,
      message: "Long Shot is not ready yet",
    });
    expect(castSpell(first.state, "long_shot", 5000).ok).toBe(true);
  });
});

describe("castSpell: effects", () => {
  it("Minor Heal heals up to max, spends mana, grants intellect xp, and waits 1000 ms", () => {
    const p = caster("aphid_nest", { health: 50 });
    const r = castSpell(p, "minor_heal", 0);
    if (!r.ok) throw new Error(r.message);
    expect(r.state.health).toBe(200);
    expect(r.state.mana).toBe(p.mana - 10);
    expect(r.state.skills.intellect.xp - p.skills.intellect.xp).toBe(10);
    expect(r.state.combat.spellReadyAt.minor_heal).toBe(1000);
    expect(texts(r.events)).toEqual(["Minor Heal healed you for 150 HP"]);
    const popups = r.events.flatMap((e) => (e.type === "combatPopup" ? [[e.popup, e.amount]] : []));
    expect(popups).toEqual([
      ["manaSpend", 10],
      ["heal", 150],
    ]);
    const capped = castSpell(caster("aphid_nest", { health: 190 }), "minor_heal", 0);
    expect(capped.ok && texts(capped.events)).toEqual(["Minor Heal healed you for 10 HP"]);
  });

  it("a heal works away from a fight", () => {
    const base = caster("aphid_nest", { health: 100 });
    const home = deepFreeze({
      ...base,
      currentAction: { ...base.currentAction, skill: "none" as const, location: "home" },
    });
    const r = castSpell(home, "minor_heal", 0);
    expect(r.ok && r.state.health).toBe(200);
  });

  it("a counter hit deals × 1.5 and is marked as a crit; a plain one is not", () => {
    const vsAnt = castSpell(caster("black_ant_nest"), "long_shot", 0);
    if (!vsAnt.ok) throw new Error(vsAnt.message);
    expect(texts(vsAnt.events)).toEqual([`Long Shot hit Black Ant for 300 HP${CRIT_MARKER}`]);
    expect(CRIT_MARKER).toBe(" (crit!)");
    expect(vsAnt.events.some((e) => e.type === "combatPopup" && e.popup === "ranged_dmg_crit")).toBe(true);
    // 300 takes the 300-hp ant: killed, looted, replaced
    expect(countItem(vsAnt.state, 15002)).toBe(1);
    expect(vsAnt.state.currentMonsters[0]).toMatchObject({ id: 2, hp: 300, uid: "2-0-0" });
    const vsAphid = castSpell(caster("aphid_nest"), "long_shot", 0);
    expect(vsAphid.ok && texts(vsAphid.events)).toEqual(["Long Shot hit Aphid for 200 HP"]);
  });

  it("Whirlwind hits up to two monsters", () => {
    const p = caster("beetle_nest");
    const two = deepFreeze({
      ...p,
      currentMonsters: [
        { id: 5, uid: "a", hp: 1200, maxHp: 1200, nextAttackAt: 2000, status: {} },
        { id: 5, uid: "b", hp: 1200, maxHp: 1200, nextAttackAt: 2000, status: {} },
        { id: 5, uid: "c", hp: 1200, maxHp: 1200, nextAttackAt: 2000, status: {} },
      ],
    });
    const r = castSpell(two, "whirlwind", 0);
    if (!r.ok) throw new Error(r.message);
    expect(r.state.currentMonsters.map((m) => m.hp)).toEqual([1100, 1100, 1200]);
    expect(texts(r.events)).toEqual(["Whirlwind hit Beetle for 100 HP", "Whirlwind hit Beetle for 100 HP"]);
    expect(r.state.combat.spellReadyAt.whirlwind).toBe(7000);
  });
});

describe("gear spells in the fight", () => {
  it("go off on their chance when ready, and intellect learns from the mana spent", () => {
    const p = fighter({
      location: "beetle_nest",
      level: 40,
      character: "warrior",
      gearTier: 6,
      intellect: true,
    });
    expect(p.equipmentSlots.melee.mainhand?.id).toBe(30607);
    const r = advance(p, 600_000, { maxEvents: 1_000_000 });
    const casts = r.events.filter((e) => e.type === "spellCast");
    expect(casts.length).toBeGreaterThan(10);
    const at = casts.map((e) => e.at);
    for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(7000);
    expect(r.summary.combat?.gainedIntellectXp).toBe(casts.length * 10);
  });
});
