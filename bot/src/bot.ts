import { randomBytes } from "node:crypto";
import { commandDefinitions } from "./commands.ts";
import type { BotConfig } from "./config.ts";
import { DiscordApi, errorCode } from "./discord.ts";
import type { InteractionDeps } from "./interactions.ts";
import { type Log, OutboxWorker } from "./outbox.ts";
import { httpServerApi, type ServerApi } from "./serverApi.ts";

/** Assembles the bot's parts from its configuration (the gateway aside): tests and main.ts share it. */
export interface Bot {
  discord: DiscordApi;
  server: ServerApi;
  worker: OutboxWorker;
  /** the application id (read from Discord), then the commands registered */
  start(): Promise<InteractionDeps>;
}

export const consoleLog: Log = {
  info: (message, fields) => console.log(`[bot] ${message}`, fields ?? ""),
  warn: (message, fields) => console.warn(`[bot] ${message}`, fields ?? ""),
  error: (message, fields) => console.error(`[bot] ${message}`, fields ?? ""),
};

export function createBot(config: BotConfig, log: Log = consoleLog): Bot {
  const discord = new DiscordApi(config.discordToken, config.discordApiBase);
  const server = httpServerApi(config.serverUrl, config.apiToken);
  const worker = new OutboxWorker({
    server,
    discord,
    panelChannelId: config.panelChannelId,
    log,
    panelEditEveryMs: config.panelEditEveryMs,
    owner: `bot-${randomBytes(6).toString("hex")}`,
  });
  return {
    discord,
    server,
    worker,
    async start() {
      const applicationId = await discord.applicationId();
      try {
        await discord.registerCommands(applicationId, commandDefinitions(), config.guildId);
        log.info(
          config.guildId ? "commands registered in the development server" : "commands registered globally",
        );
      } catch (error) {
        // panels, DMs and entitlement relays need no command: a refusal costs /garden and /panel only
        log.error("Discord refused the command registration: /garden and /panel may be missing or stale", {
          code: errorCode(error),
          message: (error as Error).message,
        });
      }
      if (!config.panelChannelId) log.warn("DISCORD_PANEL_CHANNEL_ID is not set: panels are not posted");
      return { server, discord, applicationId, adminIds: config.adminIds, gameUrl: config.gameUrl, log };
    },
  };
}
