import { DROP_TABLES } from "../../../data/dropTables.ts";
import type { DropEntry } from "../../../data/schemas.ts";
import type { Rng } from "../../state/rng.ts";

/** A drop table checked: not empty, and a zero total weight is an error (spec §5). */
export function checkedDropTable(
  table: readonly DropEntry[] | undefined,
  monsterId: number,
): readonly DropEntry[] {
  if (!table || table.length === 0) throw new Error(`No drop table for monster ${monsterId}`);
  let total = 0;
  for (const e of table) total += e.weight;
  if (!(total > 0)) throw new Error(`Zero total weight in the drop table of monster ${monsterId}`);
  return table;
}

/** A monster's drop table (DROP_TABLES.combat), checked. */
export function combatDropTable(monsterId: number): readonly DropEntry[] {
  return checkedDropTable(DROP_TABLES.combat[monsterId], monsterId);
}

/** The drop of one kill from a table, weighted; a single-entry table needs no draw. */
export function rollDrop(table: readonly DropEntry[], monsterId: number, rng: Rng): DropEntry {
  const checked = checkedDropTable(table, monsterId);
  if (checked.length === 1) return checked[0]!;
  return checked[rng.weighted(checked.map((e) => e.weight))]!;
}

/** The drop of one kill of a monster. */
export function rollCombatDrop(monsterId: number, rng: Rng): DropEntry {
  return rollDrop(combatDropTable(monsterId), monsterId, rng);
}
