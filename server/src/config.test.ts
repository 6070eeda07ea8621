import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const dataDir = mkdtempSync(join(tmpdir(), "pg-config-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const SECRET = "x".repeat(40);

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig({ DATA_DIR: dataDir, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("loadConfig", () => {
  it("needs nothing: defaults for a local start, with a development secret kept in DATA_DIR", () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      dataDir,
      webDist: undefined,
      nodeEnv: "development",
      production: false,
      logLevel: "info",
      authSecretGenerated: true,
      discord: null,
      discordApiBase: "https://discord.com/api",
      mongodbUri: undefined,
      redisUrl: undefined,
      offlineCapHours: 168,
      testClock: false,
      corsOrigins: [],
      adminDiscordIds: [],
      rateLimit: { windowMs: 60_000, writes: 600 },
      trustProxy: false,
    });
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(existsSync(join(dataDir, "dev-auth-secret"))).toBe(true);
    // the same secret on the next start, so guests and sessions survive a restart
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(config.authSecret);
  });

  it("reads every variable", () => {
    const config = loadConfig({
      PORT: "8080",
      DATA_DIR: dataDir,
      WEB_DIST: "web/dist",
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      AUTH_SECRET: SECRET,
      AUTH_URL: "https://garden.example.com",
      DISCORD_CLIENT_ID: "123",
      DISCORD_CLIENT_SECRET: "shh",
      DISCORD_API_BASE: "http://127.0.0.1:9999/api/",
      DISCORD_BOT_TOKEN: "bot-token",
      DISCORD_SUBSCRIPTION_SKU_ID: "1088510058284990888",
      MONGODB_URI: "mongodb://db:27017",
      MONGODB_DB: "pg",
      REDIS_URL: "redis://cache:6379",
      OFFLINE_CAP_HOURS: "24",
      CORS_ORIGINS: "https://a.example.com, https://b.example.com/",
      ADMIN_DISCORD_IDS: "1,2",
      RATE_LIMIT_WINDOW_MS: "1000",
      RATE_LIMIT_WRITES: "5",
      TRUST_PROXY: "1",
    });
    expect(config).toMatchObject({
      port: 8080,
      webDist: resolve("web/dist"),
      production: true,
      logLevel: "warn",
      authSecret: SECRET,
      authSecretGenerated: false,
      authUrl: "https://garden.example.com",
      discord: { clientId: "123", clientSecret: "shh" },
      discordApiBase: "http://127.0.0.1:9999/api",
      subscriptionSkuId: "1088510058284990888",
      mongodbUri: "mongodb://db:27017",
      mongodbDb: "pg",
      redisUrl: "redis://cache:6379",
      offlineCapHours: 24,
      corsOrigins: ["https://a.example.com", "https://b.example.com"],
      adminDiscordIds: ["1", "2"],
      rateLimit: { windowMs: 1000, writes: 5 },
      trustProxy: 1,
    });
  });

  it("refuses to start in production without AUTH_SECRET, with a clear message", () => {
    const found = problems({ NODE_ENV: "production" });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/AUTH_SECRET is required when NODE_ENV=production/);
  });

  it("refuses the test clock and the mock Discord sign-in in production", () => {
    const found = problems({
      NODE_ENV: "production",
      AUTH_SECRET: SECRET,
      TEST_CLOCK: "1",
      MOCK_DISCORD_AUTH: "1",
    });
    expect(found).toEqual([
      "TEST_CLOCK is refused when NODE_ENV=production",
      "MOCK_DISCORD_AUTH is refused when NODE_ENV=production",
    ]);
    expect(loadConfig({ DATA_DIR: dataDir, TEST_CLOCK: "1" }).testClock).toBe(true);
  });

  it("names each bad value, all at once", () => {
    const found = problems({
      PORT: "eighty",
      NODE_ENV: "staging",
      LOG_LEVEL: "loud",
      AUTH_SECRET: "short",
      OFFLINE_CAP_HOURS: "-1",
      MONGODB_URI: "postgres://x",
      REDIS_URL: "localhost:6379",
      CORS_ORIGINS: "not a url",
      TEST_CLOCK: "maybe",
      DISCORD_API_BASE: "nope",
      DISCORD_SUBSCRIPTION_SKU_ID: "garden-supporter",
    });
    const keys = found.map((p) => p.split(" ")[0]);
    expect(keys.sort()).toEqual(
      [
        "AUTH_SECRET",
        "CORS_ORIGINS",
        "DISCORD_API_BASE",
        "DISCORD_SUBSCRIPTION_SKU_ID",
        "LOG_LEVEL",
        "MONGODB_URI",
        "NODE_ENV",
        "OFFLINE_CAP_HOURS",
        "PORT",
        "REDIS_URL",
        "TEST_CLOCK",
      ].sort(),
    );
    expect(found.find((p) => p.startsWith("PORT"))).toMatch(/must be a number.*"eighty"/);
    // secrets are never echoed
    expect(found.find((p) => p.startsWith("AUTH_SECRET"))).toMatch(/got hidden/);
  });

  it("refuses a subscription SKU the server could not check (no Discord or no bot token)", () => {
    const found = problems({ DISCORD_SUBSCRIPTION_SKU_ID: "1088510058284990888" });
    expect(found).toEqual([expect.stringMatching(/^DISCORD_SUBSCRIPTION_SKU_ID needs .*DISCORD_BOT_TOKEN/)]);
    expect(loadConfig({ DATA_DIR: dataDir }).subscriptionSkuId).toBeUndefined();
  });

  it("wants both Discord credentials or neither", () => {
    expect(problems({ DISCORD_CLIENT_ID: "123" })).toEqual([
      "DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET must be set together (or both left unset)",
    ]);
  });
});
