import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fighter } from "../../../testing/fighters.ts";
import { gatherer, withNodes } from "../../../testing/players.ts";
import { RECIPES } from "../../data/recipes.ts";
import type { Player } from "../../protocol/player.ts";
import { buyLabNode } from "../intents/buyLabNode.ts";
import { setAction } from "../intents/setAction.ts";
import { startCraft } from "../intents/startCraft.ts";
import { addItems } from "../state/addItems.ts";
import { deepClone } from "../state/clonePlayer.ts";
import { newPlayer } from "../state/newPlayer.ts";
import { advance } from "./advance.ts";
import { nextEventAt } from "./nextEventAt.ts";

const MIN = 60_000;

/** A gatherer at the garden who also smiths a batch of bricks. */
function gatheringSmith(seed: number): Player {
  let p = withNodes(gatherer(seed), ["south:smithing:unlock"], 0);
  p = addItems(p, [{ id: 10001, quantity: 40 }]).player;
  const r = startCraft(p, { craftingSkill: "smithing", itemId: 20001, slotId: 0, quantity: 30 }, 0);
  if (!r.ok) throw new Error(r.message);
  return r.state;
}

const STARTS: ((seed: number) => Player)[] = [
  (seed) => gatherer(seed),
  (seed) => gatherer(seed, "botany", "fountain"),
  gatheringSmith,
  (seed) => fighter({ location: "aphid_nest", seed }),
  (seed) => fighter({ location: "aphid_nest", seed, level: 8, character: "mage" }),
  // the wasp's poison ticks between its stings (afflictions.ts)
  (seed) => fighter({ location: "wasp_nest", seed, level: 50, character: "warrior" }),
  (seed) => {
    const p = newPlayer({ discordId: "w", username: "w", now: 0, seed });
    return { ...p, health: 1, mana: 0, combat: { ...p.combat, nextRegenAt: 1000 } };
  },
];

describe("nextEventAt", () => {
  it("no event happens before it: a settle short of it emits nothing and changes nothing a player sees", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: STARTS.length - 1 }),
        fc.integer({ min: 1, max: 10_000 }),
        // from 1 ms: a fight just entered spawns its monsters at its first settle, whenever that comes (its
        // wake within a second is the test below)
        fc.integer({ min: 1, max: 20 * MIN }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (kind, seed, played, fraction) => {
          const p = advance(STARTS[kind]!(seed), played).player;
          const next = nextEventAt(p);
          const horizon = next ?? p.settledAt + 10 * MIN;
          const until = p.settledAt + Math.floor((horizon - 1 - p.settledAt) * fraction);
          if (!(until > p.settledAt)) return;
          const r = advance(p, until);
          expect(r.events).toEqual([]);
          const seen = (q: Player) => ({
            skills: q.skills,
            inventory: q.inventory,
            health: q.health,
            mana: q.mana,
            node: q.currentAction.nodeHp,
            monsters: q.currentMonsters.map((m) => m.hp),
            slots: q.smithingSlots,
          });
          expect(seen(r.player)).toEqual(seen(p));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("a gathering player's next event is its next hit, in the future after a settle", () => {
    const start = newPlayer({ discordId: "g", username: "g", now: 1_000, seed: 1 });
    const bought = buyLabNode(start, "south:mining:unlock", 1_000);
    if (!bought.ok) throw new Error(bought.message);
    const acting = setAction(bought.state, { skill: "mining", location: "garden" }, 1_000);
    if (!acting.ok) throw new Error(acting.message);
    expect(nextEventAt(acting.state)).toBe(acting.state.currentAction.nextHitAt);
    const later = advance(acting.state, 100_000).player;
    expect(nextEventAt(later)).toBeGreaterThan(100_000);
    expect(nextEventAt(start)).toBeNull();
  });

  it("a fight just entered wakes within a second, and that wake brings its monsters", () => {
    const start = newPlayer({ discordId: "n", username: "n", now: 1_000, seed: 1 });
    const unlocked = { ...start, featureFlags: { ...start.featureFlags, combat: true } };
    const fighting = setAction(unlocked, { skill: "combat", location: "aphid_nest" }, 1_000);
    if (!fighting.ok) throw new Error(fighting.message);
    expect(fighting.state.currentMonsters).toEqual([]);
    const wake = nextEventAt(fighting.state);
    expect(wake).not.toBeNull();
    expect(wake!).toBeLessThanOrEqual(fighting.state.settledAt + 1000);
    expect(advance(fighting.state, wake!).player.currentMonsters.length).toBeGreaterThan(0);
  });

  it("a wounded fighter wakes for its fight, not for each regeneration second (the fight catches regen up)", () => {
    const p = newPlayer({ discordId: "f", username: "f", now: 1_000, seed: 1 });
    const wounded: Player = {
      ...p,
      health: p.maxHealth - 5,
      currentAction: { ...p.currentAction, skill: "combat", location: "aphid_nest", nextHitAt: 9_000 },
      combat: { ...p.combat, nextRegenAt: 2_000 },
    };
    expect(nextEventAt(wounded)).toBe(9_000);
    // resting, the same wound heals a point each second: the next second is an event
    const resting: Player = {
      ...wounded,
      currentAction: { ...wounded.currentAction, skill: "none", location: "home" },
    };
    expect(nextEventAt(resting)).toBe(2_000);
  });
});

describe("nextEventAt, field by field", () => {
  /** A resting newcomer at full health at time 0, changed by `edit`. */
  const resting = (edit: (p: Player) => void = () => {}): Player => {
    const p = deepClone(newPlayer({ discordId: "n", username: "n", now: 0, seed: 1 }));
    p.combat.nextRegenAt = 700;
    edit(p);
    return p;
  };
  const BRICK = 20001;

  it("is null for a resting player with nothing to regenerate, whatever stale times it keeps", () => {
    expect(nextEventAt(resting())).toBeNull();
    expect(nextEventAt(resting((p) => (p.currentAction.nextHitAt = 50)))).toBeNull();
    expect(
      nextEventAt(
        resting((p) => p.smithingSlots.splice(0, 1, { currentItem: null, startTime: 5, remaining: 0 })),
      ),
    ).toBeNull();
  });

  it("a running slot completes its recipe's time after it started; an unknown item a second after", () => {
    const slot = (currentItem: number) =>
      resting((p) => p.smithingSlots.splice(0, 1, { currentItem, startTime: 400, remaining: 2 }));
    expect(nextEventAt(slot(BRICK))).toBe(400 + RECIPES[BRICK]!.timeMs);
    expect(nextEventAt(slot(99_999))).toBe(1400);
  });

  it("regenerates while health or mana is short, outside a fight", () => {
    expect(nextEventAt(resting((p) => (p.health = p.maxHealth - 1)))).toBe(700);
    expect(nextEventAt(resting((p) => (p.mana = p.maxMana - 1)))).toBe(700);
    expect(nextEventAt(resting((p) => (p.combat.nextRegenAt = null)))).toBeNull();
  });

  it("counts a dead player's seconds from its death, then its revival", () => {
    const dead = (settledAt: number, respawnAt: number) =>
      resting((p) => {
        p.dead = true;
        p.settledAt = settledAt;
        p.deathInfo = { startedAt: 1_500, respawnAt };
      });
    expect(nextEventAt(dead(4_000, 11_500))).toBe(4_500);
    expect(nextEventAt(dead(1_500, 11_500))).toBe(2_500);
    expect(nextEventAt(dead(11_000, 11_200))).toBe(11_200);
    // a death without its times, or times without the death, count for nothing
    expect(nextEventAt(resting((p) => (p.dead = true)))).toBeNull();
    expect(nextEventAt(resting((p) => (p.deathInfo = { startedAt: 1_500, respawnAt: 11_500 })))).toBeNull();
  });

  it("in a fight: the earliest of swing, bites, statuses and the fighter's poison, none of them null or endless", () => {
    const fight = (edit: (p: Player) => void) => {
      const p = deepClone(fighter({ location: "aphid_nest", now: 0 }));
      p.currentAction.nextHitAt = 9_000;
      p.currentMonsters = [
        { id: 1, uid: "a", hp: 5, maxHp: 9, nextAttackAt: null, status: {} },
        { id: 1, uid: "b", hp: 5, maxHp: 9, nextAttackAt: Number.POSITIVE_INFINITY, status: {} },
      ];
      edit(p);
      return p;
    };
    expect(nextEventAt(fight(() => {}))).toBe(9_000);
    expect(nextEventAt(fight((p) => (p.currentMonsters[1]!.nextAttackAt = 8_000)))).toBe(8_000);
    expect(nextEventAt(fight((p) => (p.currentMonsters[0]!.status = { stun: { until: 7_000 } })))).toBe(
      7_000,
    );
    expect(nextEventAt(fight((p) => (p.currentMonsters[0]!.status = { freeze: { until: 6_000 } })))).toBe(
      6_000,
    );
    const poisoned = (p: Player) =>
      (p.combat.afflictions = { poison: { until: 9_999, dps: 30, nextTickAt: 5_000 } });
    expect(nextEventAt(fight(poisoned))).toBe(5_000);
    // a stag beetle's weaken alone: no poison to tick, the swing is next
    expect(nextEventAt(fight((p) => (p.combat.afflictions = { weaken: { until: 9_500, pct: 30 } })))).toBe(
      9_000,
    );
    // poison counts only in a fight; a fight catches its own regeneration up (no wake for it)
    expect(
      nextEventAt(
        resting((p) => {
          poisoned(p);
          p.combat.nextRegenAt = null;
        }),
      ),
    ).toBeNull();
    expect(
      nextEventAt(
        fight((p) => {
          p.health = 1;
          p.combat.nextRegenAt = 700;
        }),
      ),
    ).toBe(9_000);
    // a fight with monsters already out does not wake a second after its time
    expect(nextEventAt(fight((p) => (p.currentAction.nextHitAt = null)))).toBeNull();
  });
});
