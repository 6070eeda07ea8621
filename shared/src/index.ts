export * from "./data/index.ts";
export * from "./data/schemas.ts";
export * from "./data/skills.ts";
export * from "./protocol/player.ts";
export * from "./rules/result.ts";
export * from "./rules/rng.ts";
