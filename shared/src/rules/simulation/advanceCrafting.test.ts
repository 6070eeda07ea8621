import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deepFreeze, withNodes } from "../../../testing/players.ts";
import { RECIPES } from "../../data/recipes.ts";
import type { Player } from "../../protocol/player.ts";
import { startCraft } from "../intents/startCraft.ts";
import { addItems, countItem } from "../state/addItems.ts";
import { newPlayer } from "../state/newPlayer.ts";
import { xpForLevel } from "../state/xpForLevel.ts";
import { advance } from "./advance.ts";

const DIRT = 10001;
const BRICK = 20001; // 1 Dirt, 3 s, 2 xp
const HELMET = 30101; // 1 Dirt Brick, 10 s, 6 xp
const DAY = 86_400_000;

function crafting(
  dirt: number,
  quantity: number,
  opts: { slots?: number; invSize?: number; bricks?: number } = {},
): Player {
  const extra = ["south:smithing:slot-2", "south:smithing:slot-3", "south:smithing:slot-4"].slice(
    0,
    (opts.slots ?? 1) - 1,
  );
  let p = withNodes(newPlayer({ discordId: "c", username: "c", now: 0, seed: 4 }), [
    "south:mining:unlock",
    "south:smithing:unlock",
    ...extra,
  ]);
  if (opts.invSize) p = { ...p, inv_size: opts.invSize, inventory: p.inventory.slice(0, opts.invSize) };
  p = addItems(p, [
    { id: DIRT, quantity: dirt },
    { id: BRICK, quantity: opts.bricks ?? 0 },
  ]).player;
  const r = startCraft(p, { craftingSkill: "smithing", itemId: BRICK, slotId: 0, quantity }, 0);
  if (!r.ok) throw new Error(r.message);
  p = r.state;
  if ((opts.slots ?? 1) > 1 && (opts.bricks ?? 0) > 0) {
    const h = startCraft(p, { craftingSkill: "smithing", itemId: HELMET, slotId: 1, quantity }, 0);
    if (!h.ok) throw new Error(h.message);
    p = h.state;
  }
  return deepFreeze(p);
}

const counts = (p: Player) => ({
  dirt: countItem(p, DIRT),
  bricks: countItem(p, BRICK),
  helmets: countItem(p, HELMET),
});

describe("advance: crafting", () => {
  it("crafts one item per recipe time and finishes the slot", () => {
    const p = crafting(10, 5);
    const r1 = advance(p, 2999);
    expect(counts(r1.player)).toEqual({ dirt: 9, bricks: 0, helmets: 0 });
    const r2 = advance(p, 3000);
    expect(counts(r2.player)).toEqual({ dirt: 8, bricks: 1, helmets: 0 });
    expect(r2.events.filter((e) => e.type === "craftProgress")).toEqual([
      {
        type: "craftProgress",
        at: 3000,
        skill: "smithing",
        slotId: 0,
        itemId: BRICK,
        remaining: 4,
        startTime: 3000,
      },
    ]);
    expect(r2.player.skills.smithing.xp).toBe(2);
    expect(r2.events.find((e) => e.type === "crafted")).toMatchObject({
      at: 3000,
      message: "Crafted Dirt Brick and granted 2 smithing XP.",
    });
    const r3 = advance(p, 60_000);
    expect(counts(r3.player)).toEqual({ dirt: 5, bricks: 5, helmets: 0 });
    expect(r3.player.smithingSlots[0]!.currentItem).toBeNull();
    expect(r3.events.find((e) => e.type === "craftStopped")).toMatchObject({
      at: 15_000,
      reason: "finished",
      message: "Slot 1 finished crafting all items.",
    });
    expect(r3.player.currentAction.skill).toBe("none");
    expect(r3.events.find((e) => e.type === "actionChanged")).toMatchObject({ code: "crafting_done" });
    expect(r3.events.filter((e) => e.type === "inventoryMessage")).toEqual([]);
    expect(r3.summary.crafted).toEqual([
      {
        skill: "smithing",
        id: BRICK,
        quantity: 5,
        crafts: 5,
        xp: 10,
        lost: 0,
        affixes: [],
        durationMs: 15_000,
      },
    ]);
  });

  it("stops when materials run out, with the server's text", () => {
    const r = advance(crafting(4, 100), DAY);
    expect(counts(r.player)).toEqual({ dirt: 0, bricks: 4, helmets: 0 });
    expect(r.events.find((e) => e.type === "craftStopped")).toMatchObject({
      at: 12_000,
      reason: "materials",
      message: "❌ Crafting Dirt Brick in smithing slot 1 cancelled: not enough of Dirt",
    });
    // the last slot stopped: the player rests, and the change says why
    expect(r.player.currentAction.skill).toBe("none");
    expect(r.events.find((e) => e.type === "actionChanged")).toMatchObject({
      skill: "none",
      code: "crafting_materials",
      from: "smithing",
    });
  });

  it("stops when there is no room for the next craft", () => {
    // 3 slots: Dirt, bricks and the first helmet (a piece that may roll affixes takes a slot of its own):
    // the second helmet has no room, and the whole skill stops (a material's stack alone never fills)
    const r = advance(crafting(1000, 1000, { invSize: 3, slots: 2, bricks: 100 }), DAY);
    expect(r.summary.craftStoppedForInventory).toBe(true);
    const stops = r.events.filter((e) => e.type === "craftStopped");
    expect(stops.map((e) => e.type === "craftStopped" && [e.reason, e.message])).toEqual([
      ["no_space", "❌ Crafting Dirt Brick in smithing slot 1 cancelled: No space for next craft"],
      ["no_space", "❌ Crafting Dirt Helmet in smithing slot 2 cancelled: No space for next craft"],
    ]);
    expect(counts(r.player)).toEqual({ dirt: 997, bricks: 102, helmets: 1 });
    // a full bag sent the player home: the change says so, not "crafting is done"
    expect(r.player.currentAction.skill).toBe("none");
    expect(r.events.filter((e) => e.type === "actionChanged")).toMatchObject([
      { skill: "none", location: "home", code: "crafting_full", from: "smithing" },
    ]);
    expect(r.player.inventory.filter((e) => e.id !== -1)).toHaveLength(3);
  });

  it("a craft whose output no longer fits (the bag filled meanwhile) is lost and stops the slot, and says so", () => {
    const started = crafting(5, 3);
    // the bag is now just the Dirt's slot: the brick made has nowhere to go
    const dirt = started.inventory.find((e) => e.id === DIRT)!;
    const full = deepFreeze({ ...started, inv_size: 1, inventory: [dirt] });
    const r = advance(full, 3_000);
    const told = r.events.filter((e) => e.type !== "xpUpdate");
    expect(told.map((e) => e.type)).toEqual(["inventoryMessage", "crafted", "craftStopped", "actionChanged"]);
    expect(told).toMatchObject([
      { type: "inventoryMessage", at: 3_000, itemId: BRICK, lost: 1, code: "inventory/no_space_to_add" },
      { type: "crafted", at: 3_000, crafts: 1, quantity: 1, remaining: 2 },
      {
        type: "craftStopped",
        at: 3_000,
        skill: "smithing",
        slotId: 0,
        reason: "inventory_full",
        message: "❌ Crafting Dirt Brick in smithing slot 1 cancelled: Inventory full.",
      },
      {
        type: "actionChanged",
        skill: "none",
        code: "crafting_full",
        reason: "no slot is crafting",
        from: "smithing",
      },
    ]);
    expect(r.summary).toMatchObject({ craftStoppedForInventory: true, lost: 1 });
    expect(r.summary.crafted).toEqual([
      {
        skill: "smithing",
        id: BRICK,
        quantity: 0,
        crafts: 1,
        xp: 2,
        lost: 1,
        affixes: [],
        durationMs: 3_000,
      },
    ]);
    expect(r.player.smithingSlots[0]!.currentItem).toBeNull();
    expect(countItem(r.player, BRICK)).toBe(0);
    // the next craft had not started: its Dirt was never taken, nothing is handed back
    expect(countItem(r.player, DIRT)).toBe(4);
  });

  it("two slots: a craft played alone tells its progress; the player rests when the last slot stops", () => {
    // helmets take a brick each: the bricks' slot runs out of Dirt at 12 s, the helmets go on with the 14 bricks
    const short = advance(crafting(4, 100, { slots: 2, bricks: 10 }), DAY);
    expect(short.events.filter((e) => e.type === "craftProgress")).toEqual([
      {
        type: "craftProgress",
        at: 9_000,
        skill: "smithing",
        slotId: 0,
        itemId: BRICK,
        remaining: 97,
        startTime: 9_000,
      },
      {
        type: "craftProgress",
        at: 10_000,
        skill: "smithing",
        slotId: 1,
        itemId: HELMET,
        remaining: 99,
        startTime: 10_000,
      },
      // the helmets' window up to their last brick, committed at once
      {
        type: "craftProgress",
        at: 130_000,
        skill: "smithing",
        slotId: 1,
        itemId: HELMET,
        remaining: 87,
        startTime: 130_000,
      },
    ]);
    // both finish within one window, the bricks at 15 s and the helmets at 50 s: rest at the later
    const both = advance(crafting(100, 5, { slots: 2, bricks: 10 }), DAY);
    expect(both.events.filter((e) => e.type === "craftStopped").map((e) => e.at)).toEqual([15_000, 50_000]);
    expect(both.events.filter((e) => e.type === "actionChanged")).toMatchObject([
      { at: 50_000, code: "crafting_done" },
    ]);
    expect(counts(both.player)).toEqual({ dirt: 95, bricks: 10, helmets: 5 });
    // a slot with nothing done in a window tells nothing for it
    for (const r of [short, both])
      expect(r.events.filter((e) => e.type === "crafted" && e.crafts === 0)).toEqual([]);
  });

  it("two slots done at once with one Dirt left: the first goes on, the second stops for materials", () => {
    // both bricks' slots took their first Dirt at 0; at 3 s each wants one more, and only one is left
    const p = crafting(3, 5, { slots: 2 });
    const two = startCraft(p, { craftingSkill: "smithing", itemId: BRICK, slotId: 1, quantity: 5 }, 0);
    if (!two.ok) throw new Error(two.message);
    const r = advance(deepFreeze(two.state), DAY);
    const told = r.events.filter((e) => e.type === "craftProgress" || e.type === "craftStopped");
    expect(
      told.map((e) => [e.type, e.at, e.slotId, e.type === "craftStopped" ? e.reason : e.remaining]),
    ).toEqual([
      ["craftProgress", 3_000, 0, 4],
      ["craftStopped", 3_000, 1, "materials"],
      ["craftStopped", 6_000, 0, "materials"],
    ]);
    expect(counts(r.player)).toEqual({ dirt: 0, bricks: 3, helmets: 0 });
    expect(r.events.filter((e) => e.type === "actionChanged")).toMatchObject([
      { at: 6_000, code: "crafting_materials" },
    ]);
    // no Dirt left, and the first slot's last brick: it finishes, the second stops
    const last = startCraft(
      crafting(2, 1, { slots: 2 }),
      {
        craftingSkill: "smithing",
        itemId: BRICK,
        slotId: 1,
        quantity: 5,
      },
      0,
    );
    if (!last.ok) throw new Error(last.message);
    const stops = advance(deepFreeze(last.state), DAY).events.filter((e) => e.type === "craftStopped");
    expect(stops.map((e) => [e.at, e.slotId, e.reason])).toEqual([
      [3_000, 0, "finished"],
      [3_000, 1, "materials"],
    ]);
  });

  it("helmets that roll affixes: each variant takes its share of the crafts, xp and time", () => {
    const p = crafting(100, 5, { slots: 2, bricks: 10 });
    const tiered = deepFreeze({ ...p, featureFlags: { ...p.featureFlags, "crafting:tier:1": true } });
    const helmets = advance(tiered, DAY).summary.crafted.filter((c) => c.id === HELMET);
    expect(helmets.length).toBeGreaterThan(1);
    const sum = (k: "quantity" | "crafts" | "xp" | "durationMs") => helmets.reduce((n, c) => n + c[k], 0);
    expect([sum("quantity"), sum("crafts"), sum("xp"), sum("durationMs")]).toEqual([5, 5, 30, 50_000]);
    for (const c of helmets) {
      expect(c.crafts).toBeCloseTo(c.quantity);
      expect(c.durationMs).toBeCloseTo(10_000 * c.quantity);
    }
  });

  it("a slot with nothing left to craft, or an item no recipe makes, is emptied", () => {
    const p = crafting(5, 3);
    for (const slot of [
      { currentItem: BRICK, startTime: 1_000, remaining: 0 },
      { currentItem: 99_999, startTime: 1_000, remaining: 2 },
    ]) {
      const odd = deepFreeze({ ...p, smithingSlots: [slot, ...p.smithingSlots.slice(1)] });
      const r = advance(odd, 60_000);
      expect(r.player.smithingSlots[0]).toEqual({ currentItem: null, startTime: 1_000, remaining: 0 });
      expect(r.events.filter((e) => e.type === "crafted")).toEqual([]);
    }
  });

  it("crafts min(time, materials, space) in closed form for long spans", () => {
    const r = advance(crafting(450, 10_000), 30 * DAY);
    expect(counts(r.player)).toEqual({ dirt: 0, bricks: 450, helmets: 0 });
    expect(r.player.skills.smithing.xp).toBe(900);
    const t = advance(crafting(450, 10_000), 600_000);
    expect(counts(t.player).bricks).toBe(200);
    // from a later start: the completions count from the slot's own start
    const half = advance(advance(crafting(450, 10_000), 300_000).player, 600_000);
    expect(half.player).toEqual(t.player);
    expect(t.player.smithingSlots[0]).toEqual({
      currentItem: BRICK,
      startTime: 600_000,
      remaining: 9800,
      total: 10_000,
    });
  });

  it("agrees exactly however the span is split (one slot or chained slots)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3000 }),
        fc.integer({ min: 1, max: 2000 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 2 }),
        fc.array(fc.integer({ min: 1, max: 2 * 3_600_000 }), { minLength: 1, maxLength: 4 }),
        (dirt, quantity, bricks, slots, steps) => {
          const p = crafting(dirt, quantity, { slots, bricks: slots > 1 ? Math.max(1, bricks) : 0 });
          let q = p;
          let t = 0;
          for (const s of steps) {
            t += s;
            q = advance(q, t).player;
          }
          const whole = advance(p, t).player;
          expect(counts(q)).toEqual(counts(whole));
          expect(q.smithingSlots).toEqual(whole.smithingSlots);
          expect(q.skills).toEqual(whole.skills);
          expect(q.lab.rp).toBe(whole.lab.rp);
          expect(q.currentAction).toEqual(whole.currentAction);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("a slot with no craft done in a span tells nothing: no crafted event, no summary entry", () => {
    // bricks every 3 s, helmets every 10 s: by 9 s three bricks and no helmet
    const r = advance(crafting(10, 5, { slots: 2, bricks: 3 }), 9000);
    expect(r.events.filter((e) => e.type === "crafted").map((e) => e.itemId)).toEqual([BRICK]);
    expect(r.summary.crafted.map((c) => c.id)).toEqual([BRICK]);
    expect(r.summary.crafted[0]).toMatchObject({ crafts: 3, quantity: 3 });
  });

  it("a recipe taking two of its input, in closed form: two bricks a start, to the craft the bricks allow", () => {
    // chosen: 25 Clay Bricks; the start takes 2, each next start 2 more, so 12 crafts, the last with 1 left over
    const CLAY_BRICK = 20002;
    const CLAY_HELMET = 30201; // 2 Clay Bricks, 18 s, smithing 5
    let p = withNodes(newPlayer({ discordId: "c", username: "c", now: 0, seed: 4 }), [
      "south:mining:unlock",
      "south:smithing:unlock",
    ]);
    p = { ...p, skills: { ...p.skills, smithing: { ...p.skills.smithing, level: 5, xp: xpForLevel(5) } } };
    p = addItems(p, [{ id: CLAY_BRICK, quantity: 25 }]).player;
    const started = startCraft(
      p,
      { craftingSkill: "smithing", itemId: CLAY_HELMET, slotId: 0, quantity: 20 },
      0,
    );
    if (!started.ok) throw new Error(started.message);
    const q = deepFreeze(started.state);
    expect(countItem(q, CLAY_BRICK)).toBe(23);
    const whole = advance(q, 3_600_000).player;
    let stepped = q;
    for (let t = 18_000; t <= 3_600_000; t += 18_000) stepped = advance(stepped, t).player;
    expect(countItem(whole, CLAY_BRICK)).toBe(1);
    expect(whole.smithingSlots[0]!.currentItem).toBeNull();
    expect(whole.skills.smithing.xp - xpForLevel(5)).toBe(12 * RECIPES[CLAY_HELMET]!.xp);
    expect(stepped).toEqual(whole);
    // halfway (10 crafts done, the 11th started): the check counts 2 bricks a start
    const half = advance(q, 180_000).player;
    expect(countItem(half, CLAY_BRICK)).toBe(3);
    expect(half.smithingSlots[0]).toMatchObject({
      currentItem: CLAY_HELMET,
      startTime: 180_000,
      remaining: 10,
    });
  });

  it("never makes items without their materials", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 40 * DAY }),
        (dirt, q, span) => {
          const p = crafting(dirt + 1, q);
          const r = advance(p, span).player;
          const c = counts(r);
          // every brick cost one dirt: dirt held + bricks made + the one in progress = what there was
          const inProgress = r.smithingSlots[0]!.currentItem === null ? 0 : 1;
          expect(c.dirt + c.bricks + inProgress).toBe(dirt + 1);
        },
      ),
      { numRuns: 60 },
    );
  });
});
