import { describe, expect, it } from "vitest";
import { gatherer, withNodes } from "../../../testing/players.ts";
import { DROP_TABLES } from "../../data/dropTables.ts";
import { GATHER_NODES } from "../../data/gatherNodes.ts";
import { Rng } from "../state/rng.ts";
import { advance } from "./advance.ts";
import { locationNodes, restoreNodeHp, rollGatherDrop, rollNode } from "./rollNode.ts";

describe("nodes of a location", () => {
  it("weights the common nodes 95 and 5 and the lucky node 1 (first area) or 2", () => {
    const garden = locationNodes("mining", "garden");
    if (!("kinds" in garden)) throw new Error(garden.message);
    expect(garden.kinds.map((k) => [k.node.id, k.weight])).toEqual([
      [1, 95],
      [2, 5],
      [3, 1],
    ]);
    const pond = locationNodes("mining", "pond");
    if (!("kinds" in pond)) throw new Error(pond.message);
    expect(pond.kinds.map((k) => k.weight)).toEqual([95, 5, 2]);
    expect(garden.kinds.map((k) => k.node.maxHp)).toEqual([15, 30, 80]);
  });

  it("with the Lucky Find flag, the lucky node weighs three times as much; the others keep theirs", () => {
    const pond = locationNodes("mining", "pond", true);
    if (!("kinds" in pond)) throw new Error(pond.message);
    expect(pond.kinds.map((k) => [k.node.id, k.weight])).toEqual([
      [2, 95],
      [1, 5],
      [3, 6],
    ]);
  });

  it("a lucky gatherer breaks more lucky nodes over a day than the same player without the flag", () => {
    const base = gatherer(3);
    const lucky = withNodes(base, ["east:utility:gold-pouch", "east:utility:lucky-find"]);
    expect(lucky.featureFlags.luckynode).toBe(true);
    const stone = (p: typeof base) => {
      const g = advance(p, 86_400_000).summary.gathering!;
      return [...g.items, ...g.lostItems].filter((e) => e.id === 10003).reduce((n, e) => n + e.quantity, 0);
    };
    expect(stone(lucky)).toBeGreaterThan(2 * stone(base));
  });

  it("rejects an unknown location with the spec's text", () => {
    expect(locationNodes("mining", "moon")).toEqual({
      ok: false,
      code: "gather/unknown_location",
      message: "Unknown mining location: moon",
    });
  });

  it("resolves a location once: the same kinds each time, so their draw tables are built once", () => {
    const first = locationNodes("mining", "garden");
    locationNodes("mining", "pond");
    locationNodes("mining", "garden", true);
    expect(locationNodes("mining", "garden")).toBe(first);
    // a miss no other test makes (cached as a refusal) keeps what was resolved before it
    expect(locationNodes("mining", "resolved-once-nowhere")).toMatchObject({
      code: "gather/unknown_location",
    });
    expect(locationNodes("mining", "garden")).toBe(first);
  });

  it("keeps at most about a thousand locations, so names a client makes up cannot grow it without end", () => {
    const kept = locationNodes("botany", "fountain");
    for (let i = 0; i < 1_001; i++) locationNodes("botany", `made-up-${i}`);
    const again = locationNodes("botany", "fountain");
    expect(again).not.toBe(kept);
    expect(again).toEqual(kept);
  });

  it("rolls nodes by weight", () => {
    const garden = locationNodes("botany", "fountain");
    if (!("kinds" in garden)) throw new Error(garden.message);
    const rng = Rng.seed(5);
    const counts = [0, 0, 0];
    for (let i = 0; i < 101_000; i++) counts[rollNode(garden.kinds, rng)]! += 1;
    expect(counts[0]! / 101_000).toBeCloseTo(95 / 101, 2);
    expect(counts[1]! / 101_000).toBeCloseTo(5 / 101, 2);
    expect(counts[2]! / 101_000).toBeCloseTo(1 / 101, 2);
  });

  it("clamps restored node HP to [0, max]", () => {
    expect(restoreNodeHp(-3, 15)).toBe(0);
    expect(restoreNodeHp(99, 15)).toBe(15);
    expect(restoreNodeHp(7, 15)).toBe(7);
    expect(restoreNodeHp(Number.NaN, 15)).toBe(15);
  });

  it("breaks nodes of 15, 30, 80, 120, 160, 200 HP (levels 1, 5, 10, 20, 30, 40) into 1/2/3 stacks at 85/10/5", () => {
    for (const base of [0, 100, 200]) {
      const nodes = [1, 2, 3, 4, 5, 6].map((t) => GATHER_NODES[base + t]!);
      expect(nodes.map((n) => n.maxHp)).toEqual([15, 30, 80, 120, 160, 200]);
      expect(nodes.map((n) => n.level)).toEqual([1, 5, 10, 20, 30, 40]);
    }
    expect(GATHER_NODES[1]!.name).toBe("Dirt");
    expect(GATHER_NODES[6]!.name).toBe("Iron");
    const tier1 = DROP_TABLES.mining[1]!;
    expect(tier1.map((d) => [d.stack, d.weight, d.breakXp])).toEqual([
      [1, 85, 2],
      [2, 10, 4],
      [3, 5, 6],
    ]);
    expect(DROP_TABLES.botany[206]!.map((d) => d.breakXp)).toEqual([12, 24, 36]);
    const rng = Rng.seed(3);
    const stacks = [0, 0, 0, 0];
    for (let i = 0; i < 100_000; i++) stacks[rollGatherDrop(tier1, rng).stack]! += 1;
    expect(stacks[1]! / 100_000).toBeCloseTo(0.85, 2);
    expect(stacks[2]! / 100_000).toBeCloseTo(0.1, 2);
    expect(stacks[3]! / 100_000).toBeCloseTo(0.05, 2);
  });
});
