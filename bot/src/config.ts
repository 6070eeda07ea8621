import { z } from "zod";

/**
 * The bot's environment (the same `.env.example` as the server). Without DISCORD_BOT_TOKEN the bot is
 * off: `loadBotConfig` answers null and the caller says so and exits 0.
 */

export interface BotConfig {
  discordToken: string;
  apiToken: string;
  serverUrl: string;
  /** the game's public address, for links (AUTH_URL, as the server uses it) */
  gameUrl: string;
  discordApiBase: string;
  panelChannelId: string | undefined;
  guildId: string | undefined;
  adminIds: string[];
  /** ms between two edits of one panel's message at most once (vote counts are debounced) */
  panelEditEveryMs: number;
  /** ms between two outbox polls when there was nothing to do */
  pollMs: number;
}

const optional = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));
const snowflake = optional.refine(
  (v) => v === undefined || /^\d{5,25}$/.test(v),
  "must be a Discord id (digits)",
);

const EnvSchema = z.object({
  DISCORD_BOT_TOKEN: optional,
  BOT_API_TOKEN: optional,
  BOT_SERVER_URL: optional.refine((v) => v === undefined || URL.canParse(v), "must be a URL"),
  AUTH_URL: optional.refine((v) => v === undefined || URL.canParse(v), "must be a URL"),
  PORT: optional.refine((v) => v === undefined || /^\d+$/.test(v), "must be a port number"),
  DISCORD_API_BASE: optional.refine((v) => v === undefined || URL.canParse(v), "must be a URL"),
  DISCORD_PANEL_CHANNEL_ID: snowflake,
  DISCORD_GUILD_ID: snowflake,
  ADMIN_DISCORD_IDS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
});

export class BotConfigError extends Error {}

export function loadBotConfig(env: NodeJS.ProcessEnv = process.env): BotConfig | null {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new BotConfigError(parsed.error.issues.map((i) => `${String(i.path[0])} ${i.message}`).join("\n"));
  }
  const e = parsed.data;
  if (!e.DISCORD_BOT_TOKEN) return null;
  if (!e.BOT_API_TOKEN) {
    throw new BotConfigError(
      "BOT_API_TOKEN must be set (the same value as the server's) when DISCORD_BOT_TOKEN is",
    );
  }
  return {
    discordToken: e.DISCORD_BOT_TOKEN,
    apiToken: e.BOT_API_TOKEN,
    serverUrl: (e.BOT_SERVER_URL ?? `http://127.0.0.1:${e.PORT ?? "3000"}`).replace(/\/+$/, ""),
    gameUrl: e.AUTH_URL ?? `http://localhost:${e.PORT ?? "3000"}`,
    discordApiBase: (e.DISCORD_API_BASE ?? "https://discord.com/api").replace(/\/+$/, ""),
    panelChannelId: e.DISCORD_PANEL_CHANNEL_ID,
    guildId: e.DISCORD_GUILD_ID,
    adminIds: e.ADMIN_DISCORD_IDS,
    panelEditEveryMs: 5000,
    pollMs: 2000,
  };
}
