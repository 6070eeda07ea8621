export * from "./bossFight.ts";
export * from "./bossLoot.ts";
