import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { ExpressAuthConfig } from "@auth/express";
import Credentials from "@auth/express/providers/credentials";
import Discord from "@auth/express/providers/discord";
import { GUEST_USERNAME } from "@pickle-garden/shared";
import type { NextFunction, Request, Response } from "express";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Subscriptions } from "../game/Subscriptions.ts";
import type { Logger } from "../log.ts";
import type { Accounts } from "./accounts.ts";
import {
  GUEST_TOKEN_TTL_MS,
  isGuestId,
  mintGuestId,
  parseCookies,
  type TokenClaims,
  type TokenSigner,
  tokenGeneration,
} from "./tokens.ts";

/**
 * Auth.js (DESIGN §6), mounted with `app.use("/api/auth", authContext, ExpressAuth(authConfig))`.
 * JWT sessions; providers `guest` (our signed guest token) and `discord` (when configured).
 *
 * Auth.js callbacks never see Express's response, so `authContext` keeps each /api/auth request's
 * req and res where the callbacks can find them: the guest provider reads and sets the `pg_guest`
 * cookie, a Discord sign-in reads the pending-link cookie `pg_link`, and a guest's sign-out gives its
 * browser a new `pg_guest` (the old one, and every copy of it, is revoked with the guest's sessions).
 */

export const GUEST_COOKIE = "pg_guest";
export const LINK_COOKIE = "pg_link";
export const SESSION_MAX_AGE_S = 30 * 24 * 3600;

interface AuthRequestContext {
  req: Request;
  res: Response;
}

/** In-flight /api/auth requests by a random id that authContext writes into a request header. */
const inflight = new Map<string, AuthRequestContext>();
const CONTEXT_HEADER = "x-pickle-auth-context";
/** Active OAuth callbacks and sign-outs; each has its own storage, disabled when its response ends. */
const oauthCallbacks = new Set<AsyncLocalStorage<AuthRequestContext>>();

/**
 * Express middleware placed just before ExpressAuth. The guest provider's authorize() receives a copy
 * of the request headers, so it finds its context through CONTEXT_HEADER (overwritten here, so a
 * client cannot choose it). The jwt callback of an OAuth sign-in and the signOut event get no request at
 * all: those rare requests run in an AsyncLocalStorage of their own, disabled once the response ends, so
 * the async hooks it needs (Node 20) are on only while one is in flight, never on the game's hot path.
 */
export function authContext(req: Request, res: Response, next: NextFunction): void {
  const id = randomUUID();
  const ctx: AuthRequestContext = { req, res };
  req.headers[CONTEXT_HEADER] = id;
  inflight.set(id, ctx);
  let storage: AsyncLocalStorage<AuthRequestContext> | null = null;
  const done = () => {
    inflight.delete(id);
    if (storage) {
      oauthCallbacks.delete(storage);
      storage.disable();
      storage = null;
    }
  };
  res.once("finish", done);
  res.once("close", done);
  const oauth = req.path.startsWith("/callback/") && req.path !== "/callback/guest";
  if (oauth || /\/signout\/?$/i.test(req.path)) {
    storage = new AsyncLocalStorage<AuthRequestContext>();
    oauthCallbacks.add(storage);
    storage.run(ctx, next);
    return;
  }
  next();
}

function contextOf(request: globalThis.Request): AuthRequestContext | undefined {
  const id = request.headers.get(CONTEXT_HEADER);
  return id ? inflight.get(id) : undefined;
}

/** The request of an OAuth callback or a sign-out in flight (see authContext). */
function requestContext(): AuthRequestContext | undefined {
  for (const storage of oauthCallbacks) {
    const ctx = storage.getStore();
    if (ctx) return ctx;
  }
  return undefined;
}

export interface AuthDeps {
  config: Config;
  accounts: Accounts;
  signer: TokenSigner;
  clock: Clock;
  log: Logger;
  /** a Discord sign-in asks Discord for the player's subscription */
  subscriptions: Pick<Subscriptions, "refresh">;
}

/** Pickle Garden's fields on the Auth.js session and JWT. */
export interface SessionUser {
  discordId: string;
  name: string;
  image: string | null;
  isGuest: boolean;
  /** the player's token generation when this session began (TokenGenerations) */
  generation: number;
  /** when the cookie read expires, epoch ms (Auth.js renews the cookie as it is used) */
  expiresAt?: number;
}

/** A session JWT's token generation; cookies issued before generations were embedded count as 0. */
export const generationOf = (token: Record<string, unknown>) =>
  typeof token.gen === "number" ? token.gen : 0;

export function cookieOptions(req: Request, maxAge: number) {
  return { httpOnly: true, sameSite: "lax" as const, secure: req.secure, path: "/", maxAge };
}

/** The guest a sign-in comes back as: its signed token from the form, else from the browser's cookie. */
export function returningGuest(
  signer: TokenSigner,
  formToken: unknown,
  cookieHeader: string | null | undefined,
  now: number,
): { claims: TokenClaims; fromForm: boolean } | null {
  const fromForm = signer.verify("guest", formToken, now);
  const claims = fromForm ?? signer.verify("guest", parseCookies(cookieHeader)[GUEST_COOKIE], now);
  return claims && isGuestId(claims.sub) ? { claims, fromForm: fromForm !== null } : null;
}

export function createAuthConfig(deps: AuthDeps): ExpressAuthConfig {
  const { config, accounts, signer, clock, log } = deps;
  // a guest token of an older generation was revoked by a sign-out
  const revoked = async (claims: TokenClaims) =>
    tokenGeneration(claims) !== (await accounts.tokens.current(claims.sub));
  const providers: ExpressAuthConfig["providers"] = [
    Credentials({
      id: "guest",
      name: "Guest",
      credentials: { guestToken: { type: "hidden" } },
      async authorize(credentials, request) {
        const ctx = contextOf(request);
        const now = clock.now();
        const cookieHeader = ctx?.req.headers.cookie ?? request.headers.get("cookie");
        const known = returningGuest(signer, credentials.guestToken, cookieHeader, now);
        if (credentials.guestToken && !known?.fromForm)
          log.info("guest sign-in: an invalid guest token was ignored");
        if (known && (await revoked(known.claims))) {
          // a copy kept past the guest's sign-out: refused, and forgotten so the next try is a new guest
          log.info("guest sign-in: a revoked guest token was refused");
          ctx?.res.clearCookie(GUEST_COOKIE, { path: "/" });
          return null;
        }
        const guestId = known ? known.claims.sub : mintGuestId();
        const { doc } = await accounts.ensurePlayer({ discordId: guestId, username: GUEST_USERNAME });
        const token = known?.fromForm ? String(credentials.guestToken) : null;
        // refresh (or first set) the one-year cookie that lets this browser come back as this guest
        ctx?.res.cookie(
          GUEST_COOKIE,
          token ?? signer.guestToken(guestId, now, known ? tokenGeneration(known.claims) : 0),
          cookieOptions(ctx.req, GUEST_TOKEN_TTL_MS),
        );
        return { id: guestId, name: doc.player.username, image: doc.player.avatar, discordId: guestId };
      },
    }),
  ];
  if (config.discord) {
    providers.push(
      Discord({
        clientId: config.discord.clientId,
        clientSecret: config.discord.clientSecret,
        authorization: { url: `${config.discordApiBase}/oauth2/authorize`, params: { scope: "identify" } },
        token: `${config.discordApiBase}/oauth2/token`,
        userinfo: `${config.discordApiBase}/users/@me`,
      }),
    );
  }

  return {
    secret: config.authSecret,
    trustHost: true,
    basePath: "/api/auth",
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
    providers,
    logger: {
      error: (error) => log.warn({ err: { name: error.name, message: error.message } }, "auth.js error"),
      warn: (code) => log.debug({ code }, "auth.js warning"),
      debug: () => {},
    },
    events: {
      // signing out ends every session of the player: its cookies, its bearer tokens and its sockets;
      // a guest's browser gets a guest cookie of the new generation, so only this browser can come back
      async signOut(message) {
        const discordId = "token" in message ? message.token?.discordId : undefined;
        if (typeof discordId !== "string" || !discordId) return;
        const generation = await accounts.signOut(discordId);
        const ctx = requestContext();
        if (ctx && isGuestId(discordId))
          ctx.res.cookie(
            GUEST_COOKIE,
            signer.guestToken(discordId, clock.now(), generation),
            cookieOptions(ctx.req, GUEST_TOKEN_TTL_MS),
          );
      },
    },
    callbacks: {
      async jwt({ token, user, account, profile }) {
        if (account?.provider === "guest" && user) {
          const u = user as typeof user & { discordId: string };
          token.discordId = u.discordId;
          token.isGuest = true;
        } else if (account?.provider === "discord") {
          const discordId = account.providerAccountId;
          const p = (profile ?? {}) as { username?: string; global_name?: string | null };
          const discord = {
            discordId,
            username: p.global_name ?? p.username ?? user?.name ?? "Gardener",
            avatar: user?.image ?? null,
          };
          await linkOrLoad(deps, discord);
          await deps.subscriptions.refresh(discordId);
          token.discordId = discordId;
          token.isGuest = false;
          token.name = discord.username;
        }
        const discordId = String(token.discordId ?? token.sub ?? "");
        // a sign-in starts in the current generation (after linking's bump); a stale session is over
        // (null: Auth.js answers no session and clears the cookie)
        const current = await accounts.tokens.current(discordId);
        if (account) token.gen = current;
        else if (generationOf(token) !== current) return null;
        return token;
      },
      async session({ session, token }) {
        const user = session.user as unknown as SessionUser;
        user.discordId = String(token.discordId ?? token.sub ?? "");
        user.isGuest = token.isGuest === true;
        user.generation = generationOf(token);
        if (typeof token.exp === "number") user.expiresAt = token.exp * 1000;
        return session;
      },
    },
  };
}

/** A Discord sign-in: links the pending guest (pg_link cookie) or just loads/creates the player. */
async function linkOrLoad(
  deps: AuthDeps,
  discord: { discordId: string; username: string; avatar: string | null },
) {
  const { accounts, signer, clock, log } = deps;
  const ctx = requestContext();
  const pending = ctx
    ? signer.verify("link", parseCookies(ctx.req.headers.cookie)[LINK_COOKIE], clock.now())
    : null;
  if (!ctx || !pending) {
    await accounts.ensurePlayer(discord);
    return;
  }
  const result = await accounts.linkGuest(pending.sub, discord);
  if ("conflict" in result) {
    // keep the pending link, now naming the Discord id, until the player chooses (POST /api/account/link)
    const token = signer.sign("link", {
      ...pending,
      ext: discord.discordId,
      name: discord.username,
      avatar: discord.avatar,
    });
    ctx.res.cookie(LINK_COOKIE, token, cookieOptions(ctx.req, 15 * 60_000));
    log.info(
      { guestId: pending.sub, discordId: discord.discordId },
      "link: both have progress, awaiting choice",
    );
    return;
  }
  ctx.res.clearCookie(LINK_COOKIE, { path: "/" });
  ctx.res.clearCookie(GUEST_COOKIE, { path: "/" });
}
