import { describe, expect, it } from "vitest";
import { acting, deepFreeze, withNodes } from "../../../testing/players.ts";
import { EMPTY_SLOT_ID, type Player } from "../../protocol/player.ts";
import { addItems, countItem } from "../state/addItems.ts";
import { unlockedSlots } from "../state/craftSlots.ts";
import { newPlayer, restingAction } from "../state/newPlayer.ts";
import { cancelCraft } from "./cancelCraft.ts";
import { startCraft } from "./startCraft.ts";

const DIRT = 10001;
const BRICK = 20001; // smithing tier 1: 1 Dirt, 3 s, 2 xp
const STONE_BLOCK = 20003; // smithing level 10
const CLAY = 10002;
const CLAY_BRICK = 20002; // smithing level 5: 1 Clay
const brick = (slotId = 0, quantity = 1) => ({
  craftingSkill: "smithing" as const,
  itemId: BRICK,
  slotId,
  quantity,
});

function crafter(dirt = 10, extra: string[] = []): Player {
  let p = withNodes(newPlayer({ discordId: "c", username: "c", now: 0, seed: 2 }), [
    "south:mining:unlock",
    "south:smithing:unlock",
    ...extra,
  ]);
  p = addItems(p, [{ id: DIRT, quantity: dirt }]).player;
  return deepFreeze(p);
}

describe("startCraft", () => {
  it("opens slot 1 with the craft skill and slots 2–4 with their nodes", () => {
    expect(unlockedSlots(newPlayer({ discordId: "x", username: "x", now: 0 }), "smithing")).toBe(0);
    expect(unlockedSlots(crafter(), "smithing")).toBe(1);
    expect(unlockedSlots(crafter(0, ["south:smithing:slot-2", "south:smithing:slot-3"]), "smithing")).toBe(3);
    expect(
      startCraft(crafter(), { craftingSkill: "smithing", itemId: BRICK, slotId: 1, quantity: 1 }, 0),
    ).toMatchObject({
      code: "craft/slot_locked",
    });
  });

  it("takes the first craft's materials and makes crafting the action", () => {
    const r = startCraft(
      crafter(),
      { craftingSkill: "smithing", itemId: BRICK, slotId: 0, quantity: 5 },
      100,
    );
    if (!r.ok) throw new Error(r.message);
    expect(countItem(r.state, DIRT)).toBe(9);
    expect(r.state.smithingSlots[0]).toEqual({ currentItem: BRICK, startTime: 100, remaining: 5, total: 5 });
    expect(r.state.currentAction.skill).toBe("smithing");
  });

  it("rejects with the spec's keywords", () => {
    const none = startCraft(
      crafter(0),
      { craftingSkill: "smithing", itemId: BRICK, slotId: 0, quantity: 1 },
      0,
    );
    expect(none).toEqual({ ok: false, code: "craft/not_enough_materials", message: "not enough of Dirt" });
    const lvl = startCraft(
      crafter(),
      { craftingSkill: "smithing", itemId: STONE_BLOCK, slotId: 0, quantity: 1 },
      0,
    );
    expect(lvl).toEqual({ ok: false, code: "craft/level_required", message: "smithing level 10 required" });
    expect(lvl.ok || (lvl.message.includes("level") && lvl.message.includes("required"))).toBe(true);
    const full = crafter(1);
    const stuffed: Player = {
      ...full,
      inventory: full.inventory.map((_e, i) =>
        i === 0 ? { id: DIRT, stack: 2 } : { id: 100 + i, stack: 1 },
      ),
    };
    const r = startCraft(stuffed, { craftingSkill: "smithing", itemId: BRICK, slotId: 0, quantity: 1 }, 0);
    expect(r).toEqual({ ok: false, code: "craft/inventory_full", message: "inventory full" });
  });

  it("cancels with the materials of the item in progress given back", () => {
    const r = startCraft(crafter(), { craftingSkill: "smithing", itemId: BRICK, slotId: 0, quantity: 5 }, 0);
    if (!r.ok) throw new Error(r.message);
    const c = cancelCraft(r.state, { skill: "smithing", slotId: 0 }, 1000);
    if (!c.ok) throw new Error(c.message);
    expect(countItem(c.state, DIRT)).toBe(10);
    expect(c.state.smithingSlots[0]).toEqual({ currentItem: null, startTime: 1000, remaining: 0 });
    // the last busy slot: the player goes home, and is told why
    expect(c.events).toEqual([
      {
        type: "craftStopped",
        at: 1000,
        skill: "smithing",
        slotId: 0,
        itemId: BRICK,
        remaining: 5,
        reason: "cancelled",
        message: "Dirt Brick smithing in slot 1 cancelled → (none)",
      },
      {
        type: "actionChanged",
        at: 1000,
        skill: "none",
        location: "home",
        reason: "no slot is crafting",
        code: "crafting_cancelled",
        from: "smithing",
      },
    ]);
    expect(c.state.currentAction).toEqual(restingAction(1000));
    expect(cancelCraft(c.state, { skill: "smithing", slotId: 0 }, 1000)).toEqual({
      ok: false,
      code: "craft/slot_idle",
      message: "Slot 1 is not crafting",
    });
    expect(cancelCraft(c.state, { skill: "smithing", slotId: 6 }, 1000)).toEqual({
      ok: false,
      code: "craft/slot_idle",
      message: "Slot 7 is not crafting",
    });
  });

  it("cancelling one of two busy slots keeps crafting, with no word of going home", () => {
    const two = crafter(10, ["south:smithing:slot-2"]);
    const a = startCraft(two, brick(0, 2), 0);
    if (!a.ok) throw new Error(a.message);
    const b = startCraft(a.state, brick(1, 3), 0);
    if (!b.ok) throw new Error(b.message);
    const c = cancelCraft(deepFreeze(b.state), { skill: "smithing", slotId: 1 }, 500);
    if (!c.ok) throw new Error(c.message);
    expect(c.events).toMatchObject([{ type: "craftStopped", slotId: 1, remaining: 3 }]);
    expect(c.events).toHaveLength(1);
    expect(c.state.currentAction).toEqual(b.state.currentAction);
    expect(c.state.smithingSlots[0]).toEqual(b.state.smithingSlots[0]);
  });

  it("auto-cancels the other crafting skill's slots on a switch", () => {
    let p = withNodes(crafter(), ["south:mycology:unlock", "south:tanning:unlock"]);
    p = addItems(p, [{ id: 11001, quantity: 5 }]).player;
    const a = startCraft(p, { craftingSkill: "smithing", itemId: BRICK, slotId: 0, quantity: 4 }, 0);
    if (!a.ok) throw new Error(a.message);
    const b = startCraft(a.state, { craftingSkill: "tanning", itemId: 21001, slotId: 0, quantity: 2 }, 1000);
    if (!b.ok) throw new Error(b.message);
    expect(b.state.smithingSlots[0]!.currentItem).toBeNull();
    expect(countItem(b.state, DIRT)).toBe(10);
    expect(b.events[0]).toMatchObject({
      type: "craftStopped",
      reason: "switched",
      message: "Auto-cancelled 4 Dirt Brick in smithing Slot 1 (switching to tanning)",
    });
    const g = acting(b.state, "mining", "garden", 2000);
    expect(g.tanningSlots[0]!.currentItem).toBeNull();
    expect(countItem(g, 11001)).toBe(5);
  });

  it("needs a whole quantity of at least 1: exactly 1 is accepted", () => {
    for (const quantity of [0, -1, 1.5, Number.NaN]) {
      expect(startCraft(crafter(), brick(0, quantity), 0)).toEqual({
        ok: false,
        code: "craft/bad_quantity",
        message: "quantity must be at least 1",
      });
    }
    const one = startCraft(crafter(), brick(0, 1), 0);
    expect(one.ok && one.state.smithingSlots[0]).toEqual({
      currentItem: BRICK,
      startTime: 0,
      remaining: 1,
      total: 1,
    });
  });

  it("rejects an item that is no recipe, or a recipe of another skill", () => {
    expect(startCraft(crafter(), { ...brick(), itemId: DIRT }, 0)).toEqual({
      ok: false,
      code: "craft/unknown_recipe",
      message: `Unknown smithing recipe: ${DIRT}`,
    });
    expect(startCraft(crafter(), { ...brick(), craftingSkill: "tanning" }, 0)).toEqual({
      ok: false,
      code: "craft/unknown_recipe",
      message: `Unknown tanning recipe: ${BRICK}`,
    });
  });

  it("needs the crafting skill unlocked, then a slot that is unlocked (the last one open is)", () => {
    const noSmithing = deepFreeze(
      addItems(newPlayer({ discordId: "n", username: "n", now: 0, seed: 2 }), [{ id: DIRT, quantity: 5 }])
        .player,
    );
    expect(startCraft(noSmithing, brick(), 0)).toEqual({
      ok: false,
      code: "craft/locked",
      message: "Unlock smithing first",
    });
    const two = crafter(10, ["south:smithing:slot-2"]);
    for (const slotId of [-1, 2, 0.5]) {
      expect(startCraft(two, brick(slotId), 0)).toEqual({
        ok: false,
        code: "craft/slot_locked",
        message: `Slot ${slotId + 1} is locked`,
      });
    }
    const last = startCraft(two, brick(1, 3), 0);
    if (!last.ok) throw new Error(last.message);
    expect(last.state.smithingSlots[1]).toEqual({ currentItem: BRICK, startTime: 0, remaining: 3, total: 3 });
    expect(last.state.smithingSlots[0]!.currentItem).toBeNull();
  });

  it("refuses a busy slot and leaves it as it was", () => {
    const r = startCraft(crafter(), brick(0, 2), 0);
    if (!r.ok) throw new Error(r.message);
    expect(startCraft(deepFreeze(r.state), brick(0, 1), 10)).toEqual({
      ok: false,
      code: "craft/slot_busy",
      message: "Slot 1 is busy",
    });
  });

  it("the recipe's level exactly is enough; one below is not", () => {
    const withClay = (level: number) => {
      const p = addItems(crafter(0), [{ id: CLAY, quantity: 1 }]).player;
      return deepFreeze({ ...p, skills: { ...p.skills, smithing: { level, xp: 0 } } });
    };
    const input = { craftingSkill: "smithing" as const, itemId: CLAY_BRICK, slotId: 0, quantity: 1 };
    expect(startCraft(withClay(4), input, 0)).toEqual({
      ok: false,
      code: "craft/level_required",
      message: "smithing level 5 required",
    });
    const level5 = withClay(5);
    const r = startCraft(level5, input, 0);
    if (!r.ok) throw new Error(r.message);
    // exactly enough materials: the last Clay taken empties its slot
    const at = level5.inventory.findIndex((e) => e.id === CLAY);
    expect(r.state.inventory[at]).toEqual({ id: EMPTY_SLOT_ID, stack: 0 });
    expect(countItem(r.state, CLAY)).toBe(0);
  });

  it("answers a started craft with its progress event, the crafting action set from now", () => {
    const miner = acting(crafter(), "mining", "garden", 0);
    const r = startCraft(miner, brick(0, 4), 250);
    if (!r.ok) throw new Error(r.message);
    expect(r.events).toEqual([
      {
        type: "craftProgress",
        at: 250,
        skill: "smithing",
        slotId: 0,
        itemId: BRICK,
        remaining: 4,
        startTime: 250,
      },
    ]);
    expect(r.state.currentAction).toEqual({ ...restingAction(250), skill: "smithing", location: "smithing" });
  });

  it("a second slot of the skill crafting already keeps the action as it was", () => {
    const two = crafter(10, ["south:smithing:slot-2"]);
    const first = startCraft(two, brick(0, 2), 100);
    if (!first.ok) throw new Error(first.message);
    const second = startCraft(deepFreeze(first.state), brick(1, 2), 900);
    if (!second.ok) throw new Error(second.message);
    expect(second.state.currentAction).toEqual(first.state.currentAction);
    expect(second.state.currentAction.lastUpdate).toBe(100);
    expect(second.events).toHaveLength(1);
    expect(second.state.smithingSlots[0]).toEqual(first.state.smithingSlots[0]);
  });

  it("a stored document with fewer slots than the one asked gets idle slots up to it", () => {
    const two = crafter(10, ["south:smithing:slot-2"]);
    const short = deepFreeze({ ...two, smithingSlots: [] });
    const r = startCraft(short, brick(1, 2), 40);
    if (!r.ok) throw new Error(r.message);
    expect(r.state.smithingSlots).toEqual([
      { currentItem: null, startTime: 40, remaining: 0 },
      { currentItem: BRICK, startTime: 40, remaining: 2, total: 2 },
    ]);
  });
});
