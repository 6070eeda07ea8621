import cors from "cors";
import express, { type Express } from "express";
import { canonicalAuthPath } from "../auth/canonicalAuthPath.ts";
import { guestMintLimit } from "../auth/guestMintLimit.ts";
import type { SessionResolver } from "../auth/requireSession.ts";
import type { TokenSigner } from "../auth/tokens.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Limiters } from "../limits/Limiter.ts";
import type { Logger } from "../log.ts";
import { securityHeaders } from "../securityHeaders.ts";
import { jsonBodiesOnly, sameOriginWrites } from "./sameOrigin.ts";
import { isActivityLaunch } from "./webApp.ts";
import { writeLimit } from "./writeLimit.ts";

export const JSON_BODY_LIMIT = "16kb";

/**
 * helmet's full set on pages (the web app, Auth.js's pages), only what applies on JSON answers; CORS on
 * /api. The website may be framed by itself only (its session is a cookie). The Activity's page carries
 * no frame-ancestors: Discord frames it from discord.com, discordapp.com, their ptb and canary hosts,
 * staging and the mobile apps' frames (the embedded SDK's own list includes the origin "null", which
 * frame-ancestors cannot name), and it holds no cookie session a framing page could misuse.
 */
export function useHeaders(app: Express, config: Config): void {
  const pageDirectives = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https://cdn.discordapp.com"],
    "connect-src": ["'self'", "ws:", "wss:", "https://discord.com"],
    "font-src": ["'self'", "data:"],
    "upgrade-insecure-requests": null,
  };
  const pageHeaders = (frameAncestors: string[] | null) =>
    securityHeaders({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: { ...pageDirectives, "frame-ancestors": frameAncestors },
      },
      frameguard: false,
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: "cross-origin" },
    });
  const websiteHeaders = pageHeaders(["'self'"]);
  const activityHeaders = pageHeaders(null);
  const apiHeaders = securityHeaders({
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: "same-site" },
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    frameguard: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  app.use((req, res, next) => {
    if (req.path.startsWith("/api/") && !req.path.startsWith("/api/auth/")) apiHeaders(req, res, next);
    else if (isActivityLaunch(req)) activityHeaders(req, res, next);
    else websiteHeaders(req, res, next);
  });

  const corsMiddleware = cors({
    origin: (origin, callback) => callback(null, origin !== undefined && config.corsOrigins.includes(origin)),
    credentials: true,
    methods: ["GET", "POST", "PATCH", "PUT", "DELETE"],
    allowedHeaders: ["content-type", "authorization"],
    maxAge: 600,
  });
  // only cross-origin calls carry Origin on a GET; same-origin requests skip the CORS work
  app.use("/api", (req, res, next) =>
    req.headers.origin !== undefined || req.method === "OPTIONS" ? corsMiddleware(req, res, next) : next(),
  );
}

/**
 * Before the routes: plain Auth.js paths, the write limit (per player, per address when anonymous; the
 * token exchange and the bot count their own), same-origin writes, JSON bodies (Auth.js's form posts),
 * the guest sign-in limit. Limits count through `limiters` (Redis when set: one count across nodes).
 */
export function useRequestGuards(
  app: Express,
  config: Config,
  deps: {
    signer: TokenSigner;
    clock: Clock;
    sessions: SessionResolver;
    limiters: Limiters;
    log: Logger;
  },
): void {
  app.use("/api/auth", canonicalAuthPath);
  if (config.rateLimit.writes > 0) {
    const limitWrites = writeLimit({
      limiter: deps.limiters("writes", config.rateLimit.windowMs),
      max: config.rateLimit.writes,
      sessions: deps.sessions,
      log: deps.log,
      skip: (req) =>
        req.method === "GET" ||
        req.method === "HEAD" ||
        req.method === "OPTIONS" ||
        // the bot's service API and the token exchange count their own (botRoutes, tokenRoute)
        req.path.startsWith("/bot/") ||
        /^\/token\/?$/i.test(req.path),
    });
    app.use("/api", limitWrites);
  }

  app.use(sameOriginWrites(config));
  app.use(jsonBodiesOnly);
  const parseJson = express.json({ limit: JSON_BODY_LIMIT });
  app.use("/api", (req, res, next) =>
    req.method === "GET" || req.method === "HEAD" ? next() : parseJson(req, res, next),
  );
  // Auth.js's sign-in and sign-out are form posts
  app.use("/api/auth", express.urlencoded({ limit: JSON_BODY_LIMIT, extended: false }));
  app.post(
    "/api/auth/callback/guest",
    guestMintLimit({
      perHour: config.guestSigninsPerHour,
      limiter: deps.limiters("guests", 3600_000),
      signer: deps.signer,
      clock: deps.clock,
      log: deps.log,
    }),
  );
}
