/** vitest's bench table shows the mean and percentiles; the goals are on the median, so print it too. */

// chosen: a row stops sampling after 3 s, so the hook ends in bounded time on a loaded machine
const ROW_BUDGET_MS = 3_000;
const MIN_RUNS = 5;

/** The timeout of an afterAll hook that prints `rows` medians (vitest's default, 10 s, is too short). */
export function mediansTimeout(rows: number): number {
  // chosen: twice each row's budget (its last run, or its five runs on a loaded machine, may pass it) and a minute
  return rows * ROW_BUDGET_MS * 2 + 60_000;
}

export function printMedians(title: string, rows: [name: string, run: () => void][], runs = 101): void {
  const lines = rows.map(([name, run]) => {
    const { median, count } = medianOf(run, runs);
    return `  ${name.padEnd(42)} median ${median.toFixed(3)} ms${count < runs ? ` (${count} runs in ${ROW_BUDGET_MS / 1000} s)` : ""}`;
  });
  console.log(`${title}\n${lines.join("\n")}`);
}

function medianOf(run: () => void, runs: number): { median: number; count: number } {
  const times: number[] = [];
  const start = performance.now();
  while (times.length < runs && (times.length < MIN_RUNS || performance.now() - start < ROW_BUDGET_MS)) {
    const t0 = performance.now();
    run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { median: times[times.length >> 1] as number, count: times.length };
}
