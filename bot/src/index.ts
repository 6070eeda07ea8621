export { type Bot, createBot } from "./bot.ts";
export { type BotConfig, loadBotConfig } from "./config.ts";
export { handleInteraction, type InteractionDeps } from "./interactions.ts";
