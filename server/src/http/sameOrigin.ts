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

/** GETs that change state (spec: the offline summary is delivered once and may cancel crafts). */
const STATE_CHANGING_GETS = new Set(["/api/user/sync-offline"]);

const changesState = (method: string, path: string) =>
  !(method === "GET" || method === "HEAD" || method === "OPTIONS") || STATE_CHANGING_GETS.has(path);

/**
 * Mounted before the API routes: refuses (403) a state-changing, cookie-authenticated request from
 * another origin. Auth.js guards its own routes under /api/auth with its CSRF token.
 */
export function sameOriginWrites(config: Config): RequestHandler {
  return (req, res, next) => {
    if (
      req.path.startsWith("/api/auth/") ||
      !changesState(req.method, req.path) ||
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

/** Outside /api/auth (Auth.js's form posts) a body must be JSON. */
export const jsonBodiesOnly: RequestHandler = (req, res, next) => {
  const empty = req.headers["content-length"] === "0";
  if (
    empty ||
    !req.path.startsWith("/api/") ||
    req.path.startsWith("/api/auth/") ||
    req.is("application/json") !== false
  ) {
    next();
    return;
  }
  res.status(415).json({ error: "UnsupportedMediaType", message: "Send the body as application/json." });
};
