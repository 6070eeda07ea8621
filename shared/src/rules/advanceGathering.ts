import type { GatherSkill } from "../data/skills.ts";
import type { Player } from "../protocol/player.ts";
import { addItemsInPlace, freeSlots, roomFor, stackSize } from "./addItems.ts";
import type { EventSink, GatheringSummary } from "./EventSink.ts";
import { addQuantity } from "./EventSink.ts";
import { activeGearStats } from "./equipmentStats.ts";
import { actionTimeMs, gatherDamageAt } from "./gatherDamage.ts";
import { applyXp, effectiveXp } from "./grantXp.ts";
import { hypergeometricSplit } from "./hypergeometric.ts";
import { restingAction } from "./newPlayer.ts";
import type { Rng } from "./rng.ts";
import type { SpawnKind } from "./rollNode.ts";
import { locationNodes, restoreNodeHp, rollNode } from "./rollNode.ts";
import { xpForLevel } from "./xpForLevel.ts";

/** Spans with fewer hits than this left are played break by break (exact per-node events); longer ones in batches. */
export const BATCH_MIN_HITS = 40;

/** One (node kind, drop entry) pair: a break of that node giving that drop. */
interface Category {
  kind: number;
  entry: number;
  prob: number;
  hits: number;
  xp: number;
  baseXp: number;
  itemId: number;
  stack: number;
}

/**
 * Gathering from the draft's settled time to `until` (mutates the draft). Every action time the node loses
 * `damage` HP; at 0 its drop and break xp are granted and the next node is rolled by spawn weight.
 *
 * Long spans: after each break, the breaks still to come are drawn as one multinomial block over
 * (node kind × drop entry), then cut by bisection (multivariate hypergeometric splits of an exchangeable
 * sequence, so the draw stays exact) at the first break that would not finish in time, would change the
 * level enough to change hits per node, or would not fit the inventory. The committed prefix is applied
 * in aggregate; the cut break is played singly. A day away costs a handful of blocks.
 */
export function advanceGathering(
  draft: Player,
  skill: GatherSkill,
  until: number,
  rng: Rng,
  sink: EventSink,
): void {
  const action = draft.currentAction;
  const found = locationNodes(skill, action.location);
  if (!("kinds" in found)) {
    draft.currentAction = restingAction(draft.settledAt);
    sink.emit({
      type: "actionChanged",
      at: draft.settledAt,
      skill: "none",
      location: "home",
      reason: found.message,
    });
    return;
  }
  const { kinds } = found;
  const gear = activeGearStats(draft);
  const T = actionTimeMs(draft, skill, gear);
  const summary = sink.gathering(skill, action.location, draft.skills[skill].level);
  summary.durationMs += until - draft.settledAt;

  let kindIdx = kinds.findIndex((k) => k.node.id === action.nodeId);
  if (kindIdx < 0) {
    kindIdx = rollNode(kinds, rng);
    const node = (kinds[kindIdx] as SpawnKind).node;
    action.nodeId = node.id;
    action.nodeHp = node.maxHp;
    action.nodeMaxHp = node.maxHp;
  } else {
    const max = (kinds[kindIdx] as SpawnKind).node.maxHp;
    action.nodeMaxHp = max;
    action.nodeHp = restoreNodeHp(action.nodeHp, max);
  }
  if (action.nextHitAt === null) action.nextHitAt = draft.settledAt + T;
  let nextHitAt = action.nextHitAt;
  let pendingEntry: number | null = null;

  while (true) {
    const kind = kinds[kindIdx] as SpawnKind;
    const D = gatherDamageAt(draft, skill, draft.skills[skill].level, gear);
    const h = Math.max(1, Math.ceil(action.nodeHp / D));
    const breakAt = nextHitAt + (h - 1) * T;
    if (breakAt > until) {
      if (nextHitAt <= until) {
        const n = Math.floor((until - nextHitAt) / T) + 1;
        action.nodeHp = Math.max(0, action.nodeHp - n * D);
        nextHitAt += n * T;
        summary.cycles += n;
        sink.emit({
          type: "gatheringNode",
          at: nextHitAt - T,
          nodeId: kind.node.id,
          nodeHp: action.nodeHp,
          nodeMaxHp: kind.node.maxHp,
        });
      }
      break;
    }
    summary.cycles += h;
    nextHitAt = breakAt + T;
    const entryIdx = pendingEntry ?? rng.weighted(kind.drops.map((d) => d.weight));
    pendingEntry = null;
    breakNode(draft, skill, kind, entryIdx, breakAt, summary, sink);

    const slackHits = Math.floor((until - nextHitAt) / T) + 1;
    if (slackHits >= BATCH_MIN_HITS) {
      const cut = batch(draft, skill, kinds, gear, T, nextHitAt, slackHits, rng, sink, summary);
      nextHitAt = cut.nextHitAt;
      kindIdx = cut.kind;
      pendingEntry = cut.entry;
    } else {
      kindIdx = rollNode(kinds, rng);
    }
    const next = (kinds[kindIdx] as SpawnKind).node;
    action.nodeId = next.id;
    action.nodeHp = next.maxHp;
    action.nodeMaxHp = next.maxHp;
    sink.emit({
      type: "gatheringNode",
      at: nextHitAt - T,
      nodeId: next.id,
      nodeHp: next.maxHp,
      nodeMaxHp: next.maxHp,
    });
  }
  action.nextHitAt = nextHitAt;
  summary.level = draft.skills[skill].level;
}

export function breakNode(
  draft: Player,
  skill: GatherSkill,
  kind: SpawnKind,
  entryIdx: number,
  at: number,
  summary: GatheringSummary,
  sink: EventSink,
): void {
  const drop = kind.drops[entryIdx] as SpawnKind["drops"][number];
  const got = addItemsInPlace(draft, { id: drop.itemId, quantity: drop.stack });
  summary.nodes += 1;
  recordItems(summary, sink, drop.itemId, got.added, got.lost);
  sink.emit({
    type: "gatheringUpdate",
    at,
    skill,
    nodeId: kind.node.id,
    reward: { id: drop.itemId, stack: drop.stack },
    lost: got.lost,
    breaks: 1,
  });
  if (got.message)
    sink.emit({ type: "inventoryMessage", at, itemId: drop.itemId, lost: got.lost, message: got.message });
  const xp = applyXp(draft, skill, drop.breakXp, at, sink);
  if (xp) summary.gainedXp += xp.delta;
}

function recordItems(
  summary: GatheringSummary,
  sink: EventSink,
  id: number,
  added: number,
  lost: number,
): void {
  summary.totalamount += added + lost;
  summary.lost += lost;
  sink.summary.lost += lost;
  addQuantity(summary.items, id, added);
  addQuantity(summary.lostItems, id, lost);
}

/** Space per item for the inventory check of a block: room in existing stacks, and free slots. */
interface Room {
  ids: number[];
  partial: number[];
  size: number[];
  free: number;
}

function roomOf(draft: Player, ids: number[]): Room {
  const free = freeSlots(draft);
  const size = ids.map(stackSize);
  const partial = ids.map((id, j) => roomFor(draft, id) - free * (size[j] as number));
  return { ids, partial, size, free };
}

function batch(
  draft: Player,
  skill: GatherSkill,
  kinds: readonly SpawnKind[],
  gear: Record<string, number>,
  T: number,
  nextHitAt: number,
  slackHits: number,
  rng: Rng,
  sink: EventSink,
  summary: GatheringSummary,
): { nextHitAt: number; kind: number; entry: number | null } {
  const state = draft.skills[skill];
  const level = state.level;
  const D = gatherDamageAt(draft, skill, level, gear);
  const hitsOf = (d: number) => kinds.map((k) => Math.max(1, Math.ceil(k.node.maxHp / d)));
  const hits = hitsOf(D);
  // the xp at which hits per node first change: a level-up before it changes nothing in this block
  let threshold = Number.POSITIVE_INFINITY;
  for (let l = level + 1; l <= 99; l++) {
    const hl = hitsOf(gatherDamageAt(draft, skill, l, gear));
    if (hl.some((x, i) => x !== hits[i])) {
      threshold = xpForLevel(l);
      break;
    }
  }
  const cats: Category[] = [];
  let totalWeight = 0;
  for (const k of kinds) totalWeight += k.weight;
  kinds.forEach((k, ki) => {
    let dropWeight = 0;
    for (const d of k.drops) dropWeight += d.weight;
    k.drops.forEach((d, ei) => {
      if (d.weight <= 0) return;
      cats.push({
        kind: ki,
        entry: ei,
        prob: (k.weight / totalWeight) * (d.weight / dropWeight),
        hits: hits[ki] as number,
        xp: effectiveXp(draft, d.breakXp),
        baseXp: d.breakXp,
        itemId: d.itemId,
        stack: d.stack,
      });
    });
  });
  const ids = [...new Set(cats.map((c) => c.itemId))];
  const itemOf = cats.map((c) => ids.indexOf(c.itemId));
  const room = roomOf(draft, ids);
  const blocked = room.free === 0 && room.partial.every((p) => p === 0);
  const xp0 = state.xp;

  const add = new Array<number>(ids.length);
  const ok = (a: readonly number[], b: readonly number[]): boolean => {
    let h = 0;
    let x = 0;
    add.fill(0);
    for (let i = 0; i < cats.length; i++) {
      const n = (a[i] as number) + (b[i] as number);
      if (n === 0) continue;
      const c = cats[i] as Category;
      h += n * c.hits;
      x += n * c.xp;
      add[itemOf[i] as number] = (add[itemOf[i] as number] as number) + n * c.stack;
    }
    if (h > slackHits || xp0 + x >= threshold) return false;
    if (blocked) return true;
    if (room.free > 0) {
      let slots = 0;
      for (let j = 0; j < ids.length; j++) {
        const over = (add[j] as number) - (room.partial[j] as number);
        if (over > 0) slots += Math.ceil(over / (room.size[j] as number));
      }
      return slots <= room.free;
    }
    for (let j = 0; j < ids.length; j++) {
      if ((room.partial[j] as number) > 0 && (add[j] as number) > (room.partial[j] as number)) return false;
    }
    return true;
  };

  // a block long enough that its end surely fails (time, or the xp threshold), so one block does
  let size = Math.floor(slackHits / Math.min(...hits)) + 1;
  const minXp = Math.min(...cats.map((c) => c.xp));
  if (Number.isFinite(threshold) && minXp > 0)
    size = Math.min(size, Math.ceil((threshold - xp0) / minXp) + 1);
  let pool = rng.multinomial(
    size,
    cats.map((c) => c.prob),
  );
  const committed = new Array<number>(cats.length).fill(0);
  let cut = -1;
  while (size > 0) {
    if (ok(committed, pool)) {
      for (let i = 0; i < cats.length; i++) committed[i] = (committed[i] as number) + (pool[i] as number);
      break;
    }
    if (size === 1) {
      cut = pool.findIndex((c) => c > 0);
      break;
    }
    const half = size >> 1;
    const first = hypergeometricSplit(rng, pool, half);
    if (ok(committed, first)) {
      for (let i = 0; i < cats.length; i++) {
        committed[i] = (committed[i] as number) + (first[i] as number);
        pool[i] = (pool[i] as number) - (first[i] as number);
      }
      size -= half;
    } else {
      pool = first;
      size = half;
    }
  }

  // apply the committed prefix in aggregate
  let H = 0;
  let breaks = 0;
  const units = new Array<number>(ids.length).fill(0);
  const xpCount = new Map<number, number>();
  for (let i = 0; i < cats.length; i++) {
    const n = committed[i] as number;
    if (n === 0) continue;
    const c = cats[i] as Category;
    H += n * c.hits;
    breaks += n;
    units[itemOf[i] as number] = (units[itemOf[i] as number] as number) + n * c.stack;
    xpCount.set(c.baseXp, (xpCount.get(c.baseXp) ?? 0) + n);
  }
  const endHit = nextHitAt + H * T;
  const at = endHit - T;
  summary.cycles += H;
  summary.nodes += breaks;
  ids.forEach((id, j) => {
    const u = units[j] as number;
    if (u === 0) return;
    const got = addItemsInPlace(draft, { id, quantity: u });
    recordItems(summary, sink, id, got.added, got.lost);
    sink.emit({
      type: "gatheringUpdate",
      at,
      skill,
      nodeId: null,
      reward: { id, stack: u },
      lost: got.lost,
      breaks,
    });
    if (got.message)
      sink.emit({ type: "inventoryMessage", at, itemId: id, lost: got.lost, message: got.message });
  });
  for (const [base, n] of xpCount) {
    const xp = applyXp(draft, skill, base, at, sink, n);
    if (xp) summary.gainedXp += xp.delta;
  }
  if (cut < 0) return { nextHitAt: endHit, kind: rollNode(kinds, rng), entry: null };
  const c = cats[cut] as Category;
  return { nextHitAt: endHit, kind: c.kind, entry: c.entry };
}
