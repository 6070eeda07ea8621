export * from "./data/index.ts";
export * from "./intents/index.ts";
export * from "./protocol/index.ts";
export * from "./rules/index.ts";
