import type { DropEntry } from "../../data/schemas.ts";
import type { RngState } from "../../protocol/player.ts";
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
  /** per flat outcome */
  drops: DropEntry[];
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

// chosen: 4,096 words (16 kB) a fill; the last fill's unread words are made again on close
const RUN = 4096;

/**
 * The generator's next() values read from a buffer filled by runs of words; `close()` leaves the generator
 * just after the last word read, as if each had been drawn with next().
 */
export class WordRun {
  private readonly buf: Uint32Array;
  private start: RngState;
  private pos = 0;
  private len = 0;

  /** `expected`: about how many words will be read (sizes the buffer). */
  constructor(
    private readonly rng: Rng,
    expected: number,
  ) {
    this.buf = new Uint32Array(Math.max(2, Math.min(RUN, Math.ceil(expected))));
    this.start = rng.state();
  }

  next(): number {
    if (this.pos === this.len) {
      this.start = this.rng.state();
      this.rng.fill(this.buf, this.buf.length);
      this.pos = 0;
      this.len = this.buf.length;
    }
    return (this.buf[this.pos++] as number) / 4294967296;
  }

  close(): void {
    if (this.pos === this.len) return;
    this.rng.restore(this.start);
    this.rng.fill(this.buf, this.pos);
    this.pos = this.len = 0;
  }
}
