// Rewrites the generated blocks of docs/progression.md (the xp chart, the simulator's tables).
import { readFileSync, writeFileSync } from "node:fs";
import { withGeneratedBlocks } from "./sim/progressionDoc.ts";

const path = new URL("../docs/progression.md", import.meta.url);
writeFileSync(path, withGeneratedBlocks(readFileSync(path, "utf8")));
console.log(`wrote ${path.pathname}`);
