/** vitest's bench table shows the mean and percentiles; the goals are on the median, so print it too. */
export function printMedians(title: string, rows: [name: string, run: () => void][], runs = 101): void {
  const lines = rows.map(([name, run]) => `  ${name.padEnd(42)} median ${median(run, runs).toFixed(3)} ms`);
  console.log(`${title}\n${lines.join("\n")}`);
}

function median(run: () => void, runs: number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[runs >> 1] as number;
}
