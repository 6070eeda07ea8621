import {
  type ActivityConfig,
  instanceRoomId,
  parseMockAuthCode,
  type TokenAnswer,
  TokenRequestSchema,
} from "@pickle-garden/shared";
import { type Request, type Response, Router } from "express";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Subscriptions } from "../game/Subscriptions.ts";
import { TOO_MANY_WRITES } from "../http/writeLimit.ts";
import { addressKey } from "../limits/addressKey.ts";
import type { Limiter } from "../limits/Limiter.ts";
import { refuseTooMany } from "../limits/refuseTooMany.ts";
import type { Logger } from "../log.ts";
import type { Accounts } from "./accounts.ts";
import { type DiscordApi, DiscordApiError, type DiscordUser, type InstanceUsers } from "./discordApi.ts";
import { SESSION_TOKEN_TTL_MS, type TokenSigner } from "./tokens.ts";

/**
 * The activity's sign-in (DESIGN §6), mounted at /api/token:
 * - POST /api/token { code, instanceId }: exchange the code from the SDK's authorize() with Discord, read
 *   the user, check (with the bot's token) that the user is in that activity instance, create or load the
 *   player, and answer the access token (for the SDK's authenticate()) with our own session token (a
 *   bearer for HTTP and the socket) granting the room `discord:<instanceId>`.
 * - GET /api/token/config: the public client id the activity constructs the SDK with.
 */

export function avatarUrl(user: Pick<DiscordUser, "id" | "avatar">): string | null {
  if (!user.avatar) return null;
  const ext = user.avatar.startsWith("a_") ? "gif" : "png";
  return `https://cdn.discordapp.com/avatars/${user.id}/${user.avatar}.${ext}`;
}

const MOCK_USER: DiscordUser = {
  id: "mock-sprout",
  username: "Mock Sprout",
  global_name: null,
  avatar: null,
};

/** The SDK mock's code: "mock_code" (its default) or one naming a pretend user (see mockAuthCode). */
function mockUser(code: string): DiscordUser | null {
  if (code === "mock_code") return MOCK_USER;
  const user = parseMockAuthCode(code);
  return user ? { id: user.id, username: user.username, global_name: null, avatar: null } : null;
}

export function tokenRoute(deps: {
  config: Config;
  accounts: Accounts;
  signer: TokenSigner;
  clock: Clock;
  log: Logger;
  /** Discord's API; null when Discord is not configured */
  discord: DiscordApi | null;
  /** the instance check; undefined without a bot token */
  instanceUsers: InstanceUsers | undefined;
  subscriptions: Subscriptions;
  /** the write limit's counts (undefined: off): a failed exchange counts against its address, a signed-in player against the player */
  writes: { limiter: Limiter; max: number } | undefined;
}): Router {
  const { config, accounts, signer, clock, log, discord, instanceUsers, subscriptions, writes } = deps;
  // Discord's proxy sends every player's exchange from Discord's addresses: only failures stay counted
  // there, so a launch is never refused for others' launches, and a stream of bad codes stops before Discord
  const counted = async (key: string) => {
    if (!writes) return null;
    const count = await writes.limiter.hit(key).catch((err: unknown) => {
      log.warn({ err }, "the token exchange's limit could not be counted: it passes");
      return null;
    });
    return count && count.count > writes.max ? count : null;
  };
  if (discord && !instanceUsers) {
    log.warn("activity instance membership is not verified (set DISCORD_BOT_TOKEN to check it with Discord)");
  }
  const router = Router();

  router.get("/config", (_req, res) => {
    const answer: ActivityConfig = {
      clientId: config.discord?.clientId ?? null,
      subscriptionSkuId: subscriptions.enabled ? (config.subscriptionSkuId ?? null) : null,
    };
    res.set("cache-control", "no-store").json(answer);
  });

  router.post("/", async (req: Request, res: Response) => {
    // counted against the address until it succeeds: then against the player instead
    const address = addressKey(req.ip);
    const over = await counted(address);
    if (over) return refuseTooMany(res, over, TOO_MANY_WRITES);
    const parsed = TokenRequestSchema.safeParse(req.body);
    if (!parsed.success) {
      res
        .status(400)
        .json({ error: "InvalidRequest", message: "Send { code, instanceId } from the SDK's authorize()." });
      return;
    }
    const { code, instanceId } = parsed.data;
    let accessToken: string;
    let user: DiscordUser;
    const mock = !discord && config.mockDiscordAuth ? mockUser(code) : null;
    if (mock) {
      accessToken = "mock_token";
      user = mock;
    } else if (!discord) {
      res.status(503).json({
        error: "DiscordNotConfigured",
        message: "Discord sign-in is off on this server (DISCORD_CLIENT_ID / DISCORD_CLIENT_SECRET unset).",
      });
      return;
    } else {
      try {
        accessToken = (await discord.exchangeCode(code)).access_token;
        user = await discord.currentUser(accessToken);
        if (instanceId !== undefined && instanceUsers) {
          let users = await instanceUsers(instanceId);
          // at first launch Discord may list the player a moment later: one more read before refusing
          if (!users.includes(user.id)) {
            await new Promise((resolve) => setTimeout(resolve, config.instanceRecheckMs));
            users = await instanceUsers(instanceId);
          }
          if (!users.includes(user.id)) {
            log.info({ discordId: user.id, instanceId }, "not in the activity instance");
            res.status(403).json({
              error: "NotInInstance",
              message: "You are not in this activity: launch it from the voice channel again.",
            });
            return;
          }
        }
      } catch (error) {
        if (!(error instanceof DiscordApiError)) throw error;
        const status = error.kind === "invalid_code" || error.kind === "unauthorized" ? 401 : 503;
        log.warn({ kind: error.kind, status: error.status }, `token exchange failed: ${error.message}`);
        res
          .status(status)
          .json({ error: status === 401 ? "InvalidCode" : "DiscordUnavailable", message: error.message });
        return;
      }
    }
    await writes?.limiter.undo(address).catch(() => undefined);
    const flood = await counted(`player:${user.id}`);
    if (flood) return refuseTooMany(res, flood, TOO_MANY_WRITES);
    const profile = {
      discordId: user.id,
      username: user.global_name ?? user.username,
      avatar: avatarUrl(user),
    };
    const { doc } = await accounts.ensurePlayer(profile);
    await subscriptions.refresh(user.id);
    const roomId = instanceId === undefined ? null : instanceRoomId(instanceId);
    const now = clock.now();
    const answer: TokenAnswer = {
      access_token: accessToken,
      sessionToken: signer.sessionToken(
        user.id,
        now,
        roomId ? [roomId] : [],
        await accounts.tokens.current(user.id),
      ),
      expiresAt: now + SESSION_TOKEN_TTL_MS,
      roomId,
      user: {
        discordId: user.id,
        username: doc.player.username,
        avatar: doc.player.avatar,
        isGuest: false,
      },
    };
    res.set("cache-control", "no-store").json(answer);
  });

  return router;
}
