import type { Item, Recipe } from "../../data/schemas.ts";
import type { CraftSkill } from "../../data/skills.ts";
import { CRAFT_SKILLS } from "../../data/skills.ts";
import type { CraftSlot, Player } from "../../protocol/player.ts";
import {
  addItemsInPlace,
  countItem,
  freeSlots,
  itemName,
  removeItemsInPlace,
  roomFor,
  stackSize,
} from "../state/addItems.ts";
import { craftOutput, mayRollAffixes } from "../state/craftOutput.ts";
import {
  missingMaterial,
  recipeOf,
  restIfIdleInPlace,
  roomForOutput,
  slotsKey,
  stopSlotInPlace,
} from "../state/craftSlots.ts";
import type { EventSink } from "../state/EventSink.ts";
import type { ActionChangeCode, CraftProgress } from "../state/events.ts";
import { applyXp } from "../state/grantXp.ts";
import type { Rng } from "../state/rng.ts";

interface Running {
  skill: CraftSkill;
  slotId: number;
  recipe: Recipe;
  item: Item;
  T: number;
}

/**
 * Crafting slots from the draft's settled time to `until` (mutates the draft). A slot's item in progress
 * finishes at startTime + recipe time; then the output goes in, xp is granted and, while items remain,
 * the next craft starts if its materials and room for its output are there, else the slot stops with the
 * spec's message (no room stops the whole skill).
 *
 * Closed form: for a window ending at t, every slot's completions are min(remaining, ⌊(t − start) / T⌋);
 * the window is committed at once when its total consumption is covered by the materials held now and its
 * total output fits the inventory as it is now (ignoring what the window frees), so no check inside it can
 * fail and the order of its events does not matter. The largest such window is found by bisection on t;
 * the event right after it is played singly, with every check; repeat.
 */
export function advanceCrafting(draft: Player, until: number, rng: Rng, sink: EventSink): void {
  let guard = 0;
  while (guard++ < 1_000_000) {
    const running = runningSlots(draft);
    if (running.length === 0) return;
    let next = Number.POSITIVE_INFINITY;
    for (const r of running) next = Math.min(next, slotOf(draft, r).startTime + r.T);
    if (next > until) return;
    const safe = windowCheck(draft, running);
    if (safe(until)) {
      commit(draft, running, until, rng, sink);
      return;
    }
    if (safe(next)) {
      commit(draft, running, lastSafe(draft, running, safe, next, until), rng, sink);
      continue;
    }
    step(draft, running, next, rng, sink);
  }
}

/**
 * The last completion instant in [from, until) whose window is safe, `from`'s being safe and `until`'s not.
 * safe() only changes at completion instants, so the search gallops over whole multiples of the shortest
 * recipe time, then tries the few instants left (each slot completes at most once within that time).
 */
function lastSafe(
  draft: Player,
  running: readonly Running[],
  safe: (t: number) => boolean,
  from: number,
  until: number,
): number {
  const minT = Math.min(...running.map((r) => r.T));
  let lo = from;
  let hi = until;
  for (let span = minT; lo + span < hi; span *= 2) {
    if (!safe(lo + span)) {
      hi = lo + span;
      break;
    }
    lo += span;
  }
  while (hi - lo > minT) {
    const mid = lo + minT * Math.max(1, Math.floor((hi - lo) / (2 * minT)));
    if (safe(mid)) lo = mid;
    else hi = mid;
  }
  const instants: number[] = [];
  for (const r of running) {
    const slot = slotOf(draft, r);
    const at = slot.startTime + r.T * Math.max(1, Math.floor((lo - slot.startTime) / r.T) + 1);
    if (at < hi) instants.push(at);
  }
  instants.sort((a, b) => a - b);
  for (const at of instants) {
    if (!safe(at)) break;
    lo = at;
  }
  return lo;
}

function runningSlots(draft: Player): Running[] {
  const out: Running[] = [];
  for (const skill of CRAFT_SKILLS) {
    draft[slotsKey(skill)].forEach((slot, slotId) => {
      if (slot.currentItem === null) return;
      const found = recipeOf(slot.currentItem);
      if (!found || slot.remaining <= 0) {
        draft[slotsKey(skill)][slotId] = { currentItem: null, startTime: slot.startTime, remaining: 0 };
        return;
      }
      out.push({ skill, slotId, recipe: found.recipe, item: found.item, T: found.recipe.timeMs });
    });
  }
  return out;
}

function slotOf(draft: Player, r: Running): CraftSlot {
  return draft[slotsKey(r.skill)][r.slotId] as CraftSlot;
}

function completionsBy(slot: CraftSlot, T: number, t: number): number {
  if (t < slot.startTime + T) return 0;
  return Math.min(slot.remaining, Math.floor((t - slot.startTime) / T));
}

/**
 * Can every event up to t happen without a failed check? (conservative: materials held now, room now.)
 * The inventory is read once; the answer for a t counts each slot's completions by then.
 */
function windowCheck(draft: Player, running: readonly Running[]): (t: number) => boolean {
  const slots = running.map((r) => slotOf(draft, r));
  const inputs = running.map((r) =>
    Object.entries(r.recipe.inputs).map(([id, qty]) => [Number(id), qty] as const),
  );
  const held = new Map<number, number>();
  for (const list of inputs) for (const [id] of list) held.set(id, countItem(draft, id));
  // room, counted (not from the layout): the rest of each output's last stack, then free slots shared by all
  const free = freeSlots(draft);
  const tails = new Map<number, number>();
  for (const r of running)
    if (!mayRollAffixes(r.item))
      tails.set(r.item.id, roomFor(draft, r.item.id) - free * stackSize(r.item.id));
  return (t) => {
    const need = new Map<number, number>();
    const out = new Map<number, number>();
    let uniquePieces = 0;
    running.forEach((r, i) => {
      const slot = slots[i] as CraftSlot;
      const c = completionsBy(slot, r.T, t);
      const starts = Math.min(c, slot.remaining - 1);
      for (const [id, qty] of inputs[i] as (readonly [number, number])[])
        need.set(id, (need.get(id) ?? 0) + starts * qty);
      const made = (c + (slot.remaining - c > 0 ? 1 : 0)) * r.recipe.output;
      if (mayRollAffixes(r.item)) uniquePieces += made;
      else out.set(r.item.id, (out.get(r.item.id) ?? 0) + made);
    });
    for (const [id, qty] of need) if (qty > 0 && (held.get(id) as number) < qty) return false;
    let slotsUsed = uniquePieces;
    for (const [id, qty] of out) {
      const over = qty - (tails.get(id) as number);
      if (over > 0) slotsUsed += Math.ceil(over / stackSize(id));
    }
    return slotsUsed <= free;
  };
}

/** Applies every event up to t at once (the window was checked safe). */
function commit(draft: Player, running: readonly Running[], t: number, rng: Rng, sink: EventSink): void {
  const done: { r: Running; c: number; at: number }[] = [];
  for (const r of running) {
    const slot = slotOf(draft, r);
    const c = completionsBy(slot, r.T, t);
    if (c === 0) continue;
    const starts = Math.min(c, slot.remaining - 1);
    for (const [id, qty] of Object.entries(r.recipe.inputs))
      removeItemsInPlace(draft, Number(id), starts * qty);
    done.push({ r, c, at: slot.startTime + c * r.T });
  }
  let anyStopped = false;
  for (const { r, c, at } of done) {
    const slot = slotOf(draft, r);
    const duration = c * r.T;
    produce(draft, r, c, at, duration, rng, sink);
    slot.remaining -= c;
    slot.startTime += c * r.T;
    if (slot.remaining === 0) {
      emitFinished(draft, r, at, sink);
      anyStopped = true;
    } else if (sink.detailed) {
      sink.emit(craftProgress(r, at, slot.remaining, slot.startTime));
    }
  }
  if (anyStopped)
    restAtLastStop(draft, done.length > 0 ? Math.max(...done.map((d) => d.at)) : t, sink, "crafting_done");
}

/** Puts out c crafts of a slot and grants their xp. */
function produce(
  draft: Player,
  r: Running,
  c: number,
  at: number,
  durationMs: number,
  rng: Rng,
  sink: EventSink,
): number {
  let lost = 0;
  const xp = applyXp(draft, r.skill, r.recipe.xp, at, sink, c);
  const gained = xp?.delta ?? 0;
  const made = c * r.recipe.output;
  // each variant (affixes rolled alike) gets its share of the crafts, xp and time
  for (const items of craftOutput(r.item, made, draft, rng)) {
    const got = addItemsInPlace(draft, items);
    lost += got.lost;
    const share = items.quantity / made;
    const entry = sink.crafted(r.skill, r.item.id, items.affixes ?? []);
    entry.quantity += got.added;
    entry.lost += got.lost;
    entry.crafts += c * share;
    entry.xp += gained * share;
    entry.durationMs += durationMs * share;
    if (got.full)
      sink.emit({ type: "inventoryMessage", at, itemId: r.item.id, lost: got.lost, code: got.full });
  }
  sink.summary.lost += lost;
  sink.emit({
    type: "crafted",
    at,
    skill: r.skill,
    slotId: r.slotId,
    itemId: r.item.id,
    crafts: c,
    quantity: c * r.recipe.output,
    xp: gained,
    remaining: slotOf(draft, r).remaining - c,
    message: `Crafted ${itemName(r.item.id)} and granted ${gained} ${r.skill} XP.`,
  });
  return lost;
}

/** The earliest completion at `at` (ties: skill order, then slot order), with every check. */
function step(draft: Player, running: readonly Running[], at: number, rng: Rng, sink: EventSink): void {
  const r = running.find((x) => slotOf(draft, x).startTime + x.T === at) as Running;
  const slot = slotOf(draft, r);
  const lost = produce(draft, r, 1, at, r.T, rng, sink);
  slot.remaining -= 1;
  slot.startTime = at;
  // why the slot stops, and so why the player rests if it was the last one running
  let why: ActionChangeCode;
  if (lost > 0) {
    sink.summary.craftStoppedForInventory = true;
    sink.emit(stopSlotInPlace(draft, r.skill, r.slotId, at, "inventory_full", inventoryFullText(r), false));
    why = "crafting_full";
  } else if (slot.remaining === 0) {
    emitFinished(draft, r, at, sink);
    why = "crafting_done";
  } else {
    const missing = missingMaterial(draft, r.recipe);
    if (missing !== null) {
      const text = `❌ Crafting ${itemName(r.item.id)} in ${r.skill} slot ${r.slotId + 1} cancelled: not enough of ${itemName(missing)}`;
      sink.emit(stopSlotInPlace(draft, r.skill, r.slotId, at, "materials", text, false));
      why = "crafting_materials";
    } else {
      for (const [id, qty] of Object.entries(r.recipe.inputs)) removeItemsInPlace(draft, Number(id), qty);
      if (!roomForOutput(draft, r.recipe, r.item)) {
        for (const [id, qty] of Object.entries(r.recipe.inputs))
          addItemsInPlace(draft, { id: Number(id), quantity: qty });
        stopSkillForSpace(draft, r, at, sink);
        why = "crafting_full";
      } else {
        sink.emit(craftProgress(r, at, slot.remaining, at));
        return;
      }
    }
  }
  restAtLastStop(draft, at, sink, why);
}

function craftProgress(r: Running, at: number, remaining: number, startTime: number): CraftProgress {
  return {
    type: "craftProgress",
    at,
    skill: r.skill,
    slotId: r.slotId,
    itemId: r.item.id,
    remaining,
    startTime,
  };
}

function emitFinished(draft: Player, r: Running, at: number, sink: EventSink): void {
  const text = `Slot ${r.slotId + 1} finished crafting all items.`;
  sink.emit(stopSlotInPlace(draft, r.skill, r.slotId, at, "finished", text, false));
}

function inventoryFullText(r: Running): string {
  return `❌ Crafting ${itemName(r.item.id)} in ${r.skill} slot ${r.slotId + 1} cancelled: Inventory full.`;
}

/** No room for the next craft: crafts stop for that skill (the other slots give their materials back). */
function stopSkillForSpace(draft: Player, r: Running, at: number, sink: EventSink): void {
  sink.summary.craftStoppedForInventory = true;
  const slots = draft[slotsKey(r.skill)];
  slots.forEach((s, slotId) => {
    if (s.currentItem === null) return;
    const text = `❌ Crafting ${itemName(s.currentItem)} in ${r.skill} slot ${slotId + 1} cancelled: No space for next craft`;
    sink.emit(stopSlotInPlace(draft, r.skill, slotId, at, "no_space", text, slotId !== r.slotId));
  });
}

function restAtLastStop(draft: Player, at: number, sink: EventSink, why: ActionChangeCode): void {
  const from = draft.currentAction.skill;
  if (restIfIdleInPlace(draft, at)) {
    sink.emit({
      type: "actionChanged",
      at,
      skill: "none",
      location: "home",
      reason: "no slot is crafting",
      code: why,
      from,
    });
  }
}
