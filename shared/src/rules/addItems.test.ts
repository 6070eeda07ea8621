import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Player } from "../protocol/player.ts";
import { addItems, countItem, removeItems, roomFor } from "./addItems.ts";
import { inventoryCapacity } from "./inventoryCapacity.ts";
import { newPlayer } from "./newPlayer.ts";
import { deepFreeze } from "./testing.ts";

const DIRT = 10001; // raw resource, stack 500
const BRICK = 20001; // material, stack 200
const HELMET = 30101; // gear, stack 20

const emptyPlayer = () => deepFreeze(newPlayer({ discordId: "inv", username: "inv", now: 0, seed: 1 }));
const twoSlotPlayer = () => {
  const empty = emptyPlayer();
  return deepFreeze({ ...empty, inv_size: 2, inventory: empty.inventory.slice(0, 2) });
};

const used = (p: Player) => p.inventory.filter((e) => e.id !== -1).length;

describe("inventory", () => {
  it("stacks up to each item's stack size (500, 200, 20)", () => {
    const empty = emptyPlayer();
    const r = addItems(empty, [
      { id: DIRT, quantity: 1200 },
      { id: BRICK, quantity: 250 },
      { id: HELMET, quantity: 21 },
    ]);
    expect(r.lost).toBe(0);
    expect(r.player.inventory.filter((e) => e.id === DIRT).map((e) => e.stack)).toEqual([500, 500, 200]);
    expect(r.player.inventory.filter((e) => e.id === BRICK).map((e) => e.stack)).toEqual([200, 50]);
    expect(r.player.inventory.filter((e) => e.id === HELMET).map((e) => e.stack)).toEqual([20, 1]);
  });

  it("loses overflow and says which of the spec's texts applies", () => {
    const small = twoSlotPlayer();
    const a = addItems(small, [{ id: DIRT, quantity: 1100 }]);
    expect(a).toMatchObject({ added: 1000, lost: 100, full: ["inventory/full_stack"] });
    const b = addItems(a.player, [{ id: DIRT, quantity: 3 }]);
    expect(b).toMatchObject({ added: 0, lost: 3, full: ["inventory/no_space_to_stack"] });
    const c = addItems(a.player, [{ id: BRICK, quantity: 4 }]);
    expect(c).toMatchObject({ added: 0, lost: 4, full: ["inventory/no_space_to_add"] });
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
    expect(roomFor(empty, DIRT)).toBe(20 * 500);
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
