export * from "./defineIntent.ts";
export * from "./intents.ts";
