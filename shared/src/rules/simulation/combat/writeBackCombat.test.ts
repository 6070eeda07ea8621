import { describe, expect, it } from "vitest";
import { fighter, withStats } from "../../../../testing/fighters.ts";
import type { Player } from "../../../protocol/player.ts";
import { EventSink } from "../../state/EventSink.ts";
import { Rng } from "../../state/rng.ts";
import { advance } from "../advance.ts";
import { CombatSim } from "./CombatSim.ts";
import type { CombatSummary } from "./events.ts";
import { mergeCombatSummary, writeBackCombat } from "./writeBackCombat.ts";

const ALL = { maxEvents: 1_000_000 };

/** Counts the times the write-back asks for its own draft or skills (a room member's copies them then). */
class CountingSim extends CombatSim {
  owned = 0;
  xpOwned = 0;
  override ownDraft(): Player {
    this.owned++;
    return super.ownDraft();
  }
  override ownXp(): Player {
    this.xpOwned++;
    return super.ownXp();
  }
}

function simOf(p: Player, at = 0): CountingSim {
  return new CountingSim(p, at, new Rng(p.rng), new EventSink(at, at + 100_000, 1000));
}

function summary(over: Partial<CombatSummary>): CombatSummary {
  return {
    skill: "melee",
    gainedXp: 0,
    gainedHealthXp: 0,
    gainedIntellectXp: 0,
    kills: 0,
    deaths: 0,
    damageDealt: 0,
    items: [],
    lostItems: [],
    lost: 0,
    ...over,
  };
}

describe("writing a fight back (writeBackCombat)", () => {
  it("keeps only the cooldowns still running after the fight's time", () => {
    const s = simOf(fighter({ location: "beetle_nest", level: 10 }), 5000);
    Object.assign(s.spellReadyAt, { whirlwind: 5000, long_shot: 5001, minor_heal: 4000 });
    writeBackCombat(s);
    expect(s.draft.combat.spellReadyAt).toEqual({ long_shot: 5001 });
  });

  it("a spell cast away from a fight leaves the action's swing time and the monsters alone", () => {
    const p = fighter({ location: "beetle_nest", level: 10 });
    p.currentAction = { ...p.currentAction, skill: "none", location: "home", nextHitAt: null };
    const s = simOf(p);
    expect(s.loc).toBeNull();
    writeBackCombat(s);
    expect(s.draft.currentAction.nextHitAt).toBeNull();
    expect(s.draft.currentMonsters).toEqual([]);
  });

  it("a death that goes on keeps the action to resume it was given", () => {
    const p = fighter({ location: "beetle_nest", level: 10 });
    const resume = { ...p.currentAction, location: "swamp", lastUpdate: 123 };
    Object.assign(p, {
      dead: true,
      health: 0,
      deathInfo: { startedAt: 0, respawnAt: 10_000 },
      previousAction: resume,
    });
    const info = p.deathInfo;
    const s = simOf(p);
    s.run(5000);
    writeBackCombat(s);
    expect(s.draft.previousAction).toEqual(resume);
    expect(s.draft.deathInfo).toEqual({ startedAt: 0, respawnAt: 10_000 });
    // the same death: its object stays
    expect(s.draft.deathInfo).toBe(info);
  });

  it("a barrier whose max changed with the gear is written even when what is left stays", () => {
    const p = withStats(fighter({ location: "beetle_nest", level: 10 }), { barrier: 40 });
    p.barrier = { remaining: 10, max: 30, nextReadyAt: 0 };
    const s = simOf(p);
    // no bite before 2 s
    s.run(1000);
    writeBackCombat(s);
    expect(s.draft.barrier).toEqual({ remaining: 10, max: 40, nextReadyAt: 0 });
  });

  it("asks for its own skills only when it has xp to write, its own draft only when it has loot", () => {
    const quiet = simOf(fighter({ location: "beetle_nest", level: 10 }));
    quiet.run(2000);
    writeBackCombat(quiet);
    expect([quiet.owned, quiet.xpOwned]).toEqual([0, 0]);
    // one hit, no kill: hit xp only
    const hit = simOf(fighter({ location: "beetle_nest", level: 10 }));
    hit.run(3000);
    expect([hit.kills, hit.hitCounts[5]]).toEqual([0, 1]);
    writeBackCombat(hit);
    expect([hit.owned, hit.xpOwned]).toEqual([0, 1]);
    // a kill: its loot and its xp
    const kill = simOf(fighter({ location: "aphid_nest", level: 10 }));
    kill.run(60_000);
    expect(kill.kills).toBeGreaterThan(0);
    writeBackCombat(kill);
    expect([kill.owned, kill.xpOwned]).toEqual([1, 0]);
    // mana spent only: a heal away from a fight
    const p = fighter({ location: "beetle_nest", level: 10, intellect: true });
    p.currentAction = { ...p.currentAction, skill: "none", location: "home" };
    p.health = 50;
    const before = p.skills.intellect.xp;
    const healer = simOf(p);
    healer.spendMana(10);
    writeBackCombat(healer);
    expect([healer.owned, healer.xpOwned]).toEqual([0, 1]);
    expect(healer.draft.skills.intellect.xp - before).toBe(10);
  });

  it("keeps the barrier, death and combat state objects whose values stay; writes the given monsters", () => {
    const p = fighter({ location: "beetle_nest", level: 10 });
    // the regeneration's next second as the fight at 0 writes it
    p.combat = { ...p.combat, nextRegenAt: 1000 };
    const quiet = simOf(p);
    const monsters = quiet.mons.map((m) => m.toInstance(0));
    // the draft is the player itself: keep its objects before the write-back
    const [barrier, combat] = [p.barrier, p.combat];
    writeBackCombat(quiet, monsters);
    expect([quiet.draft.barrier, quiet.draft.combat]).toEqual([barrier, combat]);
    expect(quiet.draft.barrier).toBe(barrier);
    expect(quiet.draft.combat).toBe(combat);
    expect(quiet.draft.currentMonsters).toBe(monsters);
    const spent = simOf(fighter({ location: "beetle_nest", level: 10, intellect: true }));
    const before = spent.draft.combat;
    spent.spendMana(10);
    writeBackCombat(spent);
    expect(spent.draft.combat).not.toBe(before);
    expect(spent.draft.combat).toEqual({
      ...before,
      manaSpent: spent.manaSpent,
      nextRegenAt: spent.nextRegenAt,
    });
  });

  it("the intellect xp of the mana spent is in the summary", () => {
    const p = fighter({
      location: "beetle_nest",
      level: 10,
      intellect: true,
      gearTier: 2,
      character: "warrior",
    });
    const r = advance(p, 120_000);
    const gained = r.player.skills.intellect.xp - p.skills.intellect.xp;
    expect(gained).toBeGreaterThan(0);
    expect(gained % 10).toBe(0);
    expect(r.summary.combat!.gainedIntellectXp).toBe(gained);
  });

  it("says which loot a full inventory lost, only then", () => {
    const p = fighter({ location: "aphid_nest", level: 60 });
    p.inventory = p.inventory.map((_, i) => ({ id: 100 + i, stack: 1 }));
    const r = advance(p, 6000, ALL);
    expect(r.events.filter((e) => e.type === "inventoryMessage")).toEqual([
      { type: "inventoryMessage", at: 6000, itemId: 15001, lost: 2, code: expect.any(String) },
    ]);
    const room = advance(fighter({ location: "aphid_nest", level: 60 }), 6000, ALL);
    expect(room.summary.combat!.kills).toBe(2);
    expect(room.events.filter((e) => e.type === "inventoryMessage")).toEqual([]);
  });
});

describe("mergeCombatSummary", () => {
  it("the first part as it is; then every count added and the items merged, the earlier lists untouched", () => {
    const first = summary({
      gainedXp: 10,
      gainedHealthXp: 11,
      gainedIntellectXp: 12,
      kills: 2,
      deaths: 1,
      damageDealt: 300,
      items: [{ id: 15001, quantity: 2 }],
      lostItems: [{ id: 15001, quantity: 1 }],
      lost: 1,
    });
    expect(mergeCombatSummary(null, first)).toBe(first);
    const second = summary({
      skill: "magic",
      gainedXp: 1,
      gainedHealthXp: 2,
      gainedIntellectXp: 3,
      kills: 4,
      deaths: 5,
      damageDealt: 6,
      items: [
        { id: 15001, quantity: 3 },
        { id: 15002, quantity: 1 },
      ],
      lostItems: [{ id: 15001, quantity: 2 }],
      lost: 2,
    });
    expect(mergeCombatSummary(first, second)).toEqual({
      skill: "magic",
      gainedXp: 11,
      gainedHealthXp: 13,
      gainedIntellectXp: 15,
      kills: 6,
      deaths: 6,
      damageDealt: 306,
      items: [
        { id: 15001, quantity: 5 },
        { id: 15002, quantity: 1 },
      ],
      lostItems: [{ id: 15001, quantity: 3 }],
      lost: 3,
    });
    expect(first.items).toEqual([{ id: 15001, quantity: 2 }]);
    expect(first.lostItems).toEqual([{ id: 15001, quantity: 1 }]);
  });
});
