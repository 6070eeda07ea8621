import { describe, expect, it } from "vitest";
import { fighter, withStats } from "../../../../testing/fighters.ts";
import { deepFreeze } from "../../../../testing/players.ts";
import { EQUIPMENT_SLOTS } from "../../../data/skills.ts";
import type { Player } from "../../../protocol/player.ts";
import { countItem } from "../../state/addItems.ts";
import type { GameEvent } from "../../state/events.ts";
import { advance } from "../advance.ts";
import type { CombatPopupEvent, PopupType } from "./events.ts";

const ALL = { maxEvents: 1_000_000 };
const of = <T extends GameEvent["type"]>(events: GameEvent[], type: T) =>
  events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);
const popups = (events: GameEvent[], popup: PopupType) =>
  of(events, "combatPopup").filter((e: CombatPopupEvent) => e.popup === popup);
const attackTimes = (events: GameEvent[]) => of(events, "monsterAttack").map((e) => e.at);

describe("the fight", () => {
  it("a fresh player swings every 3 s for (level + 12) × 3; the aphid bites every 2 s, its 5 shrunk by defence to 1", () => {
    const p = deepFreeze(fighter({ location: "aphid_nest" }));
    const r = advance(p, 6000, ALL);
    expect(of(r.events, "monsterSpawn")[0]).toMatchObject({ at: 0, monsterId: 1, hp: 100, maxHp: 100 });
    expect(of(r.events, "monsterAttack").map((e) => [e.at, e.attack, e.damage, e.health])).toEqual([
      [2000, 5, 1, 109],
      [4000, 5, 1, 108],
      [6000, 5, 1, 107],
    ]);
    expect(popups(r.events, "melee_dmg").map((e) => [e.at, e.amount])).toEqual([
      [3000, 39],
      [6000, 39],
    ]);
    expect(r.player.currentMonsters[0]).toMatchObject({ id: 1, hp: 22, maxHp: 100, nextAttackAt: 8000 });
    expect(r.player.currentAction.nextHitAt).toBe(9000);
    expect(r.player.health).toBe(107);
  });

  it("magic hits for (level + 12) × 2.5 and ranged for (level + 12) × 2", () => {
    const mage = advance(fighter({ location: "beetle_nest", level: 10, character: "mage" }), 3000, ALL);
    expect(popups(mage.events, "magic_dmg").map((e) => e.amount)).toEqual([55]);
    const archer = advance(
      fighter({ location: "beetle_nest", level: 10, character: "archer", seed: 3 }),
      3000,
      ALL,
    );
    expect(popups(archer.events, "ranged_dmg").map((e) => e.amount)).toEqual([44]);
  });

  it("a kill drops the monster's loot, grants hit and break xp to the skill and health, and spawns the next", () => {
    const p = fighter({ location: "aphid_nest", level: 20 });
    const r = advance(p, 6000, ALL);
    expect(popups(r.events, "melee_dmg").map((e) => e.amount)).toEqual([96, 96]);
    expect(of(r.events, "monsterLoot")).toEqual([
      { type: "monsterLoot", at: 6000, monsterId: 1, uid: "1-0-0", item: { id: 15001, quantity: 1 }, xp: 2 },
    ]);
    expect(countItem(r.player, 15001)).toBe(1);
    // two hits of 1 xp and a break of 2, to melee and to health
    expect(r.player.skills.melee.xp - p.skills.melee.xp).toBe(4);
    expect(r.player.skills.health.xp - p.skills.health.xp).toBe(4);
    expect(r.summary.combat).toMatchObject({
      skill: "melee",
      kills: 1,
      gainedXp: 4,
      gainedHealthXp: 4,
      lost: 0,
    });
    expect(r.summary.combat?.items).toEqual([{ id: 15001, quantity: 1 }]);
    expect(r.player.currentMonsters[0]).toMatchObject({
      id: 1,
      uid: "1-6000-0",
      hp: 100,
      nextAttackAt: 8000,
    });
  });

  it("levels up mid-fight and hits harder from then on", () => {
    const r = advance(fighter({ location: "black_ant_nest" }), 3_600_000, ALL);
    const hits = popups(r.events, "melee_dmg").map((e) => e.amount);
    expect(hits[0]).toBe(39);
    expect(Math.max(...hits)).toBeGreaterThan(39);
    expect(r.player.skills.melee.level).toBeGreaterThan(1);
  });

  it("counts loot lost to a full inventory", () => {
    const p = fighter({ location: "aphid_nest", level: 60 });
    // every slot holds a kind of its own, none of them the aphid's Honeydew
    p.inventory = p.inventory.map((_, i) => ({ id: 100 + i, stack: 1 }));
    const r = advance(p, 60_000);
    expect(r.summary.combat?.kills).toBe(20);
    expect(r.summary.combat?.lost).toBe(20);
    expect(r.summary.combat?.lostItems).toEqual([{ id: 15001, quantity: 20 }]);
    expect(r.summary.lost).toBe(20);
  });

  it("no fight runs with the quit flag: the player rests", () => {
    const p = fighter({ location: "aphid_nest" });
    p.combat.quit = true;
    p.health = 50;
    const r = advance(p, 10_000, ALL);
    expect(of(r.events, "monsterAttack")).toEqual([]);
    expect(r.player.health).toBe(60);
  });
});

describe("defence", () => {
  it("a crit doubles the hit", () => {
    const r = advance(
      withStats(fighter({ location: "beetle_nest", level: 10 }), { crit_chance_pct: 100 }),
      3000,
      ALL,
    );
    expect(popups(r.events, "melee_dmg_crit").map((e) => e.amount)).toEqual([132]);
  });

  it("a dodge takes nothing, a block half of the bite", () => {
    const dodge = advance(withStats(fighter({ location: "swamp" }), { dodge_chance_pct: 100 }), 2000, ALL);
    expect(of(dodge.events, "monsterAttack")[0]).toMatchObject({ damage: 0, dodged: true });
    expect(popups(dodge.events, "dodged")).toHaveLength(1);
    const block = advance(withStats(fighter({ location: "swamp" }), { block_chance_pct: 100 }), 2000, ALL);
    // a mosquito's 70 shrinks to 63 against health level 1, a block stops 32 of it
    expect(of(block.events, "monsterAttack")[0]).toMatchObject({ attack: 70, damage: 31, blocked: true });
    expect(popups(block.events, "blocked").map((e) => e.amount)).toEqual([32]);
  });

  it("the barrier absorbs, and once depleted recharges 6000 ms later", () => {
    // a black ant's 10 shrinks to 5 against health level 1
    const p = withStats(fighter({ location: "black_ant_nest" }), { barrier: 12 });
    const r = advance(p, 12_000, ALL);
    // 5 + 5 absorbed, then 2 of the third bite: depleted at 6000, whole again at 12000
    expect(of(r.events, "monsterAttack").map((e) => [e.at, e.absorbed, e.damage])).toEqual([
      [2000, 5, 0],
      [4000, 5, 0],
      [6000, 2, 3],
      [8000, 0, 5],
      [10_000, 0, 5],
      [12_000, 5, 0],
    ]);
    expect(r.player.barrier).toEqual({ remaining: 7, max: 12, nextReadyAt: 12_000 });
    expect(popups(r.events, "barrier").map((e) => e.amount)).toEqual([5, 5, 2, 5]);
  });

  it("a barrier below zero is cleaned up", () => {
    const p = fighter({ location: "aphid_nest" });
    p.barrier = { remaining: -5, max: 0, nextReadyAt: 0 };
    expect(advance(p, 1000).player.barrier.remaining).toBe(0);
    const q = withStats(fighter({ location: "aphid_nest" }), { barrier: 20 });
    q.barrier = { remaining: -5, max: 20, nextReadyAt: 999_999 };
    expect(advance(q, 1000).player.barrier.remaining).toBe(0);
  });

  it("lifesteal heals 10 % of the hit", () => {
    const p = withStats(fighter({ location: "beetle_nest", level: 10 }), { lifesteal_chance_pct: 100 });
    const r = advance(p, 3000, ALL);
    // the beetle's 40 shrinks to 17 against health level 10 at 2000, the 66-point swing at 3000 steals 7 back
    expect(popups(r.events, "lifesteal").map((e) => e.amount)).toEqual([7]);
    expect(r.player.health).toBe(p.maxHealth - 17 + 7);
  });

  it("berserk, mana and ranged-speed scaling follow their keys", () => {
    const berserk = withStats(fighter({ location: "beetle_nest", level: 10 }), { berserk_damage_pct: 100 });
    berserk.health = berserk.maxHealth / 2;
    expect(popups(advance(berserk, 3000, ALL).events, "melee_dmg")[0]?.amount).toBe(
      Math.floor(66 * (1 + (berserk.maxHealth - berserk.health + 17) / berserk.maxHealth)),
    );
    const mana = withStats(fighter({ location: "beetle_nest", level: 10, character: "mage" }), {
      dmg_per_mana_pct: 10,
    });
    expect(popups(advance(mana, 3000, ALL).events, "magic_dmg")[0]?.amount).toBe(55 + mana.mana / 10);
    const ranged = withStats(fighter({ location: "beetle_nest", level: 10, character: "archer", seed: 3 }), {
      dmg_per_rangedSpeed_pct: 1,
      ranged_speed_pct: 50,
    });
    const rr = advance(ranged, 2000, ALL);
    expect(rr.player.currentAction.nextHitAt).toBe(4000);
    expect(popups(rr.events, "ranged_dmg")[0]?.amount).toBe(66);
  });
});

describe("status effects", () => {
  it("freeze and stun hold the monster's attacks for 1500 ms", () => {
    for (const key of ["freeze_chance_pct", "stun_chance_pct"] as const) {
      const p = withStats(fighter({ location: "beetle_nest", level: 10 }), { [key]: 100 });
      const r = advance(p, 9000, ALL);
      expect(popups(r.events, key === "freeze_chance_pct" ? "freeze" : "stun").map((e) => e.at)).toEqual([
        3000, 6000, 9000,
      ]);
      // due at 4000 → 4500 (frozen until 4500), then 6500 → 7500 (frozen at 6000 until 7500)
      expect(attackTimes(r.events)).toEqual([2000, 4500, 7500]);
    }
  });

  it("burn deals 30 % of the hit a second on 1000 ms ticks and ends at its until", () => {
    const p = withStats(fighter({ location: "beetle_nest", level: 10 }), { burn_chance_pct: 100 });
    // one swing only: the next is far away
    const r = advance(p, 3000, ALL);
    // the 66-point hit burns for 19.8 a second
    expect(popups(r.events, "burn").map((e) => e.amount)).toEqual([19.8]);
    const burning = r.player.currentMonsters[0]!;
    expect(burning.status.burn).toEqual({ until: 8000, dps: 19.8, acc: 0, nextTickAt: 4000 });
  });

  it("burn and bleed accumulate fractions, apply whole points, and stop at until", () => {
    const p = fighter({ location: "beetle_nest", level: 1 });
    p.currentMonsters = [
      {
        id: 5,
        uid: "b",
        hp: 1200,
        maxHp: 1200,
        nextAttackAt: 100_000,
        status: {
          burn: { until: 5000, dps: 1.5, acc: 0, nextTickAt: 1000 },
          bleed: { until: 2000, dps: 1, acc: 0, nextTickAt: 1000 },
        },
      },
    ];
    p.currentAction.nextHitAt = 100_000;
    const r = advance(p, 8000, ALL);
    expect(popups(r.events, "burn_tick").map((e) => [e.at, e.amount])).toEqual([
      [1000, 1],
      [2000, 2],
      [3000, 1],
      [4000, 2],
      [5000, 1],
    ]);
    expect(popups(r.events, "bleed_tick").map((e) => [e.at, e.amount])).toEqual([
      [1000, 1],
      [2000, 1],
    ]);
    expect(r.player.currentMonsters[0]?.hp).toBe(1200 - 7 - 2);
    expect(r.player.currentMonsters[0]?.status).toEqual({});
  });

  it("bleed is 20 % of the hit", () => {
    const p = withStats(fighter({ location: "beetle_nest", level: 10, character: "archer", seed: 3 }), {
      bleed_chance_pct: 100,
    });
    const r = advance(p, 3000, ALL);
    // the 44-point arrow bleeds 8.8 a second
    expect(popups(r.events, "bleed").map((e) => e.amount)).toEqual([8.8]);
  });

  it("ranged swings loose a rapid shot now and then", () => {
    const p = withStats(fighter({ location: "swamp", level: 99, character: "archer", seed: 7 }), {
      dodge_chance_pct: 100,
    });
    const r = advance(p, 3_000_000, ALL);
    const shots = popups(r.events, "ranged_dmg").length + popups(r.events, "ranged_dmg_crit").length;
    const rapid = popups(r.events, "rapid_shot").length;
    expect(shots).toBe(1000);
    expect(rapid).toBeGreaterThan(25);
    expect(rapid).toBeLessThan(80);
  });
});

describe("death and regeneration", () => {
  const dyingAtSwamp = (): Player => deepFreeze(fighter({ location: "swamp" }));

  it("at 0 health the player is dead for 10 s with a countdown, then regrows with full health and mana", () => {
    const r = advance(dyingAtSwamp(), 17_000, ALL);
    expect(of(r.events, "playerDeath")).toEqual([
      {
        type: "playerDeath",
        at: 4000,
        respawnAt: 14_000,
        message: "You died! Wait 10 seconds before fighting again.",
      },
    ]);
    expect(of(r.events, "deathCountdown").map((e) => [e.at, e.secondsLeft])).toEqual(
      [10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map((s) => [14_000 - s * 1000, s]),
    );
    expect(of(r.events, "playerRevived")).toEqual([
      { type: "playerRevived", at: 14_000, health: 110, mana: 110, message: "regrowed" },
    ]);
    // the fight resumes: next bite one interval after revival, the next swing one swing later
    expect(attackTimes(r.events)).toEqual([2000, 4000, 16_000]);
    expect(popups(r.events, "melee_dmg").map((e) => e.at)).toEqual([3000, 17_000]);
    expect(r.player.dead).toBe(false);
    expect(r.player.currentAction.skill).toBe("combat");
  });

  it("keeps the death in the document while it lasts, and the action to resume", () => {
    const mid = advance(dyingAtSwamp(), 9000).player;
    expect(mid.dead).toBe(true);
    expect(mid.health).toBe(0);
    expect(mid.deathInfo).toEqual({ startedAt: 4000, respawnAt: 14_000 });
    expect(mid.previousAction).toMatchObject({ skill: "combat", location: "swamp" });
    // one 39-point swing landed before the death
    expect(mid.currentMonsters[0]?.hp).toBe(1661);
    const after = advance(mid, 14_000).player;
    expect(after.dead).toBe(false);
    expect(after.health).toBe(110);
    expect(after.deathInfo).toBeNull();
    expect(after.previousAction).toBeNull();
  });

  it("a dead player deals no damage", () => {
    const mid = advance(dyingAtSwamp(), 4000).player;
    const r = advance(mid, 13_999, ALL);
    expect(r.player.currentMonsters[0]?.hp).toBe(mid.currentMonsters[0]?.hp);
    expect(of(r.events, "combatPopup")).toEqual([]);
  });

  it("out of combat: 1 health and 1 mana a second, up to max", () => {
    const p = fighter({ location: "aphid_nest" });
    p.currentAction = { ...p.currentAction, skill: "none", location: "home" };
    p.health = 50;
    p.mana = 105;
    const r = advance(p, 10_500);
    expect(r.player.health).toBe(60);
    expect(r.player.mana).toBe(110);
    expect(advance(r.player, 11_000).player.health).toBe(61);
  });

  it("in combat only affix regeneration", () => {
    const plain = fighter({ location: "aphid_nest", level: 99 });
    plain.health = 100;
    expect(advance(plain, 1999).player.health).toBe(100);
    const regen = withStats(fighter({ location: "aphid_nest", level: 99 }), {
      health_regen: 2,
      mana_regen: 3,
    });
    regen.health = 100;
    regen.mana = 100;
    const r = advance(regen, 1999).player;
    expect(r.health).toBe(102);
    expect(r.mana).toBe(103);
  });

  it("max health follows the health level: 100 + 10 per level", () => {
    expect(fighter({ location: "aphid_nest" }).maxHealth).toBe(110);
    expect(fighter({ location: "aphid_nest", level: 40 }).maxHealth).toBe(500);
    expect(fighter({ location: "aphid_nest", level: 40 }).maxMana).toBe(500);
  });
});

describe("gear", () => {
  it("a gear spell draws its chance at the first swing its cooldown allows, not a swing later", () => {
    // a swing every 1000 ms against Whirlwind's 7000 ms cooldown: a swing falls exactly when it is ready again
    const p = fighter({
      location: "black_ant_nest",
      level: 40,
      character: "warrior",
      gearTier: 6,
      intellect: true,
    });
    for (const slot of EQUIPMENT_SLOTS) delete p.equipmentSlots.melee[slot]?.affixes;
    withStats(p, { melee_speed_pct: 200 });
    const casts = [...new Set(of(advance(p, 3_600_000, ALL).events, "spellCast").map((e) => e.at))];
    const gaps = casts.slice(1).map((t, i) => t - casts[i]!);
    expect(casts[0]! % 1000).toBe(0);
    expect(Math.min(...gaps)).toBe(7000);
    expect(gaps.every((g) => g % 1000 === 0)).toBe(true);
    // its chance is one half: about half the casts come as soon as the cooldown allows
    expect(gaps.filter((g) => g === 7000).length).toBeGreaterThan(gaps.length / 4);
  });

  it("crafted gear and its rolled affixes count in the fight", () => {
    const bare = fighter({ location: "swamp", level: 40, character: "warrior" });
    const geared = fighter({ location: "swamp", level: 40, character: "warrior", gearTier: 6 });
    const hit = (p: Player) => popups(advance(p, 3000, ALL).events, "melee_dmg")[0]?.amount;
    expect(hit(bare)).toBe(156);
    // tier-6 sword +12 and shield +6 melee levels, plus any rolled melee_lvl affix
    const rolled = Object.values(geared.equipmentSlots.melee)
      .flatMap((e) => e?.affixes ?? [])
      .reduce((a, x) => a + (x.stats.melee_lvl ?? 0), 0);
    expect(hit(geared)).toBe((40 + 12 + 6 + rolled + 12) * 3);
    expect(geared.maxHealth).toBeGreaterThan(bare.maxHealth);
  });
});

describe("combat events", () => {
  it("produce every popup type of the spec", async () => {
    const { POPUP_TYPES } = await import("./events.ts");
    const seen = new Set<string>();
    const collect = (p: Player, until: number) => {
      for (const e of advance(p, until, ALL).events) if (e.type === "combatPopup") seen.add(e.popup);
    };
    const all = {
      crit_chance_pct: 50,
      lifesteal_chance_pct: 50,
      freeze_chance_pct: 50,
      stun_chance_pct: 50,
      burn_chance_pct: 50,
      bleed_chance_pct: 50,
      dodge_chance_pct: 30,
      block_chance_pct: 30,
      barrier: 30,
      mana_regen: 1,
    };
    for (const character of ["warrior", "mage", "archer"] as const) {
      const p = withStats(
        fighter({ location: "beetle_nest", level: 30, character, intellect: true, gearTier: 2 }),
        all,
      );
      p.health = 100;
      collect(p, 120_000);
    }
    // the afflictions of the insects past level 40, on a fighter of the area's level without gear
    for (const [location, level] of [
      ["wasp_nest", 50],
      ["log_pile", 62],
      ["tall_grass", 75],
      ["hornet_hive", 88],
    ] as const)
      collect(fighter({ location, level, character: "warrior" }), 30_000);
    expect([...seen].sort()).toEqual([...POPUP_TYPES].sort());
  });
});
