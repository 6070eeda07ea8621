/**
 * XP_TABLE[L] is the total xp needed to reach level L, for L = 1…100 (DESIGN §4); index 0 repeats
 * level 1's 0 so the table can be indexed by level directly.
 *
 * The table passes exactly through the spec's four totals. Between two of them the xp for one more
 * level grows by one constant factor, solved so the span's total is exact: about 1.26 from 2 to 10,
 * 1.083 from 10 to 90 and 1.047 from 90 to 100. Each step is rounded and the span's last step takes
 * the rounding, so the anchors hold to the unit. There is no wall: one level never costs more than
 * 1.26 times the one before it.
 */
export const XP_ANCHORS: readonly (readonly [level: number, total: number])[] = [
  [1, 0],
  [2, 100],
  [10, 2_700],
  [90, 5_000_000],
  [100, 10_000_000],
];

export const XP_TABLE_MAX_LEVEL = 100;

/** The factor f with prev·f + prev·f² + … + prev·fⁿ = total (bisection; the sum grows with f). */
function spanFactor(prev: number, steps: number, total: number): number {
  let lo = 1;
  let hi = 2;
  for (let i = 0; i < 100; i++) {
    const f = (lo + hi) / 2;
    let sum = 0;
    let step = prev;
    for (let k = 0; k < steps; k++) {
      step *= f;
      sum += step;
    }
    if (sum > total) hi = f;
    else lo = f;
  }
  return (lo + hi) / 2;
}

function buildTable(): number[] {
  const table = [0, 0, XP_ANCHORS[1]![1]];
  let prevStep = XP_ANCHORS[1]![1]; // the step from 1 to 2, unrounded
  for (let a = 2; a < XP_ANCHORS.length; a++) {
    const [fromLevel, fromTotal] = XP_ANCHORS[a - 1]!;
    const [toLevel, toTotal] = XP_ANCHORS[a]!;
    const steps = toLevel - fromLevel;
    const f = spanFactor(prevStep, steps, toTotal - fromTotal);
    for (let k = 1; k < steps; k++) {
      prevStep *= f;
      table.push((table[table.length - 1] as number) + Math.round(prevStep));
    }
    prevStep *= f;
    table.push(toTotal); // the last step carries the span's rounding
  }
  return table;
}

export const XP_TABLE: readonly number[] = buildTable();
