// npm run sim -- --days N [--class warrior|mage|archer] [--seed S]: the sensible player's milestone table.
import { parseArgs } from "node:util";
import { runSim } from "./sim/runSim.ts";
import { CLASS_PATHS, type SimClass } from "./sim/sensiblePlayer.ts";
import { simReport } from "./sim/simReport.ts";

const { values } = parseArgs({
  options: {
    days: { type: "string", default: "60" },
    class: { type: "string" },
    seed: { type: "string", default: "1" },
  },
});
const days = Number(values.days);
const seed = Number(values.seed);
if (!(days > 0) || !Number.isInteger(seed))
  throw new Error("usage: npm run sim -- --days N [--class warrior|mage|archer] [--seed S]");
const classes = values.class ? [values.class] : Object.keys(CLASS_PATHS);
for (const c of classes)
  if (!(c in CLASS_PATHS)) throw new Error(`unknown class ${c}: warrior, mage or archer`);
const started = performance.now();
for (const clazz of classes) console.log(simReport(runSim({ clazz: clazz as SimClass, days, seed })));
console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
