// Writes docs/combat-balance.md from the fixed-seed fights of shared/src/rules/simulation/combat/balanceTable.ts.
import { writeFileSync } from "node:fs";
import { balanceDoc, balanceTable } from "../shared/src/rules/simulation/combat/balanceTable.ts";

const path = new URL("../docs/combat-balance.md", import.meta.url);
writeFileSync(path, balanceDoc(balanceTable()));
console.log(`wrote ${path.pathname}`);
