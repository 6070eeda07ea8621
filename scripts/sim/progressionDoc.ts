// The generated parts of docs/progression.md: the xp chart and the simulator's tables, between markers.
import { XP_TABLE } from "@pickle-garden/shared";
import { runSim } from "./runSim.ts";
import { CLASS_PATHS, type SimClass } from "./sensiblePlayer.ts";
import { grantShare, pathPaybacks, simReport } from "./simReport.ts";

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

/** Days of focused gathering simulated: enough for 99 at the genre's 300 to 700 hours. */
const FOCUS_DAYS = 30;

/** The milestone tables of the three classes, then the lines of the issue's §2, each measured. */
export function simTables(): string {
  const classes = Object.keys(CLASS_PATHS) as SimClass[];
  const runs = classes.map((clazz) => runSim({ clazz, days: DOC_DAYS, seed: DOC_SEED }));
  const focused = classes.map((clazz) => runSim({ clazz, days: FOCUS_DAYS, seed: DOC_SEED, only: "gather" }));
  const yes = (ok: boolean) => (ok ? "met" : "**not met**");
  const rows = classes.map((clazz, i) => {
    const run = runs[i]!;
    const focus = focused[i]!;
    const path = CLASS_PATHS[clazz];
    const to99 = focus.bands.find((b) => b.level === 99)?.gather?.hours ?? null;
    const stalls = [...run.stalls, ...focus.stalls];
    const ratios = run.bands
      .filter((b) => b.gather !== null && b.craft !== null)
      .map((b) => b.craft!.hours / b.gather!.hours);
    const worstRatio = ratios.length ? Math.max(...ratios) : Number.POSITIVE_INFINITY;
    const paybacks = pathPaybacks(run);
    const slowPayback = Math.max(0, ...paybacks.map((p) => p.hours ?? Number.POSITIVE_INFINITY));
    return [
      clazz,
      `${yes(run.longestWithoutNew.hours <= 15)}: at most ${run.longestWithoutNew.hours} h`,
      `${yes(run.lastPlaceDay >= 20)}: day ${run.lastPlaceDay}`,
      `${yes(grantShare(run) <= 10)}: ${run.grantOnlyCheckIns} of ${run.checkIns} (${grantShare(run)} %)`,
      `${yes(stalls.length === 0)}: ${stalls.length} stall(s)`,
      `${yes(to99 !== null && to99 >= 300 && to99 <= 700)}: ${path.gather} 99 after ${to99 ?? "—"} h`,
      `${yes(run.idleCheckIns === 0)}: ${run.idleCheckIns} of ${run.checkIns} check-ins with nothing to spend`,
      `${yes(worstRatio <= 2)}: ${path.craft} took at most ${worstRatio.toFixed(2)}× the hours of ${path.gather} to a band`,
      `${yes(slowPayback <= 168)}: slowest ${Math.round(slowPayback)} h`,
    ];
  });
  const table = [
    "### The lines of §2 and DESIGN §12, measured",
    "",
    `Stalls and the balanced run above (${DOC_DAYS} days); level 99 from a player who only gathers (${FOCUS_DAYS} days, same choices otherwise),`,
    "in hours of gathering; crafting against gathering: the hours of play in each skill (for crafting, the slots' busy",
    "time) until it reached the same level band, the largest ratio over the bands; something to spend: a lab node",
    "bought, a quest claimed, or gold spent on a slot, a research grant or a quest reroll; payback: every RP-gain node",
    "level of the path's skills, in hours of play in its skill until its extra RP paid its cost (7 days = 168 h).",
    "Something new (DESIGN §12): a place or combat area opened, a recipe tier, a gear tier worn or a level of lab",
    "research, the longest stretch of play in the path's skills without one, up to 99; the last new place: the day",
    "the path's last gathering place or combat area opened; grant-only: check-ins whose only purchase was a research grant.",
    "",
    "| class | something new every ≤ 15 h of play | last new place on day 20 or later | ≤ 10 % of check-ins with only a research grant | no 48 h without a level-up | 99 in a gathering skill after 300–700 h | something to spend at every check-in (60 days) | crafting within 2× gathering | RP-gain nodes pay back within 7 days |",
    "|---|---|---|---|---|---|---|---|---|",
    ...rows.map((r) => `| ${r.join(" | ")} |`),
    "",
  ];
  return [...runs.map(simReport), ...table].join("\n");
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
