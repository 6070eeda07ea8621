import type { IncomingHttpHeaders } from "node:http";
import { type ExpressAuthConfig, getSession } from "@auth/express";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { Socket } from "socket.io";
import type { Clock } from "../clock.ts";
import type { Logger } from "../log.ts";
import type { SessionUser } from "./authConfig.ts";
import { parseCookies, type TokenSigner } from "./tokens.ts";

/**
 * Who is calling: an `Authorization: Bearer <sessionToken>` header (our signed token from
 * POST /api/token; the activity's way) or the Auth.js session cookie (the website's way). Never a
 * token in a URL. Routes read `res.locals.discordId`; sockets read `socket.data.discordId`.
 */

const SESSION_COOKIE = "authjs.session-token";
const CACHE_TTL_MS = 30_000;
const CACHE_MAX = 10_000;

export interface SessionResolver {
  /** The caller's player id, or null when there is no valid session. */
  resolve(headers: IncomingHttpHeaders, protocol: string, authorization?: string): Promise<string | null>;
  /** The player id of an Authorization header (synchronous: the hot path), or null. */
  fromAuthorization(authorization: string): string | null;
}

export function createSessionResolver(deps: {
  authConfig: ExpressAuthConfig;
  signer: TokenSigner;
  clock: Clock;
  log: Logger;
}): SessionResolver {
  const { authConfig, signer, clock, log } = deps;
  // Decoding the Auth.js cookie (an encrypted JWT) costs far more than a request; remember recent
  // answers briefly. A signed-out browser no longer sends the cookie, so it never hits the cache.
  const cache = new Map<string, { discordId: string; until: number }>();

  const fromCookie = async (headers: IncomingHttpHeaders, protocol: string): Promise<string | null> => {
    const cookies = parseCookies(headers.cookie);
    // the session cookie, or its chunks (authjs.session-token.0, .1, …) when large
    const key = Object.keys(cookies)
      .filter((name) => name.includes(SESSION_COOKIE))
      .sort()
      .map((name) => `${name}=${cookies[name]}`)
      .join(";");
    if (!key) return null;
    const hit = cache.get(key);
    const now = Date.now();
    if (hit && hit.until > now) return hit.discordId;
    try {
      const session = await getSession({ protocol, headers } as unknown as Request, authConfig);
      const discordId = (session?.user as SessionUser | undefined)?.discordId;
      if (!discordId) return null;
      if (cache.size >= CACHE_MAX) cache.clear();
      const expires = session?.expires ? Date.parse(session.expires) : now + CACHE_TTL_MS;
      cache.set(key, { discordId, until: Math.min(now + CACHE_TTL_MS, expires) });
      return discordId;
    } catch (error) {
      log.debug({ err: error }, "session cookie rejected");
      return null;
    }
  };

  // verified bearer tokens, so a busy client costs one HMAC per token, not per request
  const verified = new Map<string, { sub: string; exp: number }>();
  const fromBearer = (token: string): string | null => {
    const now = clock.now();
    const hit = verified.get(token);
    if (hit) return hit.exp > now ? hit.sub : null;
    const claims = signer.verify("session", token, now);
    if (!claims) return null;
    if (verified.size >= CACHE_MAX) verified.clear();
    verified.set(token, { sub: claims.sub, exp: claims.exp ?? Number.POSITIVE_INFINITY });
    return claims.sub;
  };

  const fromAuthorization = (authorization: string): string | null => {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    return match?.[1] ? fromBearer(match[1]) : null;
  };

  return {
    fromAuthorization,
    async resolve(headers, protocol, authorization = headers.authorization) {
      // a bad bearer token is an answer in itself: never fall back to a cookie
      if (authorization) return fromAuthorization(authorization);
      return fromCookie(headers, protocol);
    },
  };
}

/** Express middleware: sets res.locals.discordId or answers 401 { error: "SessionRequired" }. */
export function requireSession(sessions: SessionResolver): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const authorization = req.headers.authorization;
    if (authorization) {
      const discordId = sessions.fromAuthorization(authorization);
      if (!discordId) {
        res.status(401).json({ error: "SessionRequired", message: "Sign in first." });
        return;
      }
      res.locals.discordId = discordId;
      next();
      return;
    }
    sessions.resolve(req.headers, req.protocol).then(
      (discordId) => {
        if (!discordId) {
          res.status(401).json({ error: "SessionRequired", message: "Sign in first." });
          return;
        }
        res.locals.discordId = discordId;
        next();
      },
      (error: unknown) => next(error),
    );
  };
}

/** Socket.IO middleware: `handshake.auth.token` (a session token) or the session cookie. */
export function socketSession(sessions: SessionResolver) {
  return (socket: Socket, next: (err?: Error) => void) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    const authorization = typeof token === "string" && token ? `Bearer ${token}` : undefined;
    const protocol = (socket.request.headers["x-forwarded-proto"] as string | undefined) ?? "http";
    sessions.resolve(socket.request.headers, protocol, authorization).then(
      (discordId) => {
        if (!discordId) {
          next(Object.assign(new Error("SessionRequired"), { data: { error: "SessionRequired" } }));
          return;
        }
        socket.data.discordId = discordId;
        next();
      },
      (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
    );
  };
}
