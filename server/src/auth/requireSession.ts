import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import { type ExpressAuthConfig, getSession } from "@auth/express";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { Socket } from "socket.io";
import type { Clock } from "../clock.ts";
import type { Logger } from "../log.ts";
import type { SessionUser } from "./authConfig.ts";
import type { TokenGenerations } from "./tokenGenerations.ts";
import { type TokenSigner, tokenGeneration } from "./tokens.ts";

/**
 * Who is calling: an `Authorization: Bearer <sessionToken>` header (our signed token from
 * POST /api/token; the activity's way) or the Auth.js session cookie (the website's way). Never a
 * token in a URL. Routes read `res.locals.discordId` and `res.locals.instances`; sockets read
 * `socket.data.discordId` and `socket.data.instances` (the `discord:<instanceId>` rooms the bearer
 * token was granted; always empty for a cookie session).
 */

export interface SessionIdentity {
  discordId: string;
  instances: string[];
  /** the player's token generation the session began in: it is over once the generation moves on */
  generation: number;
  /** when the session's cookie or token expires, epoch ms (a socket is closed then) */
  expiresAt: number;
}

interface CookieEntry {
  discordId: string;
  generation: number;
  expiresAt: number;
}

const SESSION_COOKIE = "authjs.session-token";
const CACHE_TTL_MS = 30_000;
const CACHE_MAX = 10_000;

export interface SessionResolver {
  /** The caller, or null when there is no valid session. */
  resolve(
    headers: IncomingHttpHeaders,
    protocol: string,
    authorization?: string,
  ): Promise<SessionIdentity | null>;
  /**
   * The caller from what this node verified lately, with no I/O and no await: undefined when it must
   * look (then `resolve`). A busy client's requests are answered here.
   */
  known(headers: IncomingHttpHeaders, authorization?: string): SessionIdentity | null | undefined;
  /** The caller of an Authorization header, or null. */
  fromAuthorization(authorization: string): Promise<SessionIdentity | null>;
}

export function createSessionResolver(deps: {
  authConfig: ExpressAuthConfig;
  signer: TokenSigner;
  generations: Pick<TokenGenerations, "current" | "remembered">;
  clock: Clock;
  log: Logger;
}): SessionResolver {
  const { authConfig, signer, generations, clock, log } = deps;
  // Decoding the Auth.js cookie (an encrypted JWT) costs far more than a request; remember recent
  // answers briefly, with the generation each began in: a copy of a cookie kept past sign-out or
  // linking is refused as soon as the player's generation moves on (the jwt callback refuses it too).
  const cookies = new Map<string, CookieEntry & { until: number }>();
  // the whole header is the key: the same bytes always hold the same session cookie (or its chunks
  // authjs.session-token.0, .1, … when large), and a browser sends the same header on every call
  const cookieKey = (headers: IncomingHttpHeaders) => {
    const key = headers.cookie;
    return key?.includes(SESSION_COOKIE) ? key : undefined;
  };
  const cookieIdentity = ({ discordId, generation, expiresAt }: CookieEntry, current: number) =>
    generation === current ? { discordId, instances: [], generation, expiresAt } : null;

  const decode = async (key: string, headers: IncomingHttpHeaders, protocol: string) => {
    try {
      const session = await getSession({ protocol, headers } as unknown as Request, authConfig);
      const user = session?.user as SessionUser | undefined;
      if (!user?.discordId) return null;
      if (cookies.size >= CACHE_MAX) cookies.clear();
      const now = Date.now();
      const expires = session?.expires ? Date.parse(session.expires) : now + CACHE_TTL_MS;
      const entry: CookieEntry = {
        discordId: user.discordId,
        generation: user.generation,
        expiresAt: user.expiresAt ?? expires,
      };
      cookies.set(key, { ...entry, until: Math.min(now + CACHE_TTL_MS, expires) });
      return entry;
    } catch (error) {
      log.debug({ err: error }, "session cookie rejected");
      return null;
    }
  };
  // one decode per cookie at a time: when a busy client's entry runs out, its calls in flight wait for
  // the one decode instead of each decoding the same cookie
  const decoding = new Map<string, Promise<CookieEntry | null>>();
  const fromCookie = async (
    headers: IncomingHttpHeaders,
    protocol: string,
  ): Promise<SessionIdentity | null> => {
    const key = cookieKey(headers);
    if (key === undefined) return null;
    const hit = cookies.get(key);
    let entry: CookieEntry | null | undefined = hit && hit.until > Date.now() ? hit : undefined;
    if (entry === undefined) {
      let pending = decoding.get(key);
      if (!pending) {
        pending = decode(key, headers, protocol).finally(() => decoding.delete(key));
        decoding.set(key, pending);
      }
      entry = await pending;
    }
    if (!entry) return null;
    return cookieIdentity(entry, await generations.current(entry.discordId));
  };

  // verified bearer tokens, so a busy client costs one HMAC per token, not per request
  const verified = new Map<string, { identity: SessionIdentity; exp: number }>();
  const verify = (token: string) => {
    const now = clock.now();
    const hit = verified.get(token);
    if (hit) return hit.exp > now ? hit : null;
    const claims = signer.verify("session", token, now);
    if (!claims) return null;
    const instances = Array.isArray(claims.instances)
      ? claims.instances.filter((id): id is string => typeof id === "string")
      : [];
    const exp = claims.exp ?? Number.POSITIVE_INFINITY;
    const generation = tokenGeneration(claims);
    const entry = { identity: { discordId: claims.sub, instances, generation, expiresAt: exp }, exp };
    if (verified.size >= CACHE_MAX) verified.clear();
    verified.set(token, entry);
    return entry;
  };
  const bearerEntry = (authorization: string) => {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
    return token === undefined ? null : verify(token);
  };
  // a token of an older generation was revoked (sign-out, linking)
  const bearerIdentity = (entry: { identity: SessionIdentity }, current: number) =>
    entry.identity.generation === current ? entry.identity : null;
  const fromAuthorization = async (authorization: string): Promise<SessionIdentity | null> => {
    const entry = bearerEntry(authorization);
    return entry && bearerIdentity(entry, await generations.current(entry.identity.discordId));
  };

  const known = (
    headers: IncomingHttpHeaders,
    authorization = headers.authorization,
  ): SessionIdentity | null | undefined => {
    if (authorization) {
      const entry = bearerEntry(authorization);
      if (!entry) return null;
      const current = generations.remembered(entry.identity.discordId);
      return current === undefined ? undefined : bearerIdentity(entry, current);
    }
    const key = cookieKey(headers);
    if (key === undefined) return null;
    const hit = cookies.get(key);
    if (!hit || hit.until <= Date.now()) return undefined;
    const current = generations.remembered(hit.discordId);
    return current === undefined ? undefined : cookieIdentity(hit, current);
  };

  return {
    fromAuthorization,
    known,
    async resolve(headers, protocol, authorization = headers.authorization) {
      // a bad bearer token is an answer in itself: never fall back to a cookie
      if (authorization) return fromAuthorization(authorization);
      return fromCookie(headers, protocol);
    },
  };
}

/** Express middleware: sets res.locals.discordId and .instances, or answers 401 { error: "SessionRequired" }. */
export function requireSession(sessions: SessionResolver): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const admit = (identity: SessionIdentity | null) => {
      if (!identity) {
        res.status(401).json({ error: "SessionRequired", message: "Sign in first." });
        return;
      }
      res.locals.discordId = identity.discordId;
      res.locals.instances = identity.instances;
      next();
    };
    const known = sessions.known(req.headers);
    if (known !== undefined) admit(known);
    else sessions.resolve(req.headers, req.protocol).then(admit, (error: unknown) => next(error));
  };
}

/** Express's compiled TRUST_PROXY (`app.get("trust proxy fn")`): whether the hop at `index` is a trusted proxy. */
export type ProxyTrust = (address: string, index: number) => boolean;

/** A handshake's protocol read as Express reads a request's: `x-forwarded-proto` only from a trusted proxy. */
export function handshakeProtocol(req: IncomingMessage, trustProxy: ProxyTrust): string {
  const own = (req.socket as TLSSocket).encrypted ? "https" : "http";
  if (!trustProxy(req.socket.remoteAddress ?? "", 0)) return own;
  const header = req.headers["x-forwarded-proto"];
  const first = (Array.isArray(header) ? header[0] : header)?.split(",")[0]?.trim();
  return first || own;
}

/**
 * Socket.IO middleware: `handshake.auth.token` (a session token) or the session cookie; a handshake
 * signed in by the cookie must come from an allowed origin (`originAllowed`, see http/sameOrigin.ts).
 */
export function socketSession(
  sessions: SessionResolver,
  originAllowed: (headers: IncomingHttpHeaders, ownOrigin: string) => boolean,
  trustProxy: ProxyTrust,
) {
  return (socket: Socket, next: (err?: Error) => void) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    const authorization = typeof token === "string" && token ? `Bearer ${token}` : undefined;
    const headers = socket.request.headers;
    const protocol = handshakeProtocol(socket.request, trustProxy);
    if (!authorization && !originAllowed(headers, `${protocol}://${headers.host}`)) {
      next(Object.assign(new Error("CrossSiteRequest"), { data: { error: "CrossSiteRequest" } }));
      return;
    }
    sessions.resolve(headers, protocol, authorization).then(
      (identity) => {
        if (!identity) {
          next(Object.assign(new Error("SessionRequired"), { data: { error: "SessionRequired" } }));
          return;
        }
        socket.data.discordId = identity.discordId;
        socket.data.instances = identity.instances;
        socket.data.generation = identity.generation;
        socket.data.expiresAt = identity.expiresAt;
        next();
      },
      (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
    );
  };
}
