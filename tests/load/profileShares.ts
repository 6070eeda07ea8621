import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

/**
 * `node --import tsx tests/load/profileShares.ts FILE.cpuprofile [--seconds 30] [--top 40] [--match REGEX]`:
 * where a CPU profile written by `npm run load -- --profile DIR` spent its last `--seconds` (the measure
 * window: the server stops right after it), as shares of all samples: self time and inclusive time per
 * function (a function counted once per sample however deep it recurses). Compare shares within one
 * profile: on a shared machine the absolute times say little.
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    seconds: { type: "string", default: "30" },
    top: { type: "string", default: "40" },
    match: { type: "string" },
  },
});
const file = positionals[0];
if (!file) throw new Error("usage: profileShares.ts FILE.cpuprofile [--seconds S] [--top N] [--match REGEX]");
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
const nameOf = (n: ProfileNode) => {
  const url = n.callFrame.url.replace(/^.*\/(server|shared|tests|node_modules)\//, "$1/");
  return `${n.callFrame.functionName || "(anonymous)"} ${url}${url ? `:${n.callFrame.lineNumber + 1}` : ""}`;
};

const times: number[] = [];
let t = profile.startTime;
for (const delta of profile.timeDeltas) {
  t += delta;
  times.push(t);
}
const from = (times.at(-1) ?? 0) - Number(values.seconds) * 1e6;
const self = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const at = times[i] as number;
  if (at < from) continue;
  const dt = (times[i + 1] ?? at) - at;
  const leaf = byId.get(profile.samples[i] as number) as ProfileNode;
  total += dt;
  self.set(nameOf(leaf), (self.get(nameOf(leaf)) ?? 0) + dt);
  const seen = new Set<string>();
  for (let id: number | undefined = leaf.id; id !== undefined; id = parentOf.get(id)) {
    const name = nameOf(byId.get(id) as ProfileNode);
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + dt);
  }
}

const share = (v: number) => `${((100 * v) / total).toFixed(2).padStart(6)} %`;
const match = values.match ? new RegExp(values.match) : null;
console.log(`${(total / 1e6).toFixed(1)} s of samples, busy ${share(total - (self.get("(idle) ") ?? 0))}`);
for (const [title, shares] of [
  ["self", self],
  ["inclusive", inclusive],
] as const) {
  console.log(`\n${title}`);
  for (const [name, v] of [...shares]
    .filter(([name]) => !match || match.test(name))
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(values.top)))
    console.log(`${share(v)}  ${name}`);
}
