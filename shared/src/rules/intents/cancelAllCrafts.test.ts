import { describe, expect, it } from "vitest";
import { deepFreeze, withNodes } from "../../../testing/players.ts";
import type { Player } from "../../protocol/player.ts";
import { addItems, countItem } from "../state/addItems.ts";
import { newPlayer } from "../state/newPlayer.ts";
import { cancelAllCrafts } from "./cancelAllCrafts.ts";
import { cancelCraft } from "./cancelCraft.ts";
import { startCraft } from "./startCraft.ts";

const DIRT = 10001;
const BRICK = 20001; // smithing tier 1: 1 Dirt a brick

/** A smith crafting bricks in slots 1 and 3 (2 and 4 bricks), slot 2 idle. */
function smith(): Player {
  let p = withNodes(newPlayer({ discordId: "s", username: "s", now: 0, seed: 3 }), [
    "south:mining:unlock",
    "south:smithing:unlock",
    "south:smithing:slot-2",
    "south:smithing:slot-3",
  ]);
  p = addItems(p, [{ id: DIRT, quantity: 10 }]).player;
  for (const [slotId, quantity] of [
    [0, 2],
    [2, 4],
  ] as const) {
    const started = startCraft(p, { craftingSkill: "smithing", itemId: BRICK, slotId, quantity }, 0);
    if (!started.ok) throw new Error(started.message);
    p = started.state;
  }
  return deepFreeze(p);
}

describe("cancelAllCrafts", () => {
  it("is a cancel of each busy slot in order: the same player, the same events, then home", () => {
    const p = smith();
    const all = cancelAllCrafts(p, { skill: "smithing" }, 1_000);
    const first = cancelCraft(p, { skill: "smithing", slotId: 0 }, 1_000);
    if (!all.ok || !first.ok) throw new Error("refused");
    const second = cancelCraft(first.state, { skill: "smithing", slotId: 2 }, 1_000);
    if (!second.ok) throw new Error("refused");
    expect(all.state).toEqual(second.state);
    expect(all.events).toEqual([...first.events, ...second.events]);
    expect(all.state.smithingSlots.every((s) => s.currentItem === null)).toBe(true);
    // each slot gives back the materials of the brick in progress
    expect(countItem(all.state, DIRT)).toBe(countItem(p, DIRT) + 2);
    expect(all.state.currentAction.skill).toBe("none");
  });

  it("refuses a skill with no busy slot and changes nothing", () => {
    const p = smith();
    expect(cancelAllCrafts(p, { skill: "tanning" }, 1_000)).toEqual({
      ok: false,
      code: "craft/slot_idle",
      message: "No tanning slot is crafting",
    });
  });
});
