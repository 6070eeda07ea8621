import { describe, expect, it } from "vitest";
import { acting, deepFreeze, withNodes } from "../../../testing/players.ts";
import type { Player } from "../../protocol/player.ts";
import { addItems, countItem } from "../state/addItems.ts";
import { unlockedSlots } from "../state/craftSlots.ts";
import { newPlayer } from "../state/newPlayer.ts";
import { cancelCraft } from "./cancelCraft.ts";
import { startCraft } from "./startCraft.ts";

const DIRT = 10001;
const BRICK = 20001; // smithing tier 1: 1 Dirt, 3 s, 2 xp
const STONE_BLOCK = 20003; // smithing level 10

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
    expect(c.state.smithingSlots[0]!.currentItem).toBeNull();
    expect(c.events[0]).toMatchObject({
      type: "craftStopped",
      message: "Dirt Brick smithing in slot 1 cancelled → (none)",
    });
    expect(c.state.currentAction.skill).toBe("none");
    expect(cancelCraft(c.state, { skill: "smithing", slotId: 0 }, 1000)).toMatchObject({
      code: "craft/slot_idle",
    });
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
});
