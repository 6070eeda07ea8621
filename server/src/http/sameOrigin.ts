import type { IncomingHttpHeaders } from "node:http";
import type { RequestHandler } from "express";
import type { Config } from "../config.ts";

/**
 * Cross-site request forgery: a browser attaches the session cookie to requests another site makes, so
 * every state-changing request authenticated by that cookie must come from our own origin (or one of
 * CORS_ORIGINS). `Origin` decides; without it `Sec-Fetch-Site` does (same-origin and none pass); a
 * request with neither is not a browser's (a script, the bot) and passes. Bearer tokens are not sent
 * by browsers on their own, so requests carrying one are not checked.
 */

const SESSION_COOKIE = "authjs.session-token";

export function carriesSessionCookie(headers: IncomingHttpHeaders): boolean {
  return headers.authorization === undefined && (headers.cookie ?? "").includes(SESSION_COOKIE);
}

/** `own` is the origin the request was addressed to, e.g. http://localhost:3000. */
export function fromAllowedOrigin(
  headers: IncomingHttpHeaders,
  own: string,
  config: Pick<Config, "corsOrigins" | "authUrl">,
): boolean {
  const origin = headers.origin;
  if (origin !== undefined) {
    return (
      origin === own ||
      config.corsOrigins.includes(origin) ||
      (config.authUrl !== undefined && origin === new URL(config.authUrl).origin)
    );
  }
  const site = headers["sec-fetch-site"];
  if (site !== undefined) return site === "same-origin" || site === "none";
  return true;
}

/** Auth.js's own paths, spelled any way Express routes them to it (case-insensitive, as mounted). */
const isAuthJsPath = (path: string) => /^\/api\/auth(\/|$)/i.test(path);

/**
 * Refuses (403) a request signed in by the session cookie that comes from another origin. Sits in
 * front of every non-GET (sameOriginWrites) and on each GET route that changes state, so Express's own
 * matching (any letter case, a trailing slash) decides what it guards, never a copy of the path.
 */
export function sameOriginOnly(config: Config): RequestHandler {
  return (req, res, next) => {
    if (
      !carriesSessionCookie(req.headers) ||
      fromAllowedOrigin(req.headers, `${req.protocol}://${req.get("host")}`, config)
    ) {
      next();
      return;
    }
    res.status(403).json({
      error: "CrossSiteRequest",
      message: "This request came from another site; the session cookie is only honoured from this one.",
    });
  };
}

/**
 * Mounted before the API routes: every request but GET, HEAD and OPTIONS, whatever its path, goes
 * through sameOriginOnly. Auth.js guards its own routes under /api/auth with its CSRF token.
 */
export function sameOriginWrites(config: Config): RequestHandler {
  const guard = sameOriginOnly(config);
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS" || isAuthJsPath(req.path)) {
      next();
      return;
    }
    guard(req, res, next);
  };
}

/** Outside /api/auth (Auth.js's form posts) a body must be JSON. */
export const jsonBodiesOnly: RequestHandler = (req, res, next) => {
  const empty = req.headers["content-length"] === "0";
  if (
    empty ||
    !/^\/api\//i.test(req.path) ||
    isAuthJsPath(req.path) ||
    req.is("application/json") !== false
  ) {
    next();
    return;
  }
  res.status(415).json({ error: "UnsupportedMediaType", message: "Send the body as application/json." });
};
