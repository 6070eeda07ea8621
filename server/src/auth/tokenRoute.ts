import { type Request, type Response, Router } from "express";
import { z } from "zod";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Logger } from "../log.ts";
import type { Accounts } from "./accounts.ts";
import { DiscordApi, DiscordApiError, type DiscordUser } from "./discordApi.ts";
import type { TokenSigner } from "./tokens.ts";

/**
 * POST /api/token { code } (the router is mounted at /api/token) — the activity's sign-in (DESIGN §6): exchange the code from the SDK's
 * authorize() with Discord, read the user, create or load the player, and answer the access token
 * (for the SDK's authenticate()) with our own session token (a bearer for HTTP and the socket).
 */

export const TokenRequestSchema = z.object({ code: z.string().min(1).max(512) });

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

export function tokenRoute(deps: {
  config: Config;
  accounts: Accounts;
  signer: TokenSigner;
  clock: Clock;
  log: Logger;
  fetch?: typeof fetch;
}): Router {
  const { config, accounts, signer, clock, log } = deps;
  const discord = config.discord
    ? new DiscordApi({
        base: config.discordApiBase,
        clientId: config.discord.clientId,
        clientSecret: config.discord.clientSecret,
        fetch: deps.fetch,
      })
    : null;
  const router = Router();

  router.post("/", async (req: Request, res: Response) => {
    const parsed = TokenRequestSchema.safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json({ error: "InvalidRequest", message: "Send { code } from the SDK's authorize()." });
      return;
    }
    const { code } = parsed.data;
    let accessToken: string;
    let user: DiscordUser;
    if (!discord && config.mockDiscordAuth && code.startsWith("mock")) {
      accessToken = "mock_token";
      user = MOCK_USER;
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
    const profile = {
      discordId: user.id,
      username: user.global_name ?? user.username,
      avatar: avatarUrl(user),
    };
    const { doc } = await accounts.ensurePlayer(profile);
    res.set("cache-control", "no-store").json({
      access_token: accessToken,
      sessionToken: signer.sessionToken(user.id, clock.now()),
      user: {
        discordId: user.id,
        username: doc.player.username,
        avatar: doc.player.avatar,
        isGuest: false,
      },
    });
  });

  return router;
}
