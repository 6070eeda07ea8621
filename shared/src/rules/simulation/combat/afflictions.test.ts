import { describe, expect, it } from "vitest";
import { fighter, withStats } from "../../../../testing/fighters.ts";
import { deepFreeze } from "../../../../testing/players.ts";
import { gearItemId } from "../../../data/itemIds.ts";
import { MONSTERS } from "../../../data/monsters.ts";
import type { Player } from "../../../protocol/player.ts";
import type { GameEvent } from "../../state/events.ts";
import { advance } from "../advance.ts";
import type { PopupType } from "./events.ts";

const ALL = { maxEvents: 1_000_000 };
const of = <T extends GameEvent["type"]>(events: GameEvent[], type: T) =>
  events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);
const popups = (events: GameEvent[], popup: PopupType) =>
  of(events, "combatPopup").filter((e) => e.popup === popup && e.target.kind === "player");

/** A level-`level` warrior at `location`, no gear but a helmet of `helmetTier` when given, lots of health. */
function bitten(location: string, level: number, helmetTier?: number): Player {
  const p = fighter({ location, level, character: "warrior" });
  if (helmetTier) p.equipmentSlots.melee.head = { id: gearItemId("melee", helmetTier, "head"), stack: 1 };
  // health regeneration keeps it standing through the bites (the afflictions are what is looked at)
  return withStats(p, { health_regen: 400, life_pct: 100 });
}

describe("afflictions: what the insects past level 40 do to the fighter", () => {
  it("every insect of tiers 7–10 afflicts, each its own way; the seed's insects do not", () => {
    const kinds = [7, 8, 9, 10].map((id) => MONSTERS[id]!.affliction?.kind);
    expect(kinds).toEqual(["poison", "weaken", "slow", "stun"]);
    for (const id of [1, 2, 3, 4, 5, 6]) expect(MONSTERS[id]!.affliction).toBeUndefined();
  });

  it("a wasp sting that reaches health poisons: 30 a second on whole-second ticks until 5 s after the last sting", () => {
    const r = advance(deepFreeze(bitten("wasp_nest", 50)), 20_000, ALL);
    const stings = of(r.events, "monsterAttack").filter((e) => e.damage > 0);
    expect(stings.length).toBeGreaterThan(0);
    const first = stings[0]!.at;
    expect(popups(r.events, "poison")[0]).toMatchObject({ at: first, amount: 30 });
    // the stings keep renewing it: one onset, no popup for each renewal
    expect(popups(r.events, "poison")).toHaveLength(1);
    const ticks = popups(r.events, "poison_tick");
    expect(ticks[0]).toMatchObject({ at: first + 1000, amount: 30 });
    // a renewed poison keeps its rhythm: every tick a whole second after the first sting
    expect(ticks.every((e) => (e.at - first) % 1000 === 0)).toBe(true);
    expect(r.player.combat.afflictions?.poison).toMatchObject({ dps: 30 });
  });

  it("a helmet of the insect's tier halves the affliction; a lower one does not", () => {
    const power = (p: Player) => popups(advance(p, 10_000, ALL).events, "poison")[0]?.amount;
    expect(power(bitten("wasp_nest", 50, 6))).toBe(30);
    expect(power(bitten("wasp_nest", 50, 7))).toBe(15);
    expect(power(bitten("wasp_nest", 50, 10))).toBe(15);
    const weaken = (p: Player) => popups(advance(p, 10_000, ALL).events, "weaken")[0]?.amount;
    expect(weaken(bitten("log_pile", 62, 7))).toBe(30);
    expect(weaken(bitten("log_pile", 62, 8))).toBe(15);
  });

  it("a bite the barrier takes whole does not afflict", () => {
    const p = withStats(fighter({ location: "wasp_nest", level: 50, character: "warrior" }), {
      barrier: 100_000,
    });
    const r = advance(p, 20_000, ALL);
    expect(of(r.events, "monsterAttack").length).toBeGreaterThan(5);
    expect(popups(r.events, "poison")).toEqual([]);
    expect(r.player.combat.afflictions).toBeUndefined();
  });

  it("the stag beetle's weaken makes the swings after its bite 30 % weaker for 6 s", () => {
    const r = advance(bitten("log_pile", 62), 30_000, ALL);
    const bite = popups(r.events, "weaken")[0]!.at;
    const swings = of(r.events, "combatPopup").filter((e) => e.popup === "melee_dmg");
    // a swing at the bite's own time comes first (ties: swing, then attacks)
    const before = swings.find((e) => e.at <= bite)!.amount;
    const during = swings.find((e) => e.at > bite && e.at < bite + 6000)!.amount;
    expect(during).toBe(Math.floor((before * 70) / 100));
    expect(during).toBeLessThan(before);
  });

  it("the mantis's slow stretches the swings scheduled while it lasts by 30 %", () => {
    const r = advance(bitten("tall_grass", 75), 30_000, ALL);
    const slowAt = popups(r.events, "slow")[0]!.at;
    const swings = of(r.events, "combatPopup")
      .filter((e) => e.popup === "melee_dmg")
      .map((e) => e.at);
    const gaps = swings.slice(1).map((t, i) => [swings[i]!, t - swings[i]!] as const);
    expect(gaps.filter(([at]) => at < slowAt).every(([, g]) => g === 3000)).toBe(true);
    expect(gaps.some(([at, g]) => at > slowAt && g === 3900)).toBe(true);
  });

  it("the hornet's sting puts the next swing back 1000 ms, once per swing", () => {
    const r = advance(bitten("hornet_hive", 88), 30_000, ALL);
    const stuns = popups(r.events, "stun").map((e) => e.at);
    expect(stuns.length).toBeGreaterThan(0);
    const swings = of(r.events, "combatPopup")
      .filter((e) => e.popup === "melee_dmg")
      .map((e) => e.at);
    // each swing after a stun comes 3000 + 1000 ms after the one before; never two stuns before one swing
    for (const s of stuns.filter((x) => x < swings.at(-1)!)) {
      const prev = swings.filter((t) => t <= s).at(-1) ?? 0;
      const next = swings.find((t) => t > s)!;
      expect(next - prev).toBe(4000);
      expect(stuns.filter((x) => x > s && x < next)).toEqual([]);
    }
  });

  it("death ends every affliction", () => {
    const p = fighter({ location: "wasp_nest", level: 50, character: "warrior" });
    const r = advance(p, 120_000, ALL);
    const death = of(r.events, "playerDeath")[0]!;
    expect(death).toBeDefined();
    const ticks = popups(r.events, "poison_tick").filter((e) => e.at > death.at && e.at < death.respawnAt);
    expect(ticks).toEqual([]);
  });

  it("settling in pieces of any size afflicts exactly as one span (the afflictions are kept in the document)", () => {
    for (const [location, level] of [
      ["wasp_nest", 50],
      ["log_pile", 62],
      ["tall_grass", 75],
      ["hornet_hive", 88],
    ] as const) {
      const p = deepFreeze(bitten(location, level));
      const whole = advance(p, 60_000).player;
      let split = p;
      for (let t = 777; t < 60_000; t += 777) split = advance(split, t).player;
      split = advance(split, 60_000).player;
      expect(split, location).toEqual(whole);
    }
  });
});
