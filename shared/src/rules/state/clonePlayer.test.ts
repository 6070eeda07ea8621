import { describe, expect, it } from "vitest";
import { freshFighter, gearedFighter } from "../../../testing/fighters.ts";
import { gatherer, withNodes } from "../../../testing/players.ts";
import type { Player } from "../../protocol/player.ts";
import { startCraft } from "../intents/startCraft.ts";
import { applyTutorialAction } from "../intents/tutorial.ts";
import { advance } from "../simulation/advance.ts";
import { addItems } from "./addItems.ts";
import { clonePlayer, deepClone } from "./clonePlayer.ts";
import { newPlayer } from "./newPlayer.ts";

/** Every object and array reachable from a value. */
function objectsOf(value: unknown, into = new Set<object>()): Set<object> {
  if (typeof value === "object" && value !== null && !into.has(value)) {
    into.add(value);
    for (const v of Object.values(value)) objectsOf(v, into);
  }
  return into;
}

function expectDeepCopy(player: Player): void {
  const copy = clonePlayer(player);
  // the same data, the same keys in the same order (so the same JSON), as the generic deep copy gives
  expect(copy).toStrictEqual(deepClone(player));
  expect(JSON.stringify(copy)).toBe(JSON.stringify(player));
  // and nothing shared with the original
  const original = objectsOf(player);
  for (const o of objectsOf(copy)) expect(original.has(o)).toBe(false);
}

/** Players in many states: through the rules, in a fight (monsters with statuses), dead, in the tutorial. */
function players(): Player[] {
  const out: Player[] = [
    newPlayer({ discordId: "guest-x", username: "Guest Sprout", now: 1_000, seed: 3 }),
    gatherer(2),
    advance(gatherer(2), 3_600_000).player,
    freshFighter("aphid_nest"),
    gearedFighter("swamp"),
  ];
  const tour = applyTutorialAction(out[0] as Player, { action: "open" }, 1_000);
  if (!tour.ok) throw new Error(tour.message);
  out.push(tour.state);
  const smith = startCraft(
    addItems(withNodes(gatherer(1), ["south:smithing:unlock"], 0), [{ id: 10001, quantity: 40 }]).player,
    { craftingSkill: "smithing", itemId: 20001, slotId: 0, quantity: 30 },
    0,
  );
  if (!smith.ok) throw new Error(smith.message);
  out.push(smith.state);
  for (const location of ["aphid_nest", "swamp"]) {
    for (const character of ["warrior", "mage", "archer"] as const) {
      let p = gearedFighter(location, 7, character);
      for (let i = 0; i < 60; i++) {
        p = advance(p, p.settledAt + 700).player;
        out.push(p);
      }
    }
    let q = freshFighter(location, 5);
    for (let i = 0; i < 40; i++) {
      q = advance(q, q.settledAt + 30_000).player;
      out.push(q);
    }
  }
  // a fight's every status, and a death, written by hand
  const fighting = out.find((p) => p.currentMonsters.length > 0);
  if (!fighting) throw new Error("no fight");
  const monster = fighting.currentMonsters[0] as Player["currentMonsters"][number];
  out.push({
    ...fighting,
    currentMonsters: [
      {
        ...monster,
        status: {
          freeze: { until: 10 },
          stun: { until: 11 },
          burn: { until: 12, dps: 3, acc: 0.5, nextTickAt: 11 },
          bleed: { until: 13, dps: 2, acc: 0.25, nextTickAt: 12 },
        },
      },
      { ...monster, uid: "second", status: { stun: { until: 9 } } },
    ],
    combat: { ...fighting.combat, spellReadyAt: { whirlwind: 99 } },
  });
  out.push({
    ...fighting,
    dead: true,
    health: 0,
    deathInfo: { startedAt: 5, respawnAt: 30_005 },
    previousAction: fighting.currentAction,
  });
  // what no rule above leaves: an item with a level, a slot from before `total` was kept, afflictions
  out.push({
    ...fighting,
    inventory: [
      { id: 10001, stack: 3, level: 2 },
      { id: 30101, stack: 1, level: 4, affixes: [] },
      ...fighting.inventory,
    ],
    smithingSlots: [{ currentItem: 20001, startTime: 3, remaining: 2 }, ...fighting.smithingSlots.slice(1)],
    combat: {
      ...fighting.combat,
      afflictions: { poison: { until: 9, dps: 30, nextTickAt: 8 }, weaken: { until: 9, pct: 30 } },
    },
  });
  return out;
}

describe("clonePlayer", () => {
  it("covers monsters with statuses, deaths, gear with affixes and a tutorial", () => {
    const all = players();
    expect(all.some((p) => p.currentMonsters.some((m) => Object.keys(m.status).length > 0))).toBe(true);
    expect(all.some((p) => p.dead && p.deathInfo !== null)).toBe(true);
    expect(all.some((p) => Object.values(p.equipmentSlots.melee).some((e) => e?.affixes?.length))).toBe(true);
    expect(all.some((p) => p.tutorial !== null)).toBe(true);
    expect(all.some((p) => p.inventory.some((e) => e.level !== undefined))).toBe(true);
    expect(
      all.some((p) => p.smithingSlots.some((s) => s.currentItem !== null && s.total === undefined)),
    ).toBe(true);
    expect(all.some((p) => p.combat.afflictions !== undefined)).toBe(true);
  });

  it("is a deep copy with the same keys in the same order, sharing nothing", () => {
    for (const p of players()) expectDeepCopy(p);
  });

  it("deep-copies fields the schema does not name", () => {
    const p = {
      ...newPlayer({ discordId: "x", username: "x", now: 0, seed: 1 }),
      extra: { nested: [{ a: 1 }] },
      note: "kept",
    } as Player;
    expectDeepCopy(p);
  });

  it("never touches the original", () => {
    const p = gearedFighter("swamp");
    const before = JSON.stringify(p);
    const copy = clonePlayer(p);
    copy.equipmentSlots.melee.head = null;
    copy.skills.melee.level = 99;
    copy.combat.regenAcc.health = 5;
    copy.inventory[0] = { id: 1, stack: 1 };
    expect(JSON.stringify(p)).toBe(before);
  });
});
