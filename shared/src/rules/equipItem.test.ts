import { describe, expect, it } from "vitest";
import type { Player } from "../protocol/player.ts";
import { addItems, countItem } from "./addItems.ts";
import { equipItem, setActiveCharacter, unequipItem } from "./equipItem.ts";
import { equipmentStats } from "./equipmentStats.ts";
import { newPlayer } from "./newPlayer.ts";
import { deepFreeze, withNodes } from "./testing.ts";

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
});
