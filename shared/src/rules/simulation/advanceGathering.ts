import { type GatherSkill, MAX_LEVEL } from "../../data/skills.ts";
import type { Player } from "../../protocol/player.ts";
import { addItemsInPlace, freeSlots, roomFor, stackSize } from "../state/addItems.ts";
import type { EventSink, GatheringSummary } from "../state/EventSink.ts";
import { addQuantity } from "../state/EventSink.ts";
import { activeGearStats } from "../state/equipmentStats.ts";
import { applyXp, effectiveXp } from "../state/grantXp.ts";
import { restingAction } from "../state/newPlayer.ts";
import type { Rng } from "../state/rng.ts";
import { xpForLevel } from "../state/xpForLevel.ts";
import { actionTimeMs, gatherDamageAt } from "./gatherDamage.ts";
import { drawTables, walkBreaks } from "./gatherDraws.ts";
import type { SpawnKind } from "./rollNode.ts";
import { locationNodes, restoreNodeHp, rollNode } from "./rollNode.ts";

/** Spans with fewer hits than this left are played break by break (exact per-node events); longer ones in batches. */
export const BATCH_MIN_HITS = 40;

/**
 * Gathering from the draft's settled time to `until` (mutates the draft). Every action time the node loses
 * `damage` HP; at 0 its drop and break xp are granted and the next node is rolled by spawn weight.
 *
 * Long spans: after each break, the breaks still to come are drawn one by one as a single break draws
 * them and applied in aggregate (batch), so a span gives the same state however it is cut.
 */
export function advanceGathering(
  draft: Player,
  skill: GatherSkill,
  until: number,
  rng: Rng,
  sink: EventSink,
): void {
  const action = draft.currentAction;
  const found = locationNodes(skill, action.location, draft.featureFlags.luckynode === true);
  if (!("kinds" in found)) {
    draft.currentAction = restingAction(draft.settledAt);
    sink.emit({
      type: "actionChanged",
      at: draft.settledAt,
      skill: "none",
      location: "home",
      reason: found.message,
      code: "unavailable",
      from: skill,
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
  if (got.full)
    sink.emit({ type: "inventoryMessage", at, itemId: drop.itemId, lost: got.lost, code: got.full });
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

/**
 * The breaks after one, played in aggregate while nothing can tell them apart from breaks played one by
 * one. Each break draws exactly what a single break draws (its drop entry, then the next node), in the
 * same order from the same generator, so a span gives the same state however it is cut (split or whole,
 * online or offline). What is saved is the work per break: items, xp and events are applied once for the
 * block. The block stops before a break that would not finish by `until` (no draw made), or that would
 * change hits per node (a level threshold) or need a new inventory slot: that one is handed back with its
 * drawn entry and played singly. Each break costs two reads of lookup tables and a count
 * (gatherDraws.walkBreaks); 30 days at the garden from level 1 is about 860,000 breaks (docs/benchmarks.md).
 */
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
  const hitsAt = (l: number, i: number) =>
    Math.max(1, Math.ceil((kinds[i] as SpawnKind).node.maxHp / gatherDamageAt(draft, skill, l, gear)));
  const hits = kinds.map((_, i) => hitsAt(level, i));
  // the xp at which hits per node first change (damage grows with the level, so each kind's hits only fall:
  // the first level that changes them is found by halving); a level-up before it changes nothing here
  let first = MAX_LEVEL + 1;
  kinds.forEach((_, i) => {
    let lo = level + 1;
    let hi = Math.min(first, MAX_LEVEL + 1);
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (hitsAt(mid, i) !== hits[i]) hi = mid;
      else lo = mid + 1;
    }
    first = lo;
  });
  const threshold = first <= MAX_LEVEL ? xpForLevel(first) : Number.POSITIVE_INFINITY;
  // with no free slot no add can take another's room, so order never matters; else each item fills only
  // the rest of its own last stack within a block
  const free = freeSlots(draft);
  // Each break's outcome (its kind's drop entry) is one index into flat arrays, counted (gatherDraws.ts);
  // items and xp are applied after, in the order single breaks would first meet them.
  const t = drawTables(kinds);
  const drops = t.drops;
  const items: number[] = [];
  const itemOf = drops.map((d) => indexIn(items, d.itemId));
  const run = walkBreaks(t, rng, {
    hits,
    slackHits,
    gains: drops.map((d) => effectiveXp(draft, d.breakXp)),
    xp: state.xp,
    threshold,
    itemOf,
    stacks: drops.map((d) => d.stack),
    tails: free > 0 ? items.map((id) => roomFor(draft, id) - free * stackSize(id)) : null,
  });
  const { hits: H, breaks, kind, counts, order } = run;
  const entry = run.entry < 0 ? null : run.entry - (t.firstOutcome[kind] as number);
  const byItem = new Map<number, number>();
  const byBase = new Map<number, number>();
  for (const o of order) {
    const d = drops[o] as SpawnKind["drops"][number];
    const n = counts[o] as number;
    byItem.set(d.itemId, (byItem.get(d.itemId) ?? 0) + n * d.stack);
    byBase.set(d.breakXp, (byBase.get(d.breakXp) ?? 0) + n);
  }

  const endHit = nextHitAt + H * T;
  const at = endHit - T;
  summary.cycles += H;
  summary.nodes += breaks;
  for (const [id, u] of byItem) {
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
    if (got.full) sink.emit({ type: "inventoryMessage", at, itemId: id, lost: got.lost, code: got.full });
  }
  for (const [base, n] of byBase) {
    const gained = applyXp(draft, skill, base, at, sink, n);
    if (gained) summary.gainedXp += gained.delta;
  }
  return { nextHitAt: endHit, kind, entry };
}

/** The index of `value` in `list`, appended when missing. */
function indexIn(list: number[], value: number): number {
  const i = list.indexOf(value);
  if (i >= 0) return i;
  list.push(value);
  return list.length - 1;
}
