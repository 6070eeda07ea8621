import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Player } from "../protocol/player.ts";
import { addItems, countItem, removeItems, roomFor } from "./addItems.ts";
import { inventoryCapacity } from "./inventoryCapacity.ts";
import { newPlayer } from "./newPlayer.ts";
import { deepFreeze } from "./testing.ts";

const DIRT = 10001; // raw resource, one stack whatever the count
const CLAY = 10002; // raw resource
const BRICK = 20001; // material, one stack whatever the count
const HELMET = 30101; // gear, stack 20

const emptyPlayer = () => deepFreeze(newPlayer({ discordId: "inv", username: "inv", now: 0, seed: 1 }));
const twoSlotPlayer = () => {
  const empty = emptyPlayer();
  return deepFreeze({ ...empty, inv_size: 2, inventory: empty.inventory.slice(0, 2) });
};

const used = (p: Player) => p.inventory.filter((e) => e.id !== -1).length;

describe("inventory", () => {
  it("holds any count of a resource or material in one slot, and gear in stacks of 20", () => {
    const empty = emptyPlayer();
    const r = addItems(empty, [
      { id: DIRT, quantity: 120_000 },
      { id: BRICK, quantity: 25_000 },
      { id: HELMET, quantity: 21 },
    ]);
    expect(r.lost).toBe(0);
    expect(r.player.inventory.filter((e) => e.id === DIRT).map((e) => e.stack)).toEqual([120_000]);
    expect(r.player.inventory.filter((e) => e.id === BRICK).map((e) => e.stack)).toEqual([25_000]);
    expect(r.player.inventory.filter((e) => e.id === HELMET).map((e) => e.stack)).toEqual([20, 1]);
  });

  it("merges a stored split stack when room runs out", () => {
    const small = twoSlotPlayer();
    const split = deepFreeze({
      ...small,
      inventory: [
        { id: DIRT, stack: 500 },
        { id: DIRT, stack: 200 },
      ],
    });
    const r = addItems(split, [{ id: BRICK, quantity: 4 }]);
    expect(r).toMatchObject({ added: 4, lost: 0, full: [] });
    expect(r.player.inventory).toEqual([
      { id: DIRT, stack: 700 },
      { id: BRICK, stack: 4 },
    ]);
  });

  it("loses only a new kind of item the slots have no room for, and says which of the spec's texts applies", () => {
    const small = twoSlotPlayer();
    const a = addItems(small, [
      { id: DIRT, quantity: 50_000 },
      { id: CLAY, quantity: 7 },
    ]);
    expect(a).toMatchObject({ added: 50_007, lost: 0, full: [] });
    const b = addItems(a.player, [{ id: DIRT, quantity: 3 }]);
    expect(b).toMatchObject({ added: 3, lost: 0, full: [] });
    const c = addItems(a.player, [{ id: BRICK, quantity: 4 }]);
    expect(c).toMatchObject({ added: 0, lost: 4, full: ["inventory/no_space_to_add"] });
    const helmets = addItems(small, [
      { id: DIRT, quantity: 1 },
      { id: HELMET, quantity: 25 },
    ]);
    expect(helmets).toMatchObject({ added: 21, lost: 5, full: ["inventory/full_stack"] });
    const more = addItems(helmets.player, [{ id: HELMET, quantity: 2 }]);
    expect(more).toMatchObject({ added: 0, lost: 2, full: ["inventory/no_space_to_stack"] });
  });

  it("gives each rolled piece a slot of its own", () => {
    const empty = emptyPlayer();
    const affixes = [{ id: "a", tier: 1, stats: { dodge_pct: 3 } }];
    const r = addItems(empty, [
      { id: HELMET, quantity: 1, affixes },
      { id: HELMET, quantity: 1, affixes },
      { id: HELMET, quantity: 2 },
    ]);
    expect(used(r.player)).toBe(3);
  });

  it("removes and counts", () => {
    const empty = emptyPlayer();
    const p = addItems(empty, [{ id: DIRT, quantity: 700 }]).player;
    expect(countItem(p, DIRT)).toBe(700);
    expect(removeItems(p, DIRT, 701)).toBeNull();
    const q = removeItems(p, DIRT, 650);
    expect(q && countItem(q, DIRT)).toBe(50);
    expect(q && used(q)).toBe(1);
    expect(roomFor(empty, HELMET)).toBe(20 * 20);
    expect(roomFor(empty, DIRT)).toBeGreaterThanOrEqual(1e9);
  });

  it("never exceeds capacity", () => {
    const empty = emptyPlayer();
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.constantFrom(DIRT, BRICK, HELMET, 10002, 15001),
            fc.integer({ min: 0, max: 3000 }),
            fc.boolean(),
          ),
          { maxLength: 40 },
        ),
        fc.integer({ min: 1, max: 6 }),
        (adds, size) => {
          let p: Player = { ...empty, inv_size: size, inventory: empty.inventory.slice(0, size) };
          let total = 0;
          for (const [id, q, remove] of adds) {
            if (remove) {
              p = removeItems(p, id, Math.min(q, countItem(p, id))) ?? p;
              continue;
            }
            const before = countItem(p, id);
            const r = addItems(p, [{ id, quantity: q }]);
            expect(r.added + r.lost).toBe(q);
            expect(countItem(r.player, id) - before).toBe(r.added);
            total += r.lost;
            p = r.player;
            expect(used(p)).toBeLessThanOrEqual(inventoryCapacity(p));
            expect(p.inventory.length).toBeLessThanOrEqual(inventoryCapacity(p));
          }
          expect(total).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 100 },
    );
  });
});
