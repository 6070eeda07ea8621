export * from "./partyQuest.ts";
export * from "./questProgress.ts";
export * from "./questRates.ts";
export * from "./rollQuests.ts";
export * from "./weeklyGoal.ts";
