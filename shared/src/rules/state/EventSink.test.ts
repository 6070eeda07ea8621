import { describe, expect, it } from "vitest";
import type { ItemQuantity } from "../../protocol/common.ts";
import { addQuantity, EventSink, emptySummary, MAX_DETAILED_EVENTS, roundRp } from "./EventSink.ts";
import type { GameEvent } from "./events.ts";

const tick = (at: number): GameEvent => ({ type: "deathCountdown", at, secondsLeft: 1 });

describe("EventSink", () => {
  it("keeps detailed events up to its limit exactly, then only says some were left out", () => {
    const sink = new EventSink(0, 10, 3);
    for (let i = 0; i < 3; i++) {
      expect(sink.detailed).toBe(true);
      sink.emit(tick(i));
    }
    expect(sink.detailed).toBe(false);
    expect(sink.summary.eventsTruncated).toBe(false);
    sink.emit(tick(3));
    expect(sink.events).toEqual([tick(0), tick(1), tick(2)]);
    expect(sink.summary.eventsTruncated).toBe(true);
    expect(new EventSink(0, 1).detailed).toBe(true);
    const big = new EventSink(0, 1);
    for (let i = 0; i <= MAX_DETAILED_EVENTS; i++) big.emit(tick(i));
    expect(big.events.length).toBe(MAX_DETAILED_EVENTS);
  });

  it("starts from an empty summary of its span", () => {
    expect(new EventSink(5, 9).summary).toEqual({
      from: 5,
      until: 9,
      gathering: null,
      crafted: [],
      craftingSkill: null,
      craftStoppedForInventory: false,
      combat: null,
      xp: {},
      bonusXp: 0,
      rp: 0,
      lost: 0,
      questProgress: {},
      eventsTruncated: false,
    });
    expect(emptySummary(1, 2)).toEqual(new EventSink(1, 2).summary);
  });

  it("sums xp, bonus xp and RP, leaving out nothing gained; quest units add up", () => {
    const sink = new EventSink(0, 1);
    sink.addXp("mining", 5);
    sink.addXp("mining", 7);
    sink.addXp("botany", 0);
    sink.addXp("botany", -3);
    expect(sink.summary.xp).toEqual({ mining: 12 });
    sink.addBonusXp(4);
    sink.addBonusXp(0);
    sink.addBonusXp(-2);
    expect(sink.summary.bonusXp).toBe(4);
    sink.addRp(0.1);
    sink.addRp(0.2);
    sink.addRp(-1);
    sink.addRp(0);
    expect(sink.summary.rp).toBe(0.3);
    sink.addQuestProgress("q1", 2);
    sink.addQuestProgress("q1", 3);
    sink.addQuestProgress("q2", 1);
    expect(sink.summary.questProgress).toEqual({ q1: 5, q2: 1 });
  });

  it("makes its gathering part once, as first asked", () => {
    const sink = new EventSink(0, 1);
    const g = sink.gathering("mining", "garden", 3);
    expect(g).toEqual({
      skill: "mining",
      location: "garden",
      cycles: 0,
      nodes: 0,
      items: [],
      lostItems: [],
      gainedXp: 0,
      totalamount: 0,
      lost: 0,
      level: 3,
      durationMs: 0,
    });
    g.cycles = 4;
    expect(sink.gathering("botany", "pond", 9)).toBe(g);
    expect(sink.summary.gathering).toMatchObject({ skill: "mining", level: 3, cycles: 4 });
  });

  it("keeps one crafted entry per skill, item and affixes, and names the last skill crafted", () => {
    const sink = new EventSink(0, 1);
    const plain = sink.crafted("smithing", 20001);
    expect(plain).toEqual({
      skill: "smithing",
      id: 20001,
      quantity: 0,
      crafts: 0,
      xp: 0,
      lost: 0,
      affixes: [],
      durationMs: 0,
    });
    plain.quantity = 2;
    expect(sink.crafted("smithing", 20001, [])).toBe(plain);
    const rolled = [{ id: "a", tier: 1, stats: { dodge_pct: 3 } }];
    const withAffixes = sink.crafted("smithing", 20001, rolled);
    expect(withAffixes).not.toBe(plain);
    expect(sink.crafted("smithing", 20001, [{ id: "a", tier: 1, stats: { dodge_pct: 3 } }])).toBe(
      withAffixes,
    );
    expect(sink.crafted("smithing", 20001, [{ id: "a", tier: 2, stats: { dodge_pct: 3 } }])).not.toBe(
      withAffixes,
    );
    expect(sink.crafted("smithing", 20002)).not.toBe(plain);
    expect(sink.summary.craftingSkill).toBe("smithing");
    const tanned = sink.crafted("tanning", 20001);
    expect(tanned).not.toBe(plain);
    expect(sink.summary.craftingSkill).toBe("tanning");
    expect(sink.summary.crafted.length).toBe(5);
  });
});

describe("addQuantity and roundRp", () => {
  it("adds a quantity to an item's entry, or a new entry; nothing for none", () => {
    const list: ItemQuantity[] = [];
    addQuantity(list, 1, 2);
    addQuantity(list, 2, 1);
    addQuantity(list, 1, 3);
    addQuantity(list, 3, 0);
    addQuantity(list, 3, -1);
    expect(list).toEqual([
      { id: 1, quantity: 5 },
      { id: 2, quantity: 1 },
    ]);
  });

  it("rounds RP to thousandths", () => {
    expect(roundRp(0.1 + 0.2)).toBe(0.3);
    expect(roundRp(1.2344)).toBe(1.234);
    expect(roundRp(1.2346)).toBe(1.235);
    expect(roundRp(7)).toBe(7);
  });
});
