import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deepFreeze } from "../../../testing/players.ts";
import { UNLIMITED_STACK } from "../../data/items.ts";
import type { InventoryEntry, Player } from "../../protocol/player.ts";
import { EMPTY_SLOT_ID } from "../../protocol/player.ts";
import {
  addItems,
  compactInventoryInPlace,
  countItem,
  freeSlots,
  itemName,
  removeItems,
  removeItemsInPlace,
  roomFor,
  slotsNeeded,
  stackSize,
} from "./addItems.ts";
import { deepClone } from "./clonePlayer.ts";
import { inventoryCapacity } from "./inventoryCapacity.ts";
import { newPlayer } from "./newPlayer.ts";

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
const EMPTY = { id: EMPTY_SLOT_ID, stack: 0 };
const ROLLED = [{ id: "a", tier: 1, stats: { dodge_pct: 3 } }];
/** A player whose inventory is exactly these slots (capacity their count unless given). */
const holding = (entries: InventoryEntry[], size = entries.length) => {
  const p = emptyPlayer();
  return deepFreeze({ ...p, inv_size: size, inventory: entries });
};

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

  it("removes exactly everything held, last entries first, emptying their slots", () => {
    const p = holding([
      { id: DIRT, stack: 500 },
      { id: BRICK, stack: 5 },
      { id: DIRT, stack: 200 },
    ]);
    const some = removeItems(p, DIRT, 250);
    expect(some?.inventory).toStrictEqual([{ id: DIRT, stack: 450 }, { id: BRICK, stack: 5 }, EMPTY]);
    const all = removeItems(p, DIRT, 700);
    expect(all?.inventory).toStrictEqual([EMPTY, { id: BRICK, stack: 5 }, EMPTY]);
    expect(removeItems(p, DIRT, 0)?.inventory).toStrictEqual(p.inventory);
    expect(removeItems(p, BRICK, 6)).toBeNull();
  });

  it("removes in place: nothing for no units, nothing when short, else true", () => {
    const draft = deepClone(holding([{ id: DIRT, stack: 500 }, { id: DIRT, stack: 200 }, EMPTY]));
    const before = deepClone(draft.inventory);
    expect(removeItemsInPlace(draft, DIRT, 0)).toBe(true);
    expect(removeItemsInPlace(draft, DIRT, -5)).toBe(true);
    expect(removeItemsInPlace(draft, DIRT, 701)).toBe(false);
    expect(draft.inventory).toStrictEqual(before);
    expect(removeItemsInPlace(draft, DIRT, 700)).toBe(true);
    expect(draft.inventory).toStrictEqual([EMPTY, EMPTY, EMPTY]);
  });

  it("gives an item added with a level that level, on each new entry", () => {
    const r = addItems(emptyPlayer(), [{ id: HELMET, quantity: 21, level: 7 }]);
    expect(r.player.inventory.slice(0, 3)).toStrictEqual([
      { id: HELMET, stack: 20, level: 7 },
      { id: HELMET, stack: 1, level: 7 },
      EMPTY,
    ]);
    const rolled = addItems(emptyPlayer(), [{ id: HELMET, quantity: 1, level: 3, affixes: ROLLED }]);
    expect(rolled.player.inventory[0]).toStrictEqual({ id: HELMET, stack: 1, level: 3, affixes: ROLLED });
    // no level asked, no level written; a plain unit carries no affixes
    const plain = addItems(emptyPlayer(), [{ id: HELMET, quantity: 1 }]);
    expect(plain.player.inventory[0]).toStrictEqual({ id: HELMET, stack: 1 });
  });

  it("adds nothing, and loses nothing, for no units", () => {
    const p = emptyPlayer();
    for (const quantity of [0, -2, Number.NaN])
      expect(addItems(p, [{ id: DIRT, quantity }])).toEqual({ player: p, added: 0, lost: 0, full: [] });
  });

  it("tops up a partial stack before taking an empty slot, and never over the stack size", () => {
    const p = holding([EMPTY, { id: HELMET, stack: 15 }, EMPTY]);
    const r = addItems(p, [{ id: HELMET, quantity: 8 }]);
    expect(r.player.inventory).toStrictEqual([{ id: HELMET, stack: 3 }, { id: HELMET, stack: 20 }, EMPTY]);
    expect(r).toMatchObject({ added: 8, lost: 0, full: [] });
  });

  it("leaves a stack above its size as it is", () => {
    const r = addItems(holding([{ id: HELMET, stack: 25 }, EMPTY]), [{ id: HELMET, quantity: 3 }]);
    expect(r.player.inventory).toStrictEqual([
      { id: HELMET, stack: 25 },
      { id: HELMET, stack: 3 },
    ]);
  });

  it("stacks an item given an empty affix list as a plain one", () => {
    const r = addItems(holding([{ id: HELMET, stack: 3 }, EMPTY]), [
      { id: HELMET, quantity: 2, affixes: [] },
    ]);
    expect(r.player.inventory).toStrictEqual([{ id: HELMET, stack: 5 }, EMPTY]);
  });

  it("says a rolled piece found no slot, not no stack, beside a plain stack of its item", () => {
    const r = addItems(holding([{ id: HELMET, stack: 3 }]), [{ id: HELMET, quantity: 1, affixes: ROLLED }]);
    expect(r).toMatchObject({ added: 0, lost: 1, full: ["inventory/no_space_to_add"] });
  });

  it("merges split stacks to make room, and says what still did not fit", () => {
    // two stored stacks of Dirt need one slot: the other is room for helmets
    const split = holding([
      { id: DIRT, stack: 100 },
      { id: DIRT, stack: 100 },
    ]);
    expect(slotsNeeded(split)).toBe(1);
    expect(freeSlots(split)).toBe(1);
    const over = addItems(split, [{ id: HELMET, quantity: 25 }]);
    expect(over.player.inventory).toStrictEqual([
      { id: DIRT, stack: 200 },
      { id: HELMET, stack: 20 },
    ]);
    expect(over).toMatchObject({ added: 20, lost: 5, full: ["inventory/full_stack"] });
    // the input's layout is left as it was
    expect(split.inventory).toStrictEqual([
      { id: DIRT, stack: 100 },
      { id: DIRT, stack: 100 },
    ]);
  });

  it("tops up a stack, then merges for the rest: one outcome for the whole add", () => {
    const split = holding([
      { id: HELMET, stack: 15 },
      { id: DIRT, stack: 10 },
      { id: DIRT, stack: 10 },
    ]);
    const r = addItems(split, [{ id: HELMET, quantity: 10 }]);
    expect(r.player.inventory).toStrictEqual([
      { id: HELMET, stack: 20 },
      { id: DIRT, stack: 20 },
      { id: HELMET, stack: 5 },
    ]);
    expect(r).toMatchObject({ added: 10, lost: 0, full: [] });
  });

  it("compacts plain stacks into full ones at their first positions; rolled pieces stay", () => {
    const draft = deepClone(
      holding([
        { id: DIRT, stack: 300 },
        { id: HELMET, stack: 1, affixes: ROLLED },
        { id: BRICK, stack: 150 },
        { id: DIRT, stack: 300 },
        EMPTY,
        { id: HELMET, stack: 15 },
        { id: BRICK, stack: 100 },
        { id: HELMET, stack: 15 },
      ]),
    );
    compactInventoryInPlace(draft);
    expect(draft.inventory).toStrictEqual([
      { id: DIRT, stack: 600 },
      { id: HELMET, stack: 1, affixes: ROLLED },
      { id: BRICK, stack: 250 },
      EMPTY,
      EMPTY,
      { id: HELMET, stack: 20 },
      EMPTY,
      { id: HELMET, stack: 10 },
    ]);
  });

  it("counts room as full stacks: rolled pieces a slot each, empty and spent entries none", () => {
    const p = holding(
      [
        { id: DIRT, stack: 300 },
        { id: DIRT, stack: 300 },
        { id: HELMET, stack: 1, affixes: ROLLED },
        { id: HELMET, stack: 1, affixes: ROLLED },
        { id: HELMET, stack: 3, affixes: [] },
        { id: BRICK, stack: 0 },
        { id: HELMET, stack: 0, affixes: ROLLED },
        { id: EMPTY_SLOT_ID, stack: 2 },
        EMPTY,
      ],
      10,
    );
    // Dirt → 1 stack, 2 rolled helmets, 3 plain helmets → 1 stack; spent and empty entries none
    expect(slotsNeeded(p)).toBe(4);
    expect(freeSlots(p)).toBe(6);
    // the rest of the helmets' last stack, plus the free slots
    expect(roomFor(p, HELMET)).toBe(17 + 6 * 20);
    expect(roomFor(p, BRICK)).toBe(6 * UNLIMITED_STACK);
    expect(roomFor(p, DIRT)).toBe(UNLIMITED_STACK - 600 + 6 * UNLIMITED_STACK);
    expect(freeSlots({ ...p, inv_size: 3 })).toBe(0);
    expect(roomFor(holding([{ id: HELMET, stack: 20 }]), HELMET)).toBe(0);
    expect(roomFor(holding([{ id: HELMET, stack: 20 }, { id: HELMET, stack: 20 }, EMPTY]), HELMET)).toBe(20);
  });

  it("adds into the capacity only, even when the inventory array is longer", () => {
    const p = deepFreeze({ ...emptyPlayer(), inv_size: 2 });
    const r = addItems(p, [
      { id: HELMET, quantity: 1, affixes: ROLLED },
      { id: HELMET, quantity: 1, affixes: ROLLED },
      { id: HELMET, quantity: 1, affixes: ROLLED },
    ]);
    expect(r).toMatchObject({ added: 2, lost: 1, full: ["inventory/no_space_to_add"] });
    expect(used(r.player)).toBe(2);
    expect(r.player.inventory[2]).toStrictEqual(EMPTY);
  });

  it("grows an inventory array shorter than the capacity, by what is added only", () => {
    const r = addItems(holding([], 3), [{ id: HELMET, quantity: 30 }]);
    expect(r.player.inventory).toStrictEqual([
      { id: HELMET, stack: 20 },
      { id: HELMET, stack: 10 },
    ]);
    expect(r).toMatchObject({ added: 30, lost: 0, full: [] });
    const topped = addItems(holding([{ id: HELMET, stack: 10 }], 3), [{ id: HELMET, quantity: 5 }]);
    expect(topped.player.inventory).toStrictEqual([{ id: HELMET, stack: 15 }]);
  });

  it("does not stack a plain unit onto a rolled piece, nor an unknown item over 1", () => {
    const p = holding([{ id: HELMET, stack: 1, affixes: ROLLED }, EMPTY]);
    const r = addItems(p, [{ id: HELMET, quantity: 1 }]);
    expect(r.player.inventory).toStrictEqual([
      { id: HELMET, stack: 1, affixes: ROLLED },
      { id: HELMET, stack: 1 },
    ]);
    expect(stackSize(999_999)).toBe(1);
    expect(itemName(999_999)).toBe("item 999999");
    expect(itemName(DIRT)).not.toBe(`item ${DIRT}`);
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
