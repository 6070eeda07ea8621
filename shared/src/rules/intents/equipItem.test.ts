import { describe, expect, it } from "vitest";
import { refused } from "../../../testing/matchers.ts";
import { deepFreeze, withNodes } from "../../../testing/players.ts";
import type { Player } from "../../protocol/player.ts";
import { EMPTY_SLOT_ID } from "../../protocol/player.ts";
import { addItems, countItem } from "../state/addItems.ts";
import { equipmentStats } from "../state/equipmentStats.ts";
import { newPlayer } from "../state/newPlayer.ts";
import { equipItem, setActiveCharacter, unequipItem } from "./equipItem.ts";

const SWORD = 30107; // tier-1 melee mainhand: melee_lvl 2
const HELMET = 30101; // tier-1 melee head: health_lvl 1
const SWORD_T2 = 30207; // level 5

const armedPlayer = () =>
  deepFreeze(
    addItems(newPlayer({ discordId: "e", username: "e", now: 0, seed: 1 }), [
      { id: SWORD, quantity: 2 },
      { id: HELMET, quantity: 1, affixes: [{ id: "dodge", tier: 1, stats: { dodge_pct: 3 } }] },
      { id: SWORD_T2, quantity: 1 },
      { id: 10001, quantity: 5 },
    ]).player,
  );
const slotOf = (p: Player, id: number) => p.inventory.findIndex((e) => e.id === id);

describe("equipment", () => {
  it("equips one piece into its class and slot, summing item and affix stats", () => {
    const base = armedPlayer();
    const a = equipItem(base, slotOf(base, SWORD));
    if (!a.ok) throw new Error(a.message);
    expect(a.state.equipmentSlots.melee.mainhand).toEqual({ id: SWORD, stack: 1 });
    expect(countItem(a.state, SWORD)).toBe(1);
    const b = equipItem(a.state, slotOf(a.state, HELMET));
    if (!b.ok) throw new Error(b.message);
    expect(equipmentStats(b.state, "melee")).toEqual({ melee_lvl: 2, health_lvl: 1, dodge_pct: 3 });
    expect(equipmentStats(b.state, "magic")).toEqual({});
    const c = unequipItem(b.state, "melee", "head");
    if (!c.ok) throw new Error(c.message);
    expect(c.state.inventory.find((e) => e.id === HELMET)?.affixes).toHaveLength(1);
  });

  it("swaps the piece worn before back into the inventory", () => {
    const base = armedPlayer();
    const a = equipItem(base, slotOf(base, SWORD));
    if (!a.ok) throw new Error(a.message);
    const b = equipItem(a.state, slotOf(a.state, SWORD));
    expect(b.ok && countItem(b.state, SWORD)).toBe(1);
  });

  it("refuses non-gear, empty slots and gear above the class level", () => {
    const base = armedPlayer();
    expect(equipItem(base, slotOf(base, 10001))).toMatchObject({ code: "equip/not_gear" });
    expect(equipItem(base, 19)).toMatchObject({ code: "equip/no_item" });
    expect(equipItem(base, slotOf(base, SWORD_T2))).toEqual({
      ok: false,
      code: "equip/level_required",
      message: "melee level 5 required",
    });
    expect(unequipItem(base, "melee", "head")).toMatchObject({ code: "equip/empty_slot" });
  });

  it("sets the character once its class is unlocked", () => {
    const base = armedPlayer();
    expect(setActiveCharacter(base, "warrior")).toMatchObject({ code: "equip/locked" });
    const p = withNodes(base, ["south:mining:unlock", "south:smithing:unlock", "south:melee:unlock"]);
    const r = setActiveCharacter(p, "warrior");
    expect(r.ok && r.state.activeCharacter).toBe("warrior");
  });

  it("says why it refuses: no item, not gear, nothing worn, a class still locked", () => {
    const base = armedPlayer();
    for (const index of [19, -1, 1.5]) expect(equipItem(base, index)).toEqual(refused("equip/no_item"));
    // a slot holding no units, or the empty id, holds no item
    const odd = deepFreeze({
      ...base,
      inventory: [{ id: SWORD, stack: 0 }, { id: EMPTY_SLOT_ID, stack: 2 }, ...base.inventory.slice(2)],
    });
    expect(equipItem(odd, 0)).toEqual(refused("equip/no_item"));
    expect(equipItem(odd, 1)).toEqual(refused("equip/no_item"));
    expect(equipItem(base, slotOf(base, 10001))).toEqual(refused("equip/not_gear"));
    const unknown = deepFreeze({
      ...base,
      inventory: [{ id: 999_999, stack: 1 }, ...base.inventory.slice(1)],
    });
    expect(equipItem(unknown, 0)).toEqual(refused("equip/not_gear"));
    expect(unequipItem(base, "melee", "head")).toEqual(refused("equip/empty_slot"));
    expect(setActiveCharacter(base, "warrior")).toEqual({
      ...refused("equip/locked"),
      message: "Unlock melee first",
    });
  });

  it("moves the piece with its level and affixes, and empties the slot of the last one", () => {
    const base = armedPlayer();
    const helmetSlot = slotOf(base, HELMET);
    const a = equipItem(base, helmetSlot);
    if (!a.ok) throw new Error(a.message);
    expect(a.events).toEqual([]);
    expect(a.state.inventory[helmetSlot]).toStrictEqual({ id: EMPTY_SLOT_ID, stack: 0 });
    expect(a.state.equipmentSlots.melee.head).toStrictEqual({
      id: HELMET,
      stack: 1,
      affixes: [{ id: "dodge", tier: 1, stats: { dodge_pct: 3 } }],
    });
    const levelled = deepFreeze({
      ...base,
      inventory: [{ id: SWORD, stack: 1, level: 4 }, ...base.inventory.slice(1)],
    });
    const b = equipItem(levelled, 0);
    if (!b.ok) throw new Error(b.message);
    expect(b.state.equipmentSlots.melee.mainhand).toStrictEqual({ id: SWORD, stack: 1, level: 4 });
    const plain = equipItem(base, slotOf(base, SWORD));
    expect(plain.ok && plain.state.equipmentSlots.melee.mainhand).toStrictEqual({ id: SWORD, stack: 1 });
    const off = unequipItem(a.state, "melee", "head");
    if (!off.ok) throw new Error(off.message);
    expect(off.events).toEqual([]);
    expect(off.state.equipmentSlots.melee.head).toBeNull();
  });

  it("refuses to swap or take off a piece when the inventory has no room for it", () => {
    const base = armedPlayer();
    const rolled = (i: number) => ({
      id: HELMET,
      stack: 1,
      affixes: [{ id: "dodge", tier: 1, stats: { dodge_pct: i } }],
    });
    const worn = { id: SWORD, stack: 1, affixes: [{ id: "worn", tier: 1, stats: { dodge_pct: 1 } }] };
    const full = deepFreeze({
      ...base,
      inventory: [{ id: SWORD, stack: 2 }, ...Array.from({ length: base.inv_size - 1 }, (_, i) => rolled(i))],
      equipmentSlots: { ...base.equipmentSlots, melee: { ...base.equipmentSlots.melee, mainhand: worn } },
    });
    expect(equipItem(full, 0)).toEqual(refused("equip/inventory_full"));
    expect(unequipItem(full, "melee", "mainhand")).toEqual(refused("equip/inventory_full"));
  });

  it("keeps the player as is when the character is already the one asked", () => {
    const base = armedPlayer();
    const same = setActiveCharacter(base, base.activeCharacter);
    expect(same).toEqual({ ok: true, state: base, events: [] });
    expect(same.ok && same.state).toBe(base);
    const p = withNodes(base, ["south:mining:unlock", "south:smithing:unlock", "south:melee:unlock"]);
    const r = setActiveCharacter(p, "warrior");
    expect(r).toMatchObject({ ok: true, events: [] });
  });
});
