import { existsSync } from "node:fs";
import { createServer as createHttpServer, type Server as HttpServer } from "node:http";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ExpressAuth } from "@auth/express";
import cors from "cors";
import express, {
  type ErrorRequestHandler,
  type Express,
  type NextFunction,
  type Request,
  type Response,
} from "express";
import { rateLimit } from "express-rate-limit";
import { Server as SocketServer } from "socket.io";
import { accountRoutes, usernameRoute } from "./auth/accountRoutes.ts";
import { Accounts } from "./auth/accounts.ts";
import { authContext, createAuthConfig } from "./auth/authConfig.ts";
import { createDiscordApi, instanceUsersOf } from "./auth/discordApi.ts";
import { guestMintLimit } from "./auth/guestMintLimit.ts";
import { holdSessionCookieDuringOAuth } from "./auth/holdSessionCookie.ts";
import {
  createSessionResolver,
  requireSession,
  type SessionResolver,
  socketSession,
} from "./auth/requireSession.ts";
import { tokenRoute } from "./auth/tokenRoute.ts";
import { TokenSigner } from "./auth/tokens.ts";
import { type Clock, SystemClock, TestClock } from "./clock.ts";
import type { Config } from "./config.ts";
import { GameService } from "./game/GameService.ts";
import { username as renameIntent } from "./game/intentCalls.ts";
import { RoomService } from "./game/RoomService.ts";
import { botRoutes } from "./http/botRoutes.ts";
import { gameRoutes } from "./http/gameRoutes.ts";
import { fromAllowedOrigin, jsonBodiesOnly, sameOriginWrites } from "./http/sameOrigin.ts";
import { testClockRoute } from "./http/testClockRoute.ts";
import { createLogger, type Logger } from "./log.ts";
import { connectedPlayers, registry } from "./metrics.ts";
import { coalesceWrites } from "./realtime/coalesceWrites.ts";
import { guardSocket, SOCKET_MAX_PAYLOAD_BYTES } from "./realtime/guardSocket.ts";
import { registerGameSocket } from "./realtime/registerGameSocket.ts";
import { SocketTransport } from "./realtime/SocketTransport.ts";
import { securityHeaders } from "./securityHeaders.ts";
import { createStore } from "./store/createStore.ts";
import type { Store } from "./store/Store.ts";

/**
 * Assembles the server (not listening yet): storage, clock, identity, the game service, HTTP routes,
 * Socket.IO on /api/socket, metrics, static web app. `main.ts` listens; tests listen on port 0.
 */

export interface ServerDeps {
  store?: Store;
  clock?: Clock;
  log?: Logger;
  /** the fetch used to reach Discord's API (tests may pass their own) */
  fetch?: typeof fetch;
  /** the built web app (default: config.webDist, then web/dist) */
  webDist?: string;
}

export interface PickleServer {
  httpServer: HttpServer;
  app: Express;
  io: SocketServer;
  service: GameService;
  rooms: RoomService;
  store: Store;
  clock: Clock;
  log: Logger;
  accounts: Accounts;
  signer: TokenSigner;
  sessions: SessionResolver;
  /** Stops accepting work, flushes every live player, closes sockets, Redis and the store. Idempotent. */
  close(): Promise<void>;
}

/** API paths reachable without a session; everything else under /api requires one. */
export const PUBLIC_API_PATHS = ["/auth", "/token", "/server-time", "/test/clock", "/bot"] as const;
const isPublic = (path: string) => PUBLIC_API_PATHS.some((p) => path === p || path.startsWith(`${p}/`));

const DEFAULT_WEB_DIST = fileURLToPath(new URL("../../web/dist", import.meta.url));
export const JSON_BODY_LIMIT = "16kb";

export async function createServer(config: Config, deps: ServerDeps = {}): Promise<PickleServer> {
  const log = deps.log ?? createLogger(config);
  if (config.authSecretGenerated) {
    log.warn(
      { file: join(config.dataDir, "dev-auth-secret") },
      "AUTH_SECRET is not set: using a generated development secret kept in DATA_DIR (set AUTH_SECRET in production)",
    );
  }
  if (!config.discord) {
    log.info("Discord sign-in is off (set DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET to turn it on)");
  }
  if (config.testClock) log.warn("TEST_CLOCK=1: POST /api/test/clock can move the server's time forward");

  const clock = deps.clock ?? (config.testClock ? new TestClock() : new SystemClock());
  const store = deps.store ?? (await createStore(config, log));
  const signer = new TokenSigner(config.authSecret);
  const discord = createDiscordApi(config, deps.fetch);
  const instanceUsers = instanceUsersOf(discord, config);
  const accounts = new Accounts({ store, clock, log: log.child({ component: "accounts" }) });
  const transport = new SocketTransport();
  const service = new GameService({ store, clock, log: log.child({ component: "game" }), config, transport });
  const rooms = new RoomService({ game: service, transport, ...config.rooms });

  const authConfig = createAuthConfig({
    config,
    accounts,
    signer,
    clock,
    log: log.child({ component: "auth" }),
  });
  const sessions = createSessionResolver({ authConfig, signer, generations: accounts.tokens, clock, log });

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  app.set("etag", false);

  // helmet's full set on pages (the web app, Auth.js's pages); on JSON answers only what applies to them
  const pageHeaders = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:", "https://cdn.discordapp.com"],
        "connect-src": ["'self'", "ws:", "wss:", "https://discord.com"],
        "font-src": ["'self'", "data:"],
        // the activity is framed by Discord
        "frame-ancestors": [
          "'self'",
          "https://discord.com",
          "https://*.discord.com",
          "https://*.discordsays.com",
        ],
        "upgrade-insecure-requests": null,
      },
    },
    frameguard: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "cross-origin" },
  });
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
  app.use((req, res, next) =>
    req.path.startsWith("/api/") && !req.path.startsWith("/api/auth/")
      ? apiHeaders(req, res, next)
      : pageHeaders(req, res, next),
  );

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

  app.get("/healthz", (_req, res) => {
    res
      .set("cache-control", "no-store")
      .json({ ok: true, uptime: Math.round(process.uptime()), now: clock.now() });
  });
  app.get("/metrics", async (_req, res) => {
    res.set("content-type", registry.contentType).send(await registry.metrics());
  });

  if (config.rateLimit.writes > 0) {
    const limitWrites = rateLimit({
      windowMs: config.rateLimit.windowMs,
      limit: config.rateLimit.writes,
      standardHeaders: "draft-8",
      legacyHeaders: false,
      message: { error: "TooManyRequests", message: "Too many requests: slow down and try again shortly." },
    });
    app.use("/api", (req, res, next) =>
      req.method === "GET" ||
      req.method === "HEAD" ||
      req.method === "OPTIONS" ||
      req.path.startsWith("/bot/")
        ? next()
        : limitWrites(req, res, next),
    );
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
    guestMintLimit({ perHour: config.guestSigninsPerHour, signer, clock }),
  );

  // Identity: Auth.js under /api/auth (STACK.md: mount the path, not "/auth/*"), then the activity's exchange.
  app.use("/api/auth", authContext, holdSessionCookieDuringOAuth, ExpressAuth(authConfig));
  app.use(
    "/api/token",
    tokenRoute({
      config,
      accounts,
      signer,
      clock,
      log: log.child({ component: "token" }),
      discord,
      instanceUsers,
    }),
  );
  if (config.testClock && clock instanceof TestClock) app.use("/api/test/clock", testClockRoute(clock));

  // The bot's service API (its own bearer token, its own rate limit), or nothing when BOT_API_TOKEN is unset.
  if (config.botApiToken) {
    app.use("/api/bot", botRoutes(service, config.botApiToken, config.rateLimit));
    service.welcomeBack = {
      minMinutes: config.botSummaryMinMinutes,
      gameUrl: config.authUrl ?? `http://localhost:${config.port}`,
    };
  } else log.info("bot service API is off (set BOT_API_TOKEN and DISCORD_BOT_TOKEN to run the Discord bot)");

  // Every other /api path needs a session; routes read res.locals.discordId.
  const needSession = requireSession(sessions);
  app.use("/api", (req: Request, res: Response, next: NextFunction) =>
    isPublic(req.path) ? next() : needSession(req, res, next),
  );
  app.use("/api/account", accountRoutes({ config, accounts, signer, clock }));
  app.patch("/api/user/username", usernameRoute(accounts));
  app.use("/api", gameRoutes(service));
  app.use("/api", (_req, res) => {
    res.status(404).json({ error: "NotFound", message: "No such API route." });
  });

  const webDist = deps.webDist ?? config.webDist ?? DEFAULT_WEB_DIST;
  app.use(express.static(webDist, { index: false, maxAge: "1h" }));
  app.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const index = join(webDist, isActivityLaunch(req) ? "activity.html" : "index.html");
    if (!existsSync(index)) {
      res
        .status(404)
        .type("text/plain")
        .send("The web app is not built: run `npm run build` (npm start does it).");
      return;
    }
    res.set("cache-control", "no-cache").sendFile(index);
  });

  app.use(errorHandler(log));

  const httpServer = createHttpServer(app);
  const io = new SocketServer(httpServer, {
    path: "/api/socket",
    serveClient: false,
    transports: ["websocket", "polling"],
    cors: config.corsOrigins.length > 0 ? { origin: config.corsOrigins, credentials: true } : undefined,
    maxHttpBufferSize: SOCKET_MAX_PAYLOAD_BYTES,
  });
  coalesceWrites(io.engine);
  const redis = config.redisUrl ? await attachRedis(io, config.redisUrl, log) : null;
  io.use(socketSession(sessions, (headers, own) => fromAllowedOrigin(headers, own, config)));
  trackConnectedPlayers(io);
  const socketLog = log.child({ component: "socket" });
  io.on("connection", (socket) => guardSocket(socket, config.socketEvents, socketLog));
  transport.bind(io);
  registerGameSocket(io, service, rooms, instanceUsers);
  accounts.useLiveSessions({
    // a player whose id is about to move or be archived is signed out of its sockets first
    // (room `player:<discordId>`, the game transport's), then flushed and forgotten
    async evict(discordId) {
      io.in(`player:${discordId}`).disconnectSockets(true);
      await service.signOut(discordId);
    },
    async setUsername(discordId, name) {
      await renameIntent(service, discordId, name);
    },
  });

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      httpServer.closeIdleConnections?.();
      const httpClosed = new Promise<void>((resolve) => {
        if (!httpServer.listening) return resolve();
        httpServer.close(() => resolve());
      });
      const force = setTimeout(() => httpServer.closeAllConnections?.(), 3000);
      force.unref();
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => {
        io.close(() => resolve());
      });
      await httpClosed;
      clearTimeout(force);
      rooms.close();
      await service.close();
      await redis?.close();
      await store.close();
    })();
    return closing;
  };

  return { httpServer, app, io, service, rooms, store, clock, log, accounts, signer, sessions, close };
}

/**
 * The Discord Activity's page instead of the website's (DESIGN §6): Discord launches the URL mapped to `/`
 * with `frame_id` (and `instance_id`, `platform`) in the query; `/activity` runs it with the SDK's mock.
 */
export function isActivityLaunch(req: Request): boolean {
  if (req.path === "/activity" || req.path.startsWith("/activity/")) return true;
  return req.path === "/" && typeof req.query.frame_id === "string";
}

function errorHandler(log: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const e = error as {
      type?: string;
      status?: number;
      statusCode?: number;
      expose?: boolean;
      message?: string;
    };
    if (e.type === "entity.parse.failed") {
      res.status(400).json({ error: "Malformed JSON", message: "The request body is not valid JSON." });
      return;
    }
    if (e.type === "entity.too.large") {
      res
        .status(413)
        .json({ error: "PayloadTooLarge", message: `The request body is over ${JSON_BODY_LIMIT}.` });
      return;
    }
    const status = e.status ?? e.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      res
        .status(status)
        .json({ error: "BadRequest", message: e.expose && e.message ? e.message : "Bad request." });
      return;
    }
    log.error({ err: error, method: req.method, path: req.path }, "request failed");
    res.status(500).json({ error: "InternalError", message: "Something went wrong on our side." });
  };
}

/** connected players = distinct player ids with at least one open socket on this node */
function trackConnectedPlayers(io: SocketServer): void {
  const counts = new Map<string, number>();
  io.on("connection", (socket) => {
    const id = socket.data.discordId as string;
    counts.set(id, (counts.get(id) ?? 0) + 1);
    connectedPlayers.set(counts.size);
    socket.on("disconnect", () => {
      const left = (counts.get(id) ?? 1) - 1;
      if (left <= 0) counts.delete(id);
      else counts.set(id, left);
      connectedPlayers.set(counts.size);
    });
  });
}

async function attachRedis(io: SocketServer, url: string, log: Logger): Promise<{ close(): Promise<void> }> {
  const [{ createAdapter }, { createClient }] = await Promise.all([
    import("@socket.io/redis-adapter"),
    import("redis"),
  ]);
  const pub = createClient({ url });
  const sub = pub.duplicate();
  for (const client of [pub, sub]) client.on("error", (err: Error) => log.error({ err }, "redis error"));
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      Promise.all([pub.connect(), sub.connect()]),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`Redis at REDIS_URL did not answer within 10 s`)), 10_000);
      }),
    ]);
  } catch (error) {
    await Promise.allSettled([pub.destroy(), sub.destroy()]);
    throw error;
  } finally {
    clearTimeout(timer);
  }
  io.adapter(createAdapter(pub, sub));
  log.info("socket.io: Redis adapter on (REDIS_URL)");
  return {
    async close() {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
