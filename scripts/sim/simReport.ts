// The milestone table of one simulated player, as markdown.
import { type BandTime, FRONTIER_HOURS, LAB_NODE_COUNT, type SimResult, STALL_HOURS } from "./runSim.ts";
import { CLASS_PATHS } from "./sensiblePlayer.ts";

/** RP-gain levels of the skills the path trains (a node of a skill never played cannot pay back). */
export function pathPaybacks(r: SimResult) {
  const path = CLASS_PATHS[r.clazz];
  const mine = [path.gather, path.craft, "combat"];
  return r.paybacks.filter((p) => mine.includes(p.nodeId.split(":")[1] ?? ""));
}

function slowest(r: SimResult): string {
  const worst = pathPaybacks(r).sort((a, b) => (b.hours ?? Infinity) - (a.hours ?? Infinity))[0];
  if (!worst) return "none bought";
  const when =
    worst.hours === null ? `not yet after ${Math.round(worst.counted)} h` : `${Math.round(worst.hours)} h`;
  return `${worst.nodeId} level ${worst.level} (${worst.cost} RP), ${when} of play in its skill`;
}

/** The share of check-ins (first 60 days) that spent only on research grants, in percent, one decimal. */
export const grantShare = (r: SimResult) => Math.round((r.grantOnlyCheckIns / r.checkIns) * 1000) / 10;

const h = (x: BandTime | null) => (x === null ? "—" : `${x.hours} h (day ${x.day.toFixed(1)})`);

export function simReport(r: SimResult): string {
  const path = CLASS_PATHS[r.clazz];
  const lines = [
    `### ${r.clazz} (${path.gather}, ${path.craft}, ${path.style}), ${r.days} days, seed ${r.seed}`,
    "",
    `Hours of play in each skill to reach each level band (and the day it was reached):`,
    "",
    `| level | ${path.gather} | ${path.craft} | ${path.style} |`,
    "|---:|---:|---:|---:|",
    ...r.bands.map((b) => `| ${b.level} | ${h(b.gather)} | ${h(b.craft)} | ${h(b.combat)} |`),
    "",
    "On hand at each day:",
    "",
    `| day | ${path.gather} | ${path.craft} | ${path.style} | combat area | gear tier | lab nodes (of ${LAB_NODE_COUNT}) | quests claimed | gold | RP |`,
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...r.snapshots.map(
      (s) =>
        `| ${s.day} | ${s.gather} | ${s.craft} | ${s.combat} | ${s.area} | ${s.gearTier} | ${s.labNodes} | ${s.quests} | ${s.gold} | ${s.rp} |`,
    ),
    "",
    `Hours by activity: gathering ${Math.round(r.hours.gather)}, crafting ${Math.round(r.hours.craft)}, combat ${Math.round(r.hours.combat)}, idle ${Math.round(r.hours.idle)}.`,
    `Check-ins in the first 60 days with nothing to spend on: ${r.idleCheckIns} of ${r.checkIns}; ${r.grantOnlyCheckIns} spent only on research grants (${grantShare(r)} %), ${r.grantOnlyNothingElse} of them with no better gear to put on either.`,
    `Longest play in the path's skills with nothing new opened (a place, a recipe tier, a gear tier worn, a level of research), up to 99: ${r.longestWithoutNew.hours} h (ended on day ${r.longestWithoutNew.day}); the last new place opened on day ${r.lastPlaceDay}.`,
    `Fights past level 40 (kills / deaths in the first ${FRONTIER_HOURS} h of play at the area, then after): ${
      r.frontiers.length === 0
        ? "none"
        : r.frontiers
            .map(
              (f) =>
                `${f.location} ${f.first.kills} / ${f.first.deaths}, then ${f.after.kills} / ${f.after.deaths}`,
            )
            .join("; ")
    }.`,
    `Daily quests rerolled (a skill the path never trains): ${r.rerolls}; quests claimed: ${r.snapshots.at(-1)?.quests ?? 0}.`,
    `Slowest RP-gain node level to pay back, among the path's skills: ${slowest(r)}.`,
    r.stalls.length === 0
      ? `Stalls (over ${STALL_HOURS} h of play in a skill without a level-up): none.`
      : `Stalls (over ${STALL_HOURS} h of play in a skill without a level-up): ${r.stalls.map((s) => `${s.skill} at ${s.level} for ${s.hours} h`).join("; ")}.`,
    "",
  ];
  return lines.join("\n");
}
