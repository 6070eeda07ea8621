import { describe, expect, it } from "vitest";
import { fighter } from "../../../testing/fighters.ts";
import { deepFreeze } from "../../../testing/players.ts";
import type { Player } from "../../protocol/player.ts";
import { deepClone } from "../state/clonePlayer.ts";
import { shiftTime } from "./shiftTime.ts";

const D = 1_000_000;

/** A fighter with every timer of the document set, each to a different time. */
function everyTimer(): Player {
  const p = deepClone(fighter({ location: "wasp_nest", level: 50, now: 100 }));
  p.currentAction = { ...p.currentAction, lastUpdate: 100, nextHitAt: 150 };
  p.previousAction = {
    ...p.currentAction,
    skill: "mining",
    location: "garden",
    lastUpdate: 90,
    nextHitAt: null,
  };
  p.currentMonsters = [
    {
      id: 1,
      uid: "m1",
      hp: 5,
      maxHp: 9,
      nextAttackAt: 160,
      status: {
        freeze: { until: 170 },
        stun: { until: 171 },
        burn: { until: 172, dps: 3, acc: 0.5, nextTickAt: 173 },
        bleed: { until: 174, dps: 4, acc: 0.25, nextTickAt: 175 },
      },
    },
    { id: 2, uid: "m2", hp: 9, maxHp: 9, nextAttackAt: null, status: {} },
  ];
  p.smithingSlots = [
    { currentItem: 20001, startTime: 120, remaining: 2, total: 3 },
    { currentItem: null, startTime: 50, remaining: 0 },
  ];
  p.tanningSlots = [{ currentItem: 20101, startTime: 121, remaining: 1 }];
  p.tailoringSlots = [{ currentItem: 20201, startTime: 122, remaining: 1 }];
  p.barrier = { ...p.barrier, nextReadyAt: 180 };
  p.deathInfo = { startedAt: 130, respawnAt: 140 };
  p.combat = {
    ...p.combat,
    nextRegenAt: 190,
    spellReadyAt: { fireball: 191, heal: 192 },
    afflictions: {
      poison: { until: 193, dps: 30, nextTickAt: 194 },
      weaken: { until: 195, pct: 30 },
      slow: { until: 196, pct: 20 },
      stun: { swingAt: 197 },
    },
  };
  p.settledAt = 200;
  return deepFreeze(p);
}

describe("shiftTime", () => {
  it("moves every timer of the document by the gap, and nothing else", () => {
    const p = everyTimer();
    const s = shiftTime(p, D);
    expect(s).toEqual({
      ...p,
      currentAction: { ...p.currentAction, lastUpdate: 100 + D, nextHitAt: 150 + D },
      previousAction: { ...p.previousAction, lastUpdate: 90 + D, nextHitAt: null },
      currentMonsters: [
        {
          id: 1,
          uid: "m1",
          hp: 5,
          maxHp: 9,
          nextAttackAt: 160 + D,
          status: {
            freeze: { until: 170 + D },
            stun: { until: 171 + D },
            burn: { until: 172 + D, dps: 3, acc: 0.5, nextTickAt: 173 + D },
            bleed: { until: 174 + D, dps: 4, acc: 0.25, nextTickAt: 175 + D },
          },
        },
        { id: 2, uid: "m2", hp: 9, maxHp: 9, nextAttackAt: null, status: {} },
      ],
      smithingSlots: [
        { currentItem: 20001, startTime: 120 + D, remaining: 2, total: 3 },
        { currentItem: null, startTime: 50, remaining: 0 },
      ],
      tanningSlots: [{ currentItem: 20101, startTime: 121 + D, remaining: 1 }],
      tailoringSlots: [{ currentItem: 20201, startTime: 122 + D, remaining: 1 }],
      barrier: { ...p.barrier, nextReadyAt: 180 + D },
      deathInfo: { startedAt: 130 + D, respawnAt: 140 + D },
      combat: {
        ...p.combat,
        nextRegenAt: 190 + D,
        spellReadyAt: { fireball: 191 + D, heal: 192 + D },
        afflictions: {
          poison: { until: 193 + D, dps: 30, nextTickAt: 194 + D },
          weaken: { until: 195 + D, pct: 30 },
          slow: { until: 196 + D, pct: 20 },
          stun: { swingAt: 197 + D },
        },
      },
      settledAt: 200 + D,
    });
    // an idle slot is kept as it was
    expect(s.smithingSlots[1]).toBe(p.smithingSlots[1]);
  });

  it("leaves absent timers absent: no previous action, death, barrier timer, regen or afflictions", () => {
    const p = deepClone(everyTimer());
    p.previousAction = null;
    p.deathInfo = null;
    p.barrier = { ...p.barrier, nextReadyAt: 0 };
    p.combat = { ...p.combat, nextRegenAt: null, spellReadyAt: {} };
    delete p.combat.afflictions;
    const s = shiftTime(deepFreeze(p), D);
    expect(s.previousAction).toBeNull();
    expect(s.deathInfo).toBeNull();
    expect(s.barrier.nextReadyAt).toBe(0);
    expect(s.combat).toEqual({ ...p.combat, nextRegenAt: null, spellReadyAt: {} });
    expect("afflictions" in s.combat).toBe(false);
    const bare = { ...p, combat: { ...p.combat, afflictions: {} } };
    expect(shiftTime(bare, D).combat.afflictions).toEqual({});
  });

  it("no gap, or a negative one, changes nothing", () => {
    const p = everyTimer();
    expect(shiftTime(p, 0)).toBe(p);
    expect(shiftTime(p, -5)).toBe(p);
    expect(shiftTime(p, 1).settledAt).toBe(201);
  });
});
