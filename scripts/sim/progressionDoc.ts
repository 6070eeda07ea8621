// The generated parts of docs/progression.md: the xp chart and the simulator's tables, between markers.
import { XP_TABLE } from "@pickle-garden/shared";
import { runSim } from "./runSim.ts";
import { CLASS_PATHS, type SimClass } from "./sensiblePlayer.ts";
import { simReport } from "./simReport.ts";

export const DOC_DAYS = 60;
export const DOC_SEED = 1;
const BAR = 50;

/** An ASCII chart of the xp one more level costs, every fifth level, on a log scale. */
export function xpChart(): string {
  const step = (l: number) => (XP_TABLE[l + 1] as number) - (XP_TABLE[l] as number);
  const top = Math.log10(step(99));
  const rows = [1, ...Array.from({ length: 20 }, (_, i) => (i + 1) * 5).filter((l) => l < 100), 99].map(
    (l) => {
      const bar = "#".repeat(Math.max(1, Math.round((Math.log10(step(l)) / top) * BAR)));
      return `${String(l).padStart(3)} | ${bar.padEnd(BAR)} ${step(l).toLocaleString("en-US").padStart(9)} xp to ${l + 1}, ${(XP_TABLE[l + 1] as number).toLocaleString("en-US").padStart(10)} in all`;
    },
  );
  return ["```text", "level | xp for the next level (log scale)", ...rows, "```"].join("\n");
}

export function simTables(): string {
  return Object.keys(CLASS_PATHS)
    .map((c) => simReport(runSim({ clazz: c as SimClass, days: DOC_DAYS, seed: DOC_SEED })))
    .join("\n");
}

const BLOCKS = { "xp-chart": xpChart, "sim-tables": simTables } as const;

/** The page with every generated block written afresh between its `<!-- generated:NAME -->` markers. */
export function withGeneratedBlocks(page: string): string {
  let out = page;
  for (const [name, make] of Object.entries(BLOCKS)) {
    const start = `<!-- generated:${name} -->`;
    const end = `<!-- /generated:${name} -->`;
    const a = out.indexOf(start);
    const b = out.indexOf(end);
    if (a < 0 || b < a) throw new Error(`docs/progression.md lacks the ${start} … ${end} markers`);
    out = `${out.slice(0, a + start.length)}\n${make()}\n${out.slice(b)}`;
  }
  return out;
}
