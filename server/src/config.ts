import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";

/**
 * Everything the server reads from the environment, parsed once at start-up (DESIGN §9). Every
 * variable is listed, with its meaning, in `.env.example` at the repository root.
 */

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const url = (what: string) =>
  z
    .string()
    .trim()
    .refine((v) => URL.canParse(v), `must be a URL (${what})`);

const flag = z
  .string()
  .trim()
  .toLowerCase()
  .optional()
  .refine(
    (v) => v === undefined || ["", "0", "1", "true", "false", "yes", "no"].includes(v),
    "must be 1 or 0",
  )
  .transform((v) => v === "1" || v === "true" || v === "yes");

const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );

const int = (fallback: number, min: number, max: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === undefined || v === "" ? fallback : Number(v)))
    .pipe(
      z
        .number("must be a number")
        .int("must be a whole number")
        .min(min, `must be at least ${min}`)
        .max(max, `must be at most ${max}`),
    );

const EnvSchema = z.object({
  PORT: int(3000, 0, 65535),
  HOST: optionalString,
  DATA_DIR: optionalString.transform((v) => v ?? "./data"),
  WEB_DIST: optionalString,
  NODE_ENV: z
    .enum(["development", "production", "test"], "must be development, production or test")
    .optional()
    .transform((v) => v ?? "development"),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], "must be a pino level")
    .optional(),
  AUTH_SECRET: optionalString.refine(
    (v) => v === undefined || v.length >= 32,
    "must be at least 32 characters",
  ),
  AUTH_URL: optionalString.pipe(url("the public origin, e.g. https://garden.example.com").optional()),
  DISCORD_CLIENT_ID: optionalString,
  DISCORD_CLIENT_SECRET: optionalString,
  DISCORD_API_BASE: optionalString
    .transform((v) => v ?? "https://discord.com/api")
    .pipe(url("Discord's API base"))
    .transform((v) => v.replace(/\/+$/, "")),
  DISCORD_BOT_TOKEN: optionalString,
  DISCORD_SUBSCRIPTION_SKU_ID: optionalString.refine(
    (v) => v === undefined || /^\d{1,20}$/.test(v),
    "must be the subscription SKU's id (digits, from the Developer Portal's Monetization > SKUs)",
  ),
  MOCK_DISCORD_AUTH: flag,
  MONGODB_URI: optionalString.refine(
    (v) => v === undefined || /^mongodb(\+srv)?:\/\//.test(v),
    "must start with mongodb:// or mongodb+srv://",
  ),
  MONGODB_DB: optionalString.transform((v) => v ?? "pickle-garden"),
  REDIS_URL: optionalString.refine(
    (v) => v === undefined || /^rediss?:\/\//.test(v),
    "must start with redis:// or rediss://",
  ),
  OFFLINE_CAP_HOURS: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === undefined || v === "" ? 168 : Number(v)))
    .pipe(
      z
        .number("must be a number")
        .positive("must be more than 0")
        .max(24 * 365, "must be at most a year"),
    ),
  TEST_CLOCK: flag,
  CORS_ORIGINS: list.refine(
    (origins) => origins.every((o) => URL.canParse(o) && new URL(o).origin === o.replace(/\/$/, "")),
    "must be a comma-separated list of origins such as https://garden.example.com",
  ),
  ADMIN_DISCORD_IDS: list,
  BOT_API_TOKEN: optionalString.refine(
    (v) => v === undefined || v.length >= 24,
    "must be at least 24 characters (e.g. `openssl rand -base64 33`)",
  ),
  METRICS_TOKEN: optionalString.refine(
    (v) => v === undefined || v.length >= 24,
    "must be at least 24 characters (e.g. `openssl rand -base64 33`)",
  ),
  BOT_SUMMARY_MIN_MINUTES: int(30, 0, 7 * 24 * 60),
  RATE_LIMIT_WINDOW_MS: int(60_000, 1000, 24 * 3600_000),
  RATE_LIMIT_WRITES: int(600, 0, 1_000_000),
  GUEST_SIGNINS_PER_HOUR: int(20, 0, 1_000_000),
  SOCKET_EVENT_BURST: int(60, 1, 100_000),
  SOCKET_EVENT_RATE: int(10, 1, 100_000),
  // chosen: a player with a few tabs, the activity and a phone stays well under 10 sockets
  SOCKET_CONNECTIONS_PER_PLAYER: int(10, 1, 10_000),
  ROOM_GRACE_MS: int(30_000, 0, 3_600_000),
  ROOM_CREATES_PER_HOUR: int(20, 1, 10_000),
  // chosen: Discord lists a player who has just launched the activity within a moment; one more read
  // after this long tells a late listing from a stranger
  INSTANCE_RECHECK_MS: int(1_500, 0, 30_000),
  // chosen: a dead node's players and rooms resume on another within 10 s (docs/scale-out.md)
  LEASE_TTL_MS: int(5_000, 300, 60_000),
  // chosen: an owner that keeps its lease is making progress and is waited for about as long as a proxy
  // waits for a slow answer; one that froze or died is noticed by its lease within LEASE_TTL_MS
  FORWARD_TIMEOUT_MS: int(30_000, 100, 120_000),
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .refine(
      (v) => v === undefined || v === "" || /^(true|false|\d+)$/.test(v),
      "must be true, false or a hop count",
    )
    .transform((v): boolean | number =>
      v === undefined || v === "" || v === "false" ? false : v === "true" ? true : Number(v),
    ),
});

export interface Config {
  port: number;
  host: string | undefined;
  /** absolute */
  dataDir: string;
  /** the built web app served at / (absolute); undefined: web/dist */
  webDist: string | undefined;
  nodeEnv: "development" | "production" | "test";
  production: boolean;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  authSecret: string;
  /** true when no AUTH_SECRET was given and a development secret was made (and kept in DATA_DIR) */
  authSecretGenerated: boolean;
  authUrl: string | undefined;
  /** null when Discord sign-in is off */
  discord: { clientId: string; clientSecret: string } | null;
  discordApiBase: string;
  /** the bot's token: the activity's token exchange checks instance membership with it when set */
  discordBotToken: string | undefined;
  /** a player the activity instance does not list yet is looked for once more after this long */
  instanceRecheckMs: number;
  /** the garden-supporter subscription's SKU; subscriptions are off when unset */
  subscriptionSkuId: string | undefined;
  /** development only: POST /api/token accepts the SDK mock's code without Discord */
  mockDiscordAuth: boolean;
  mongodbUri: string | undefined;
  mongodbDb: string;
  redisUrl: string | undefined;
  /** several nodes (REDIS_URL): how long a lease lives unrenewed, and how long a forwarded intent waits */
  scaleOut: { leaseTtlMs: number; forwardTimeoutMs: number };
  offlineCapHours: number;
  testClock: boolean;
  corsOrigins: string[];
  adminDiscordIds: string[];
  /** the bot's service API (/api/bot) is on when set; welcome-back DMs are queued only then */
  botApiToken: string | undefined;
  /** a welcome-back DM needs at least this long away */
  botSummaryMinMinutes: number;
  /** writes (non-GET under /api) per window and IP; 0 turns the limit off */
  rateLimit: { windowMs: number; writes: number };
  /** new guests one client address may mint per hour; 0 turns the limit off */
  guestSigninsPerHour: number;
  /** a player's socket events at once and per second (all its sockets on a node), and its open sockets */
  socketEvents: { burst: number; perSecond: number; connectionsPerPlayer: number };
  /** a room member whose last socket closed leaves after this long; rooms a player may create an hour */
  rooms: { graceMs: number; createsPerHour: number };
  trustProxy: boolean | number;
  /** GET /metrics answers this bearer token, and requests from this host itself without it */
  metricsToken: string | undefined;
}

/** Parses the environment; throws ConfigError naming every bad or missing value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const key = String(issue.path[0] ?? "environment");
        const value = env[key];
        const shown =
          value === undefined ? "unset" : /SECRET|TOKEN/.test(key) ? "hidden" : JSON.stringify(value);
        return `${key} ${issue.message} (got ${shown})`;
      }),
    );
  }
  const e = parsed.data;
  const production = e.NODE_ENV === "production";
  const problems: string[] = [];
  if (production && !e.AUTH_SECRET) {
    problems.push(
      "AUTH_SECRET is required when NODE_ENV=production (at least 32 random characters, e.g. `openssl rand -base64 33`)",
    );
  }
  if (production && e.TEST_CLOCK) problems.push("TEST_CLOCK is refused when NODE_ENV=production");
  if (production && e.MOCK_DISCORD_AUTH)
    problems.push("MOCK_DISCORD_AUTH is refused when NODE_ENV=production");
  if (Boolean(e.DISCORD_CLIENT_ID) !== Boolean(e.DISCORD_CLIENT_SECRET)) {
    problems.push("DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET must be set together (or both left unset)");
  }
  if (e.DISCORD_SUBSCRIPTION_SKU_ID && !(e.DISCORD_CLIENT_ID && e.DISCORD_BOT_TOKEN)) {
    problems.push(
      "DISCORD_SUBSCRIPTION_SKU_ID needs DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET and DISCORD_BOT_TOKEN (the server asks Discord for entitlements with the bot's token)",
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = resolve(e.DATA_DIR);
  const secret = e.AUTH_SECRET ? { value: e.AUTH_SECRET, generated: false } : developmentSecret(dataDir);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    webDist: e.WEB_DIST === undefined ? undefined : resolve(e.WEB_DIST),
    nodeEnv: e.NODE_ENV,
    production,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === "test" ? "warn" : "info"),
    authSecret: secret.value,
    authSecretGenerated: secret.generated,
    authUrl: e.AUTH_URL,
    discord:
      e.DISCORD_CLIENT_ID && e.DISCORD_CLIENT_SECRET
        ? { clientId: e.DISCORD_CLIENT_ID, clientSecret: e.DISCORD_CLIENT_SECRET }
        : null,
    discordApiBase: e.DISCORD_API_BASE,
    discordBotToken: e.DISCORD_BOT_TOKEN,
    instanceRecheckMs: e.INSTANCE_RECHECK_MS,
    subscriptionSkuId: e.DISCORD_SUBSCRIPTION_SKU_ID,
    mockDiscordAuth: e.MOCK_DISCORD_AUTH,
    mongodbUri: e.MONGODB_URI,
    mongodbDb: e.MONGODB_DB,
    redisUrl: e.REDIS_URL,
    scaleOut: { leaseTtlMs: e.LEASE_TTL_MS, forwardTimeoutMs: e.FORWARD_TIMEOUT_MS },
    offlineCapHours: e.OFFLINE_CAP_HOURS,
    testClock: e.TEST_CLOCK,
    corsOrigins: e.CORS_ORIGINS.map((o) => o.replace(/\/$/, "")),
    adminDiscordIds: e.ADMIN_DISCORD_IDS,
    botApiToken: e.BOT_API_TOKEN,
    botSummaryMinMinutes: e.BOT_SUMMARY_MIN_MINUTES,
    rateLimit: { windowMs: e.RATE_LIMIT_WINDOW_MS, writes: e.RATE_LIMIT_WRITES },
    guestSigninsPerHour: e.GUEST_SIGNINS_PER_HOUR,
    socketEvents: {
      burst: e.SOCKET_EVENT_BURST,
      perSecond: e.SOCKET_EVENT_RATE,
      connectionsPerPlayer: e.SOCKET_CONNECTIONS_PER_PLAYER,
    },
    rooms: { graceMs: e.ROOM_GRACE_MS, createsPerHour: e.ROOM_CREATES_PER_HOUR },
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
  };
}

/**
 * Development only: a random secret kept in DATA_DIR so guest tokens and sessions survive a restart
 * (a new secret on every start would strand every guest's progress).
 */
function developmentSecret(dataDir: string): { value: string; generated: true } {
  const file = join(dataDir, "dev-auth-secret");
  try {
    const kept = readFileSync(file, "utf8").trim();
    if (kept.length >= 32) return { value: kept, generated: true };
  } catch {
    // none yet
  }
  const value = randomBytes(33).toString("base64url");
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  return { value, generated: true };
}
