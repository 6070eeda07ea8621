/**
 * The calls of Discord's API the activity's sign-in needs: exchange an OAuth code, read the user, and
 * (with the bot's token) read an activity instance's users.
 * The base URL is configuration (DISCORD_API_BASE), so tests run the real exchange against a stub.
 * A 429 is honoured: wait `retry_after` seconds (body or Retry-After header) and try again, at most
 * MAX_RETRIES times and never longer than MAX_WAIT_MS in one wait.
 */

import type { SubscriptionWindow } from "@pickle-garden/shared";
import { z } from "zod";
import type { Config } from "../config.ts";

export interface DiscordUser {
  id: string;
  username: string;
  global_name?: string | null;
  avatar?: string | null;
}

export class DiscordApiError extends Error {
  constructor(
    readonly kind: "invalid_code" | "unauthorized" | "rate_limited" | "unavailable",
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "DiscordApiError";
  }
}

const MAX_RETRIES = 3;
const MAX_WAIT_MS = 10_000;
const TIMEOUT_MS = 10_000;
// chosen: an entitlement check never holds a sign-in long; the next check retries what this one missed
const ENTITLEMENT_TIMEOUT_MS = 5_000;

const isoTime = z
  .string()
  .refine((v) => Number.isFinite(Date.parse(v)), "an ISO 8601 time")
  .nullish();

/** The fields of Discord's entitlement object the subscription reads (others pass through unread). */
const EntitlementSchema = z.object({
  sku_id: z.string(),
  user_id: z.string().nullish(),
  deleted: z.boolean(),
  starts_at: isoTime,
  ends_at: isoTime,
});

export interface DiscordApiOptions {
  base: string;
  clientId: string;
  clientSecret: string;
  /** the bot's token, for the activity-instance check */
  botToken?: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

export class DiscordApi {
  private readonly fetch: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: DiscordApiOptions) {
    this.fetch = options.fetch ?? fetch;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** Exchanges an authorization code for an access token; a rejected code is DiscordApiError("invalid_code"). */
  async exchangeCode(code: string): Promise<{ access_token: string; token_type: string; scope?: string }> {
    const body = new URLSearchParams({
      client_id: this.options.clientId,
      client_secret: this.options.clientSecret,
      grant_type: "authorization_code",
      code,
    });
    const res = await this.call(`${this.options.base}/oauth2/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body,
    });
    const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (res.status === 400 || res.status === 401) {
      throw new DiscordApiError(
        "invalid_code",
        `Discord rejected the authorization code (${String(json?.error ?? res.status)})`,
        res.status,
      );
    }
    if (!res.ok || typeof json?.access_token !== "string") {
      throw new DiscordApiError("unavailable", `Discord's token endpoint answered ${res.status}`, res.status);
    }
    return {
      access_token: json.access_token,
      token_type: String(json.token_type ?? "Bearer"),
      scope: typeof json.scope === "string" ? json.scope : undefined,
    };
  }

  async currentUser(accessToken: string): Promise<DiscordUser> {
    const res = await this.call(`${this.options.base}/users/@me`, {
      headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
    });
    if (res.status === 401)
      throw new DiscordApiError("unauthorized", "Discord refused the access token", 401);
    const json = (await res.json().catch(() => null)) as Partial<DiscordUser> | null;
    if (!res.ok || typeof json?.id !== "string" || typeof json.username !== "string") {
      throw new DiscordApiError("unavailable", `Discord's user endpoint answered ${res.status}`, res.status);
    }
    return {
      id: json.id,
      username: json.username,
      global_name: json.global_name ?? null,
      avatar: json.avatar ?? null,
    };
  }

  /**
   * GET /applications/{app}/activity-instances/{instance} with the bot's token: the ids of the users in
   * that instance, or null when Discord no longer knows it (404).
   */
  async activityInstanceUsers(instanceId: string): Promise<string[] | null> {
    if (!this.options.botToken) throw new Error("activityInstanceUsers needs the bot token");
    const res = await this.call(
      `${this.options.base}/applications/${encodeURIComponent(this.options.clientId)}/activity-instances/${encodeURIComponent(instanceId)}`,
      { headers: { authorization: `Bot ${this.options.botToken}`, accept: "application/json" } },
    );
    if (res.status === 404) return null;
    const json = (await res.json().catch(() => null)) as { users?: unknown } | null;
    if (!res.ok || !Array.isArray(json?.users)) {
      throw new DiscordApiError(
        "unavailable",
        `Discord's activity-instance endpoint answered ${res.status}`,
        res.status,
      );
    }
    return json.users.filter((id): id is string => typeof id === "string");
  }

  /**
   * The spans of the user's entitlements to one SKU (GET /applications/{app}/entitlements with the bot's
   * token): ended ones included (an absence they covered still earns their bonus), deleted ones left
   * out, and the answer filtered again to that user and SKU. A 429 is not waited out: the caller keeps
   * what it knew and asks again later.
   */
  async subscriptionWindows(userId: string, skuId: string): Promise<SubscriptionWindow[]> {
    if (!this.options.botToken) throw new Error("subscriptionWindows needs the bot token");
    const query = new URLSearchParams({ user_id: userId, sku_ids: skuId, exclude_deleted: "true" });
    const res = await this.call(
      `${this.options.base}/applications/${encodeURIComponent(this.options.clientId)}/entitlements?${query}`,
      { headers: { authorization: `Bot ${this.options.botToken}`, accept: "application/json" } },
      { retries: 0, timeoutMs: ENTITLEMENT_TIMEOUT_MS },
    );
    const list = z.array(EntitlementSchema).safeParse(await res.json().catch(() => null));
    if (!res.ok || !list.success) {
      throw new DiscordApiError(
        "unavailable",
        `Discord's entitlements endpoint answered ${res.status}`,
        res.status,
      );
    }
    return list.data
      .filter((e) => e.sku_id === skuId && e.user_id === userId && !e.deleted)
      .map((e) => ({ startsAt: instant(e.starts_at), endsAt: instant(e.ends_at) }));
  }

  private async call(
    url: string,
    init: RequestInit,
    limits: { retries: number; timeoutMs: number } = { retries: MAX_RETRIES, timeoutMs: TIMEOUT_MS },
  ): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await this.fetch(url, { ...init, signal: AbortSignal.timeout(limits.timeoutMs) });
      } catch (error) {
        throw new DiscordApiError("unavailable", `Discord could not be reached: ${(error as Error).message}`);
      }
      if (res.status !== 429) return res;
      const waitMs = await retryAfterMs(res);
      if (attempt >= limits.retries || waitMs > MAX_WAIT_MS) {
        throw new DiscordApiError(
          "rate_limited",
          `Discord is rate limiting us (retry after ${waitMs} ms)`,
          429,
        );
      }
      await this.sleep(waitMs);
    }
  }
}

/** An ISO 8601 time as epoch ms; absent (a test entitlement's ends) is null, open. */
function instant(iso: string | null | undefined): number | null {
  return iso ? Date.parse(iso) : null;
}

async function retryAfterMs(res: Response): Promise<number> {
  const json = (await res.json().catch(() => null)) as { retry_after?: unknown } | null;
  const seconds =
    typeof json?.retry_after === "number" ? json.retry_after : Number(res.headers.get("retry-after") ?? "1");
  return Math.max(0, Math.ceil((Number.isFinite(seconds) ? seconds : 1) * 1000));
}

/** The server's one client of Discord's API, or null when Discord is not configured. */
export function createDiscordApi(config: Config, fetchImpl?: typeof fetch): DiscordApi | null {
  if (!config.discord) return null;
  return new DiscordApi({
    base: config.discordApiBase,
    clientId: config.discord.clientId,
    clientSecret: config.discord.clientSecret,
    botToken: config.discordBotToken,
    fetch: fetchImpl,
  });
}

/**
 * Who Discord lists in an activity instance ([] once it is gone), or undefined where that cannot be
 * checked (no bot token).
 */
export type InstanceUsers = (instanceId: string) => Promise<string[]>;

export function instanceUsersOf(discord: DiscordApi | null, config: Config): InstanceUsers | undefined {
  if (!discord || !config.discordBotToken) return undefined;
  return async (instanceId) => (await discord.activityInstanceUsers(instanceId)) ?? [];
}

/**
 * The player's spans of the subscription SKU as Discord answers them, or null where subscriptions are off
 * (no SKU configured; config.ts refuses a SKU without Discord and the bot's token).
 */
export function subscriptionWindowsOf(
  discord: DiscordApi | null,
  config: Config,
): ((discordId: string) => Promise<SubscriptionWindow[]>) | null {
  const sku = config.subscriptionSkuId;
  if (!discord || !config.discordBotToken || !sku) return null;
  return (discordId) => discord.subscriptionWindows(discordId, sku);
}
