import { describe, expect, it } from "vitest";
import { gatherer } from "../../../testing/players.ts";
import type { Player } from "../../protocol/player.ts";
import { advance } from "./advance.ts";

/**
 * Gathering's long spans are settled in blocks, its short ones node by node: over many seeds both give the
 * same amounts. Statistical, so slow (hundreds of days simulated); left out of mutation runs
 * (shared/vitest.mutate.config.ts, docs/testing.md).
 */

const MIN = 60_000;
const HOUR = 3_600_000;

const items = (p: Player) => {
  const out: Record<number, number> = {};
  for (const e of p.inventory) if (e.id > 0) out[e.id] = (out[e.id] ?? 0) + e.stack;
  return out;
};

describe("advance: gathering", () => {
  it("agrees in distribution: one long advance (blocks) against many short ones (node by node)", () => {
    const span = 2 * HOUR;
    const runs = 120;
    let xpWhole = 0;
    let xpSplit = 0;
    const itemsWhole: Record<number, number> = {};
    const itemsSplit: Record<number, number> = {};
    for (let seed = 1; seed <= runs; seed++) {
      const p = gatherer(seed);
      const w = advance(p, span).player;
      let q = p;
      for (let t = MIN; t <= span; t += MIN) q = advance(q, t).player;
      xpWhole += w.skills.mining.xp;
      xpSplit += q.skills.mining.xp;
      for (const [id, n] of Object.entries(items(w))) itemsWhole[+id] = (itemsWhole[+id] ?? 0) + n;
      for (const [id, n] of Object.entries(items(q))) itemsSplit[+id] = (itemsSplit[+id] ?? 0) + n;
    }
    expect(xpWhole / xpSplit).toBeGreaterThan(0.98);
    expect(xpWhole / xpSplit).toBeLessThan(1.02);
    expect(itemsWhole[10001]! / itemsSplit[10001]!).toBeGreaterThan(0.97);
    expect(itemsWhole[10001]! / itemsSplit[10001]!).toBeLessThan(1.03);
    const rare = (itemsWhole[10002] ?? 0) + (itemsWhole[10003] ?? 0);
    const rareSplit = (itemsSplit[10002] ?? 0) + (itemsSplit[10003] ?? 0);
    expect(rare / rareSplit).toBeGreaterThan(0.85);
    expect(rare / rareSplit).toBeLessThan(1.15);
  });

  it("agrees in distribution when split in two (t1 then t2) against t2 straight", () => {
    const runs = 150;
    let a = 0;
    let b = 0;
    let nodesA = 0;
    let nodesB = 0;
    for (let seed = 1; seed <= runs; seed++) {
      const p = gatherer(seed, "botany", "fountain");
      const whole = advance(p, 10 * HOUR);
      const half = advance(p, 3 * HOUR + 1234);
      const rest = advance(half.player, 10 * HOUR);
      a += whole.player.skills.botany.xp;
      b += rest.player.skills.botany.xp;
      nodesA += whole.summary.gathering!.nodes;
      nodesB += half.summary.gathering!.nodes + rest.summary.gathering!.nodes;
    }
    expect(a / b).toBeGreaterThan(0.98);
    expect(a / b).toBeLessThan(1.02);
    expect(nodesA / nodesB).toBeGreaterThan(0.99);
    expect(nodesA / nodesB).toBeLessThan(1.01);
  });
});
