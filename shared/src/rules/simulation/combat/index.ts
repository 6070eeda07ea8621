export * from "./advanceCombat.ts";
export * from "./combatStats.ts";
export * from "./events.ts";
export * from "./formulas.ts";
export * from "./loot.ts";
export * from "./monsters.ts";
export * from "./regen.ts";
export * from "./rollAffixes.ts";
export { CRIT_MARKER, type SpellBlock, spellById } from "./simSpells.ts";
