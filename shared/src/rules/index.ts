export * from "./intents/index.ts";
export * from "./simulation/index.ts";
export * from "./state/index.ts";
export * from "./view/index.ts";
