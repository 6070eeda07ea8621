import { describe, expect, it } from "vitest";
import { deepFreeze, withNodes } from "../../../testing/players.ts";
import { LAB_NODES, LAB_ROOT_ID, UNLOCK_ROOT_IDS } from "../../data/labNodes.ts";
import type { Player } from "../../protocol/player.ts";
import { inventoryCapacity } from "../state/inventoryCapacity.ts";
import { newPlayer } from "../state/newPlayer.ts";
import { buyLabNode, canBuyLabNode, labAfterBuy, labNodeCost, labPrerequisitesMet } from "./buyLabNode.ts";

/** Node ids by effect, so the test follows the tree's layout if ids move. */
function byFeature(key: string): string {
  const node = Object.values(LAB_NODES).find((n) =>
    n.effects.some((e) => e.type === "feature" && e.key === key),
  );
  if (!node) throw new Error(`no node enables ${key}`);
  return node._id;
}
function byStat(key: string, value: number): string {
  const node = Object.values(LAB_NODES).find((n) =>
    n.effects.some((e) => e.type === "stat" && e.key === key && e.value === value),
  );
  if (!node) throw new Error(`no node gives ${key} ${value}`);
  return node._id;
}
const GOLD = byFeature("goldPouch");
const INV1 = byStat("inv_size:+", 1);
const INV2 = byStat("inv_size:+", 2);

const freshPlayer = () => deepFreeze(newPlayer({ discordId: "lab", username: "lab", now: 0, seed: 9 }));
const rich = (p: Player, rp: number): Player => deepFreeze({ ...p, lab: { ...p.lab, rp } });

function buy(p: Player, id: string, now = 1): Player {
  const r = buyLabNode(p, id, now);
  if (!r.ok) throw new Error(r.message);
  return r.state;
}

describe("lab purchase", () => {
  it("answers 'No player' and 'Cannot buy' as data", () => {
    const fresh = freshPlayer();
    expect(buyLabNode(null, GOLD, 0)).toEqual({
      ok: false,
      code: "lab/no_player",
      message: "No player",
    });
    expect(buyLabNode(fresh, GOLD, 0)).toEqual({
      ok: false,
      code: "lab/cannot_buy",
      message: "Cannot buy",
    });
    expect(buyLabNode(rich(fresh, 1e6), "no:such:node", 0)).toMatchObject({ code: "lab/cannot_buy" });
    // an object's own properties are no nodes
    for (const id of ["constructor", "__proto__", "toString"]) {
      expect(buyLabNode(rich(fresh, 1e6), id, 0)).toMatchObject({ code: "lab/cannot_buy" });
      expect(labNodeCost(fresh, id)).toBe(Number.POSITIVE_INFINITY);
    }
  });

  it("deducts RP, raises the level, records boughtAt, recomputes flags", () => {
    const fresh = freshPlayer();
    const p = buy(rich(fresh, 60), GOLD, 77);
    expect(p.lab.rp).toBe(10);
    expect(p.lab.nodes[GOLD]).toEqual({ level: 1, boughtAt: 77 });
    expect(p.featureFlags.goldPouch).toBe(true);
    expect(canBuyLabNode(p, GOLD)).toBe(false); // max level 1
  });

  it("buys with exactly enough RP, not a thousandth less, and rounds what is left to the thousandth", () => {
    const fresh = freshPlayer();
    const exact = buyLabNode(rich(fresh, 50), GOLD, 1);
    if (!exact.ok) throw new Error(exact.message);
    expect(exact.state.lab.rp).toBe(0);
    expect(exact.events).toEqual([]);
    expect(buyLabNode(rich(fresh, 49.999), GOLD, 1)).toMatchObject({ code: "lab/cannot_buy" });
    expect(buy(rich(fresh, 60.1234), GOLD).lab.rp).toBe(10.123);
    expect(labAfterBuy(rich(fresh, 50.0006), GOLD, 5)).toEqual({
      ...fresh.lab,
      rp: 0.001,
      nodes: { ...fresh.lab.nodes, [GOLD]: { level: 1, boughtAt: 5 } },
    });
  });

  it("refuses a second purchase of an owned gathering unlock, whatever the RP", () => {
    const p = buy(rich(freshPlayer(), 1e6), "south:mining:unlock");
    expect(canBuyLabNode(p, "south:mining:unlock")).toBe(false);
    expect(buyLabNode(p, "south:mining:unlock", 2)).toMatchObject({ code: "lab/cannot_buy" });
    expect(canBuyLabNode(p, "south:botany:unlock")).toBe(true);
  });

  it("knows no player and no node", () => {
    expect(canBuyLabNode(null, GOLD)).toBe(false);
    expect(canBuyLabNode(undefined, GOLD)).toBe(false);
    expect(labPrerequisitesMet(freshPlayer(), "no:such:node")).toBe(false);
    expect(labPrerequisitesMet(freshPlayer(), GOLD)).toBe(true);
    // the root has no prerequisite, and counts as owned even where a lab does not record it
    expect(labPrerequisitesMet(freshPlayer(), LAB_ROOT_ID)).toBe(true);
    expect(
      labPrerequisitesMet({ ...freshPlayer(), lab: { rp: 0, earnedRpLifetime: 0, nodes: {} } }, GOLD),
    ).toBe(true);
  });

  it("needs prerequisites at level above 0", () => {
    const fresh = freshPlayer();
    const p = rich(fresh, 1e6);
    expect(canBuyLabNode(p, INV1)).toBe(false);
    expect(canBuyLabNode(p, byFeature("quest"))).toBe(false);
    expect(canBuyLabNode(p, "south:smithing:unlock")).toBe(false);
    expect(canBuyLabNode(p, "south:melee:unlock")).toBe(false);
    const q = buy(p, "south:mining:unlock");
    expect(canBuyLabNode(q, "south:smithing:unlock")).toBe(true);
    expect(canBuyLabNode(q, "south:tanning:unlock")).toBe(false);
    const r = buy(q, "south:smithing:unlock");
    expect(canBuyLabNode(r, "south:melee:unlock")).toBe(true);
    const s = buy(r, "south:melee:unlock");
    expect(s.featureFlags.combat).toBe(true);
    expect(s.featureFlags.melee).toBe(true);
    expect(s.featureFlags["smithing:slot:1"]).toBe(true);
  });

  it("prices the spec's costs per level", () => {
    const fresh = freshPlayer();
    let p = buy(rich(fresh, 1e6), GOLD);
    expect(labNodeCost(fresh, GOLD)).toBe(50);
    const inv1: number[] = [];
    for (let i = 0; i < 5; i++) {
      inv1.push(labNodeCost(p, INV1));
      p = buy(p, INV1);
    }
    expect(inv1).toEqual([100, 200, 300, 400, 500]);
    expect(labNodeCost(p, INV1)).toBe(Number.POSITIVE_INFINITY);
    expect(canBuyLabNode(p, INV1)).toBe(false);
    const inv2: number[] = [];
    for (let i = 0; i < 5; i++) {
      inv2.push(labNodeCost(p, INV2));
      p = buy(p, INV2);
    }
    expect(inv2).toEqual([800, 1100, 1300, 1500, 1800]);
    expect(inventoryCapacity(p)).toBe(20 + 5 + 10);
    expect(p.inventory).toHaveLength(35);
    expect(labNodeCost(fresh, byFeature("crafting:tier:1"))).toBe(500);
    expect(labNodeCost(fresh, byFeature("crafting:tier:2"))).toBe(1000);
    expect(labNodeCost(fresh, byFeature("crafting:tier:3"))).toBe(2000);
    expect(labNodeCost(fresh, byFeature("quest"))).toBe(200);
    expect(labNodeCost(fresh, byFeature("intellect"))).toBe(1000);
    expect(labNodeCost(fresh, byFeature("multiplayer"))).toBe(100);
    expect(labNodeCost(fresh, byFeature("smithing:slot:2"))).toBe(2000);
    expect(labNodeCost(fresh, byFeature("smithing:slot:3"))).toBe(5000);
    expect(labNodeCost(fresh, byFeature("smithing:slot:4"))).toBe(10000);
    expect(labNodeCost(fresh, "south:smithing:unlock")).toBe(0);
    expect(labNodeCost(fresh, "south:melee:unlock")).toBe(0);
    expect(labNodeCost(fresh, "south:mining:damage-5")).toBe(20);
  });

  it("prices gather unlocks 1000 × the unlocks bought before; an owned one keeps its price", () => {
    const fresh = freshPlayer();
    const p0 = rich(fresh, 3000);
    expect(labNodeCost(p0, "south:botany:unlock")).toBe(0);
    const p1 = buy(p0, "south:botany:unlock", 1);
    expect(p1.lab.rp).toBe(3000);
    expect(labNodeCost(p1, "south:mining:unlock")).toBe(1000);
    expect(labNodeCost(p1, "south:botany:unlock")).toBe(0);
    const p2 = buy(p1, "south:mining:unlock", 2);
    expect(p2.lab.rp).toBe(2000);
    expect(labNodeCost(p2, "south:mining:unlock")).toBe(1000);
    expect(labNodeCost(p2, "south:mycology:unlock")).toBe(2000);
    const p3 = buy(p2, "south:mycology:unlock", 3);
    expect(p3.lab.rp).toBe(0);
    expect(labNodeCost(p3, "south:mycology:unlock")).toBe(2000);
  });

  it("orders gather unlocks bought at the same time as the table does, and by time before that", () => {
    const fresh = freshPlayer();
    // bought in the order mycology, mining at the same instant: priced mining first (the table's order)
    const same = buy(buy(rich(fresh, 1e6), "south:mycology:unlock", 5), "south:mining:unlock", 5);
    expect(labNodeCost(same, "south:mining:unlock")).toBe(0);
    expect(labNodeCost(same, "south:mycology:unlock")).toBe(1000);
    expect(labNodeCost(same, "south:botany:unlock")).toBe(2000);
    // all three at the same instant, bought in the reverse of the table's order
    const three = ["south:botany:unlock", "south:mycology:unlock", "south:mining:unlock"].reduce(
      (p, id) => buy(p, id, 5),
      rich(fresh, 1e6),
    );
    expect(UNLOCK_ROOT_IDS.map((id) => labNodeCost(three, id))).toEqual([0, 1000, 2000]);
    // mycology bought first in time: it keeps the first price
    const timed = buy(buy(rich(fresh, 1e6), "south:mycology:unlock", 5), "south:mining:unlock", 9);
    expect(labNodeCost(timed, "south:mycology:unlock")).toBe(0);
    expect(labNodeCost(timed, "south:mining:unlock")).toBe(1000);
  });

  it("sums add effects and multiplies x effects over levels", () => {
    const fresh = freshPlayer();
    const p = withNodes(fresh, [
      "south:mining:unlock",
      "south:mining:speed-1",
      "south:mining:speed-1",
      "south:mining:speed-2",
      "south:mining:damage-5",
      "south:mining:damage-5",
      "south:botany:unlock",
      "south:botany:damage-5",
    ]);
    expect(p.modifiers["mining:speed:+"]).toBeCloseTo(1.01 * 1.01 * 1.02, 12);
    expect(p.modifiers["mining:damage:+"]).toBe(10);
    expect(p.modifiers["botany:damage:+"]).toBe(1); // "the botany damage +5 node actually adds 1"
    expect(p.lab.rp).toBe(0);
  });

  it("locks quest, intellect and multiplayer behind the lock flag", () => {
    const fresh = freshPlayer();
    const p = withNodes(fresh, [GOLD, byFeature("quest"), byFeature("intellect"), byFeature("multiplayer")]);
    expect(p.featureFlags.quest).toBe(true);
    expect(p.featureFlags.intellect).toBe(true);
    expect(p.featureFlags.multiplayer).toBe(true);
  });

  it("a node of the world past 40 waits for its picklelogy level as for a prerequisite", () => {
    const quest = withNodes(rich(freshPlayer(), 1_000_000), [
      "east:utility:gold-pouch",
      "east:utility:quest",
    ]);
    const at = (level: number): Player =>
      deepFreeze({ ...quest, skills: { ...quest.skills, picklelogy: { level, xp: 0 } } });
    expect(canBuyLabNode(at(49), "east:frontier:tier-7")).toBe(false);
    expect(buyLabNode(at(49), "east:frontier:tier-7", 1)).toMatchObject({
      ok: false,
      code: "lab/cannot_buy",
    });
    const bought = buy(at(50), "east:frontier:tier-7");
    expect(bought.lab.nodes["east:frontier:tier-7"]?.level).toBe(1);
    expect(bought.modifiers["combat:damage:+"]).toBe(5);
    expect(bought.modifiers["mining:damage:+"]).toBe(5);
    // the next tier's notes need the first bought and picklelogy 62
    expect(canBuyLabNode(bought, "east:frontier:tier-8")).toBe(false);
    expect(
      canBuyLabNode(
        { ...bought, skills: { ...bought.skills, picklelogy: { level: 62, xp: 0 } } },
        "east:frontier:tier-8",
      ),
    ).toBe(true);
    expect(canBuyLabNode(at(62), "east:frontier:tier-8")).toBe(false);
  });
});
