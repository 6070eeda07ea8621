import {
  type LinkAnswer,
  LinkChoiceBodySchema,
  type SessionTokenAnswer,
  type UsernameAnswer,
  UsernameBodySchema,
} from "@pickle-garden/shared";
import { type Request, type RequestHandler, type Response, Router } from "express";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { AccountError, type Accounts } from "./accounts.ts";
import { cookieOptions, GUEST_COOKIE, LINK_COOKIE } from "./authConfig.ts";
import { renewSessionCookie } from "./renewSessionCookie.ts";
import {
  isGuestId,
  LINK_TOKEN_TTL_MS,
  parseCookies,
  SESSION_TOKEN_TTL_MS,
  type TokenSigner,
} from "./tokens.ts";

/**
 * Account routes, mounted at /api/account after requireSession (res.locals.discordId is the caller):
 * - POST  /account/session-token   a bearer session token for the signed-in caller
 * - POST  /account/link/start      a guest starts linking to Discord: sets the HttpOnly pg_link cookie,
 *                                  then the client runs Auth.js signIn("discord")
 * - GET   /account/link            after the Discord round trip: { pending: false } or
 *                                  { conflict: true, options: [{ keep: "guest" | "discord", … }] }
 * - POST  /account/link { keep }   finishes a conflicting link; the other progress is archived
 * - PATCH /user/username { username }
 */

const caller = (res: Response) => res.locals.discordId as string;

export function accountRoutes(deps: {
  config: Config;
  accounts: Accounts;
  signer: TokenSigner;
  clock: Clock;
}): Router {
  const { config, accounts, signer, clock } = deps;
  const router = Router();

  const pendingLink = (req: Request, discordId: string) => {
    const claims = signer.verify("link", parseCookies(req.headers.cookie)[LINK_COOKIE], clock.now());
    return claims?.ext === discordId ? claims : null;
  };

  // also the activity's renewal: the fresh token keeps the instances the caller's token was granted
  router.post("/session-token", async (_req, res) => {
    const now = clock.now();
    const answer: SessionTokenAnswer = {
      sessionToken: signer.sessionToken(
        caller(res),
        now,
        (res.locals.instances as string[] | undefined) ?? [],
        await accounts.tokens.current(caller(res)),
      ),
      expiresAt: now + SESSION_TOKEN_TTL_MS,
    };
    res.set("cache-control", "no-store").json(answer);
  });

  router.post("/link/start", (req, res) => {
    const discordId = caller(res);
    if (!isGuestId(discordId)) {
      res.status(409).json({ error: "account/not_a_guest", message: "This account is already linked." });
      return;
    }
    if (!config.discord) {
      res
        .status(503)
        .json({ error: "DiscordNotConfigured", message: "Discord sign-in is off on this server." });
      return;
    }
    const now = clock.now();
    const token = signer.sign("link", { sub: discordId, iat: now, exp: now + LINK_TOKEN_TTL_MS });
    res.cookie(LINK_COOKIE, token, cookieOptions(req, LINK_TOKEN_TTL_MS));
    res.json({ ok: true, signIn: { provider: "discord", callbackUrl: "/settings" } });
  });

  router.get("/link", async (req, res) => {
    const pending = pendingLink(req, caller(res));
    const options = pending ? await accounts.linkOptions(pending.sub, caller(res)) : null;
    const answer: LinkAnswer = options ? { conflict: true, options } : { pending: false };
    res.set("cache-control", "no-store").json(answer);
  });

  router.post("/link", async (req, res) => {
    const parsed = LinkChoiceBodySchema.safeParse(req.body);
    if (!parsed.success) {
      res
        .status(400)
        .json({ error: "InvalidRequest", message: 'Send { keep: "guest" } or { keep: "discord" }.' });
      return;
    }
    const discordId = caller(res);
    const pending = pendingLink(req, discordId);
    if (!pending) {
      res.status(409).json({ error: "account/no_pending_link", message: "No link is waiting for a choice." });
      return;
    }
    try {
      const result = await accounts.resolveLink(
        pending.sub,
        { discordId, username: pending.name ?? "Gardener", avatar: pending.avatar ?? null },
        parsed.data.keep,
      );
      res.clearCookie(LINK_COOKIE, { path: "/" });
      res.clearCookie(GUEST_COOKIE, { path: "/" });
      await renewSessionCookie(req, res, config.authSecret, await accounts.tokens.current(discordId));
      res.json(result);
    } catch (error) {
      if (!(error instanceof AccountError)) throw error;
      res.status(409).json({ error: error.code, message: error.message });
    }
  });

  return router;
}

/** PATCH /api/user/username { username } (mounted at exactly that path, after requireSession). */
export function usernameRoute(accounts: Accounts): RequestHandler {
  return async (req, res) => {
    const parsed = UsernameBodySchema.safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json({ error: "InvalidRequest", message: "Send { username }." });
      return;
    }
    try {
      const answer: UsernameAnswer = {
        username: await accounts.setUsername(caller(res), parsed.data.username),
      };
      res.json(answer);
    } catch (error) {
      if (!(error instanceof AccountError)) throw error;
      res
        .status(error.code === "account/not_found" ? 404 : 400)
        .json({ error: error.code, message: error.message });
    }
  };
}
