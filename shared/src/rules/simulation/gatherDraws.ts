import type { DropEntry } from "../../data/schemas.ts";
import type { Rng } from "../state/rng.ts";
import type { SpawnKind } from "./rollNode.ts";

/**
 * A location's gathering draws as lookup tables. rng.weighted over whole-number weights picks the first
 * index whose running sum exceeds r = next() × total, which is the entry at ⌊r⌋ of a table holding each
 * index as many times as its weight: the same pick in one read. Outcomes (a kind's drop entry) are
 * numbered flat across the kinds.
 */
export interface DrawTables {
  kindTotal: number;
  /** ⌊r⌋ → kind */
  kindAt: Uint16Array;
  /** per kind: its drop table's total weight and where its slice of `outcomeAt` starts */
  dropTotal: Float64Array;
  tableStart: Uint32Array;
  /** tableStart[kind] + ⌊r⌋ → flat outcome */
  outcomeAt: Uint16Array;
  /** per kind, its first flat outcome (one more entry: the count of outcomes) */
  firstOutcome: number[];
  /** per flat outcome, its drop and its kind */
  drops: DropEntry[];
  kindOf: Uint16Array;
}

// the kinds of a location are resolved once (locationNodes' cache), so their tables are too
const TABLES = new WeakMap<readonly SpawnKind[], DrawTables>();

export function drawTables(kinds: readonly SpawnKind[]): DrawTables {
  let t = TABLES.get(kinds);
  if (!t) {
    t = build(kinds);
    TABLES.set(kinds, t);
  }
  return t;
}

function build(kinds: readonly SpawnKind[]): DrawTables {
  const kindAt = table(kinds.map((k) => k.weight));
  const drops: DropEntry[] = [];
  const firstOutcome: number[] = [];
  const slices: Uint16Array[] = [];
  for (const k of kinds) {
    const first = drops.length;
    firstOutcome.push(first);
    drops.push(...k.drops);
    slices.push(table(k.drops.map((d) => d.weight)).map((i) => first + i));
  }
  firstOutcome.push(drops.length);
  const tableStart = new Uint32Array(kinds.length);
  const outcomeAt = new Uint16Array(slices.reduce((n, s) => n + s.length, 0));
  let at = 0;
  slices.forEach((s, i) => {
    tableStart[i] = at;
    outcomeAt.set(s, at);
    at += s.length;
  });
  return {
    kindTotal: kindAt.length,
    kindAt,
    dropTotal: Float64Array.from(slices, (s) => s.length),
    tableStart,
    outcomeAt,
    firstOutcome,
    drops,
    kindOf: Uint16Array.from(drops, (_, o) => firstOutcome.findLastIndex((f) => f <= o)),
  };
}

/** Each index repeated as many times as its weight (whole numbers, data/schemas.ts); a zero total is an error, as in rng.weighted. */
function table(weights: readonly number[]): Uint16Array {
  const total = weights.reduce((a, w) => a + w, 0);
  if (!(total > 0)) throw new Error("Zero total weight");
  const out = new Uint16Array(total);
  let at = 0;
  weights.forEach((w, i) => {
    out.fill(i, at, at + w);
    at += w;
  });
  return out;
}

/** What ends a run of breaks, per kind and per flat outcome (see advanceGathering's batch). */
export interface BreakLimits {
  /** hits each kind takes, and the hits left before `until` */
  hits: readonly number[];
  slackHits: number;
  /** per outcome: the xp it grants; the run stops before the xp reaches `threshold` */
  gains: readonly number[];
  xp: number;
  threshold: number;
  /** per outcome: its item (an index) and stack; per item, the units that fit without a new slot (null: no limit) */
  itemOf: readonly number[];
  stacks: readonly number[];
  tails: readonly number[] | null;
}

export interface BreakRun {
  hits: number;
  breaks: number;
  /** the next node's kind (drawn) */
  kind: number;
  /** the flat outcome drawn for that node when it stopped the run (-1: none drawn) */
  entry: number;
  /** per outcome, how many breaks had it; outcomes in the order first met */
  counts: Float64Array;
  order: number[];
}

// chosen: 4,096 words (16 kB) a fill; the last fill's unread words are made again at the end
const RUN = 4096;
const U32 = 4294967296;
const INV_U32 = 1 / U32;
// chosen: shorter stretches are walked with every check (computing the bound costs about as much)
const STRETCH_MIN = 64;

/**
 * Breaks one after another as single breaks draw them (the next node's kind, then at its break its drop
 * entry: rollNode's and breakNode's rng.weighted), until one would pass a limit. The generator's words are
 * made in runs (Rng.fill); after the first, they are read in pairs (a break's drop, the next kind), and the
 * generator is left just after the last word read. Stretches that no limit can end (bounded by the most hits,
 * xp and stack a break can take) are walked without the checks.
 */
export function walkBreaks(t: DrawTables, rng: Rng, lim: BreakLimits): BreakRun {
  const { kindAt, kindTotal, dropTotal, tableStart, outcomeAt } = t;
  const { hits, slackHits, gains, threshold, itemOf, stacks, tails } = lim;
  const counts = new Float64Array(t.drops.length);
  // the outcomes in the order first met
  const order = new Int32Array(t.drops.length);
  let met = 0;
  const units = new Float64Array(Math.max(0, ...itemOf) + 1);
  const most = {
    hits: Math.max(...hits),
    gain: Math.max(0, ...gains),
    stack: units.map((_, item) => Math.max(0, ...stacks.filter((_, o) => itemOf[o] === item))),
  };
  let kind = kindAt[Math.floor(rng.next() * kindTotal)] as number;
  // an even run, at least the two words a break reads: the pairs stay aligned
  const size = 2 * Math.max(1, Math.min(RUN / 2, slackHits));
  const buf = new Uint32Array(size);
  let start = rng.state();
  rng.fill(buf, size);
  let pos = 0;
  let read = -1;
  let xp = lim.xp;
  let H = 0;
  let breaks = 0;
  let entry = -1;
  for (;;) {
    const n = unchecked(lim, most, H, xp, units);
    if (n >= STRETCH_MIN) {
      const before = counts.slice();
      for (const end = breaks + n; breaks < end; breaks++) {
        if (pos === size) {
          start = rng.state();
          rng.fill(buf, size);
          pos = 0;
        }
        // x × 2⁻³² is next()'s x / 2³² exactly, and | 0 floors what is below 2³¹
        const o = outcomeAt[
          (tableStart[kind] as number) + (((buf[pos] as number) * INV_U32 * (dropTotal[kind] as number)) | 0)
        ] as number;
        xp += gains[o] as number;
        if (counts[o] === 0) order[met++] = o;
        counts[o] = (counts[o] as number) + 1;
        kind = kindAt[((buf[pos + 1] as number) * INV_U32 * kindTotal) | 0] as number;
        pos += 2;
      }
      counts.forEach((c, o) => {
        const item = itemOf[o] as number;
        const more = c - (before[o] as number);
        units[item] = (units[item] as number) + more * (stacks[o] as number);
        H += more * (hits[t.kindOf[o] as number] as number);
      });
      continue;
    }
    const h = hits[kind] as number;
    if (H + h > slackHits) break;
    if (pos === size) {
      start = rng.state();
      rng.fill(buf, size);
      pos = 0;
    }
    const o = outcomeAt[
      (tableStart[kind] as number) + Math.floor(((buf[pos] as number) / U32) * (dropTotal[kind] as number))
    ] as number;
    const gain = gains[o] as number;
    if (xp + gain >= threshold) {
      entry = o;
      read = pos + 1;
      break;
    }
    if (tails !== null) {
      const item = itemOf[o] as number;
      const u = (units[item] as number) + (stacks[o] as number);
      if (u > (tails[item] as number)) {
        entry = o;
        read = pos + 1;
        break;
      }
      units[item] = u;
    }
    H += h;
    breaks += 1;
    xp += gain;
    if (counts[o] === 0) order[met++] = o;
    counts[o] = (counts[o] as number) + 1;
    kind = kindAt[Math.floor(((buf[pos + 1] as number) / U32) * kindTotal)] as number;
    pos += 2;
  }
  rng.restore(start);
  rng.fill(buf, read < 0 ? pos : read);
  return { hits: H, breaks, kind, entry, counts, order: Array.from(order.subarray(0, met)) };
}

/**
 * How many breaks no limit can stop: each takes at most the most hits, xp and units of an item a break can
 * take (one break of margin on the xp, whose sums are not whole when the stored xp is not).
 */
function unchecked(
  lim: BreakLimits,
  most: { hits: number; gain: number; stack: Float64Array },
  H: number,
  xp: number,
  units: Float64Array,
): number {
  let n = Math.floor((lim.slackHits - H) / most.hits);
  if (most.gain > 0) n = Math.min(n, Math.floor((lim.threshold - xp) / most.gain) - 1);
  const tails = lim.tails;
  if (tails !== null)
    units.forEach((u, item) => {
      const s = most.stack[item] as number;
      if (s > 0) n = Math.min(n, Math.floor(((tails[item] as number) - u) / s));
    });
  return n;
}
