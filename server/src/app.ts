import { createServer as createHttpServer, type Server as HttpServer } from "node:http";
import { join } from "node:path";
import { ExpressAuth } from "@auth/express";
import express, { type Express, type NextFunction, type Request, type Response } from "express";
import type { Server as SocketServer } from "socket.io";
import { accountRoutes, usernameRoute } from "./auth/accountRoutes.ts";
import { Accounts } from "./auth/accounts.ts";
import { authContext, createAuthConfig } from "./auth/authConfig.ts";
import { authErrorPageIsClientError } from "./auth/authErrorPage.ts";
import { createDiscordApi, instanceUsersOf, subscriptionWindowsOf } from "./auth/discordApi.ts";
import { holdSessionCookieDuringOAuth } from "./auth/holdSessionCookie.ts";
import {
  createSessionResolver,
  type ProxyTrust,
  requireSession,
  type SessionResolver,
} from "./auth/requireSession.ts";
import { tokenRoute } from "./auth/tokenRoute.ts";
import { TokenSigner } from "./auth/tokens.ts";
import { type Clock, SystemClock, TestClock } from "./clock.ts";
import type { Config } from "./config.ts";
import { GameService } from "./game/GameService.ts";
import { type Dispatch, playerIntents } from "./game/intents.ts";
import { RoomService } from "./game/RoomService.ts";
import { Subscriptions } from "./game/Subscriptions.ts";
import { botRoutes } from "./http/botRoutes.ts";
import { errorHandler } from "./http/errorHandler.ts";
import { gameRoutes } from "./http/gameRoutes.ts";
import { intentRoutes } from "./http/handle.ts";
import { metricsAccess } from "./http/metricsAccess.ts";
import { useHeaders, useRequestGuards } from "./http/middleware.ts";
import { sameOriginOnly } from "./http/sameOrigin.ts";
import { testClockRoute } from "./http/testClockRoute.ts";
import { DEFAULT_WEB_DIST, serveWebApp } from "./http/webApp.ts";
import { createLimiters } from "./limits/createLimiters.ts";
import { createLogger, type Logger } from "./log.ts";
import { registry } from "./metrics.ts";
import { registerGameSocket } from "./realtime/registerGameSocket.ts";
import { SocketTransport } from "./realtime/SocketTransport.ts";
import { socketIntents } from "./realtime/socketIntents.ts";
import { createSocketServer } from "./realtime/socketServer.ts";
import { ScaleOut } from "./scale/ScaleOut.ts";
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
  // several nodes: leases and forwarding through Redis (docs/scale-out.md); none on one node
  const scale = config.redisUrl
    ? await ScaleOut.connect({
        redisUrl: config.redisUrl,
        authSecret: config.authSecret,
        log: log.child({ component: "scale" }),
        ...config.scaleOut,
      })
    : null;
  // limits counted in Redis when it is set (one count across nodes), in memory otherwise
  const limits = await createLimiters(config.redisUrl, log.child({ component: "limits" }));
  const service = new GameService({
    store,
    clock,
    log: log.child({ component: "game" }),
    config,
    transport,
    ownership: scale ?? undefined,
  });
  const rooms = new RoomService({ game: service, transport, ...config.rooms });
  const subscriptions = new Subscriptions(
    service,
    subscriptionWindowsOf(discord, config),
    log.child({ component: "subscriptions" }),
  );
  if (!subscriptions.enabled) log.info("subscriptions are off (set DISCORD_SUBSCRIPTION_SKU_ID to sell one)");

  const authConfig = createAuthConfig({
    config,
    accounts,
    signer,
    clock,
    log: log.child({ component: "auth" }),
    subscriptions,
  });
  const sessions = createSessionResolver({ authConfig, signer, generations: accounts.tokens, clock, log });

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  app.set("etag", false);

  useHeaders(app, config);

  app.get("/healthz", (_req, res) => {
    const scaleOut = scale?.status();
    res
      .status(scaleOut && !scaleOut.redis ? 503 : 200)
      .set("cache-control", "no-store")
      .json({
        ok: !scaleOut || scaleOut.redis,
        uptime: Math.round(process.uptime()),
        now: clock.now(),
        live: service.liveCount,
        rooms: rooms.size,
        ...(scaleOut ? { scaleOut } : {}),
      });
  });
  app.get("/metrics", metricsAccess(config.metricsToken), async (_req, res) => {
    res.set("content-type", registry.contentType).send(await registry.metrics());
  });

  useRequestGuards(app, config, {
    signer,
    clock,
    sessions,
    limiters: limits.limiters,
    log,
  });

  // A player's intents run where the player is owned: here on one node, else at its owner (docs/scale-out.md).
  const intents = playerIntents(service, subscriptions);
  const dispatch: Dispatch = scale
    ? scale.dispatchHttp
    : (name, caller, input) => intents[name as keyof typeof intents].run(caller, input);
  const intentRoute = intentRoutes(intents, dispatch);

  // Identity: Auth.js under /api/auth (STACK.md: mount the path, not "/auth/*"), then the activity's exchange.
  app.use(
    "/api/auth",
    authContext,
    holdSessionCookieDuringOAuth,
    authErrorPageIsClientError,
    ExpressAuth(authConfig),
  );
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
      subscriptions,
      writes:
        config.rateLimit.writes > 0
          ? { limiter: limits.limiters("writes", config.rateLimit.windowMs), max: config.rateLimit.writes }
          : undefined,
    }),
  );
  if (config.testClock && clock instanceof TestClock)
    app.use(
      "/api/test/clock",
      testClockRoute(clock, () => service.beforeClockJump()),
    );

  // The bot's service API (its own bearer token, its own rate limit), or nothing when BOT_API_TOKEN is unset.
  if (config.botApiToken) {
    app.use(
      "/api/bot",
      botRoutes(
        service,
        intentRoute,
        config.botApiToken,
        config.rateLimit,
        limits.limiters,
        log.child({ component: "bot-api" }),
      ),
    );
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
  app.use("/api", gameRoutes(service, intentRoute, sameOriginOnly(config)));
  app.use("/api", (_req, res) => {
    res.status(404).json({ error: "NotFound", message: "No such API route." });
  });

  const webDist = deps.webDist ?? config.webDist ?? DEFAULT_WEB_DIST;
  serveWebApp(app, webDist);
  app.use(errorHandler(log));

  const httpServer = createHttpServer(app);
  const { io, redis } = await createSocketServer(
    httpServer,
    config,
    sessions,
    log,
    app.get("trust proxy fn") as ProxyTrust,
    { clock, generations: accounts.tokens },
  );
  transport.bind(io, redis === null);
  const socketsOf = async (discordId: string) => (await io.in(`player:${discordId}`).fetchSockets()).length;
  const events = socketIntents(service, rooms, socketsOf, instanceUsers);
  registerGameSocket(
    io,
    service,
    rooms,
    events,
    scale ? scale.dispatchSocket : (event, session, payload) => events[event]!.run(session, payload),
  );
  scale?.bind({ service, rooms, intents: { ...intents, ...events }, io });
  if (redis) {
    // a sign-out or a link on one node is known at once on the others: their remembered generations
    // move on, so a copy of a revoked cookie or token is refused there too (HTTP and socket handshakes)
    accounts.tokens.onBump((discordId, generation) =>
      io.serverSideEmit("tokenGeneration", discordId, generation),
    );
    io.on("tokenGeneration", (discordId: unknown, generation: unknown) => {
      if (typeof discordId === "string" && typeof generation === "number")
        accounts.tokens.learn(discordId, generation);
    });
  }
  // every socket of a player, on every node (room `player:<discordId>`, the game transport's)
  const disconnect = (discordId: string) => io.in(`player:${discordId}`).disconnectSockets(true);
  accounts.useLiveSessions({
    disconnect,
    // a player whose id is about to move or be archived is signed out of its sockets first, then
    // flushed and forgotten
    async evict(discordId) {
      disconnect(discordId);
      await (scale ? scale.signOut(discordId) : service.signOut(discordId));
    },
    async setUsername(discordId, username) {
      await dispatch("rename", { discordId }, { username });
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
      // the sockets are gone: what the services still emit while they stop goes nowhere, not to a closing Redis
      transport.unbind();
      await httpClosed;
      clearTimeout(force);
      await rooms.close();
      subscriptions.stop();
      await service.close();
      await scale?.close();
      await redis?.close();
      await limits.close();
      await store.close();
    })();
    return closing;
  };

  return { httpServer, app, io, service, rooms, store, clock, log, accounts, signer, sessions, close };
}
